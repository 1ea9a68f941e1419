// The console: a single page whose routes are /tasks, /processes and /instances, each list with a detail page, and
// /service, the workers' calls to the media service.
// The server answers every one of these paths with this page, so a reload or a shared link lands on the same view.
import './style.css';
import { h, navigate, problemBox } from './dom.js';
import { chosenName, currentUser, forgetName } from './user.js';
import { instanceList, instancePage } from './views/instances.js';
import { processList, processPage } from './views/processes.js';
import { servicePage } from './views/service.js';
import { taskList, taskPage } from './views/tasks.js';

const routes = [
  [/^\/tasks\/?$/, () => taskList()],
  [/^\/tasks\/(\d+)$/, (key) => taskPage(key)],
  [/^\/processes\/?$/, () => processList()],
  [/^\/processes\/([^/]+)$/, (id) => processPage(decodeURIComponent(id))],
  [/^\/instances\/?$/, () => instanceList()],
  [/^\/instances\/(\d+)$/, (key) => instancePage(key)],
  [/^\/service\/?$/, () => servicePage()]
];

const view = document.getElementById('view');
let leaving = () => {};
let renderings = 0;

/** Shows the page for the current location. */
async function render() {
  const turn = ++renderings;
  leaving();
  leaving = () => {};
  const path = location.pathname === '/' ? '/tasks' : location.pathname;
  const section = path.split('/')[1];
  for (const a of document.querySelectorAll('nav a')) {
    a.classList.toggle('current', a.dataset.section === section);
  }
  showUser();
  const route = routes.find(([pattern]) => pattern.test(path));
  view.replaceChildren();
  view.removeAttribute('data-loaded');
  try {
    if (!route) {
      view.append(problemBox(new Error(`There is no page at ${path}`)));
      return;
    }
    // A page returns its element and, optionally, what to stop when it is left (timers, players).
    const { element, stop } = await route[1](...route[0].exec(path).slice(1));
    if (turn !== renderings) {
      // Someone went elsewhere while this page loaded.
      stop?.();
      return;
    }
    view.replaceChildren(element);
    leaving = stop ?? leaving;
  } catch (error) {
    if (turn === renderings) {
      view.replaceChildren(problemBox(error));
    }
  } finally {
    if (turn === renderings) {
      view.setAttribute('data-loaded', path);
    }
  }
}

/** Who is signed in, in the top bar; a name this browser chose can be changed (the task pages ask again). */
async function showUser() {
  const user = await currentUser().catch(() => null);
  const slot = document.getElementById('user');
  if (!user) {
    slot.replaceChildren();
    return;
  }
  const change = chosenName() ? h('button', { type: 'button', id: 'change-user', class: 'link', onClick: () => {
    forgetName();
    navigate('/tasks');
  } }, 'change') : null;
  slot.replaceChildren(h('span', { id: 'user-name-shown' }, user), ' ', change);
}

document.addEventListener('click', (event) => {
  const a = event.target.closest('a[href^="/"]');
  if (!a || a.target || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0
      || !/^\/(tasks|processes|instances|service)?(\/|$)/.test(a.getAttribute('href'))) {
    return;
  }
  event.preventDefault();
  navigate(a.getAttribute('href'));
});
/** Says, above every page, when the sandbox cannot do media work here (its FFmpeg lacks a system library). */
async function showPrerequisites() {
  const answer = await fetch('/sandbox/media').catch(() => null);
  const media = answer?.ok ? await answer.json() : null;
  if (!media?.checked) {
    // Checked in the background at start; a sandbox that is off answers 404 and has nothing to say.
    if (answer?.ok) setTimeout(showPrerequisites, 2000);
    return;
  }
  const slot = document.getElementById('prerequisites');
  slot.textContent = media.available ? '' : media.problem;
  slot.hidden = media.available;
}

window.addEventListener('popstate', render);
window.addEventListener('console:navigate', render);
render();
showPrerequisites();
