// Who works the tasks: the configured username when the console asks for credentials; on this machine without
// credentials, a name the console asks for once and keeps in this browser. A task is assigned to that name.
import { get } from './api.js';
import { h } from './dom.js';

const KEY = 'mediaflow.user';
/** Without credentials the API answers every caller as this user (`/v2/authentication/me`). */
const ANONYMOUS = 'anonymous';
let signedIn;

/** The signed-in user's name, or null while nobody has said who they are. */
export async function currentUser() {
  if (signedIn === undefined) {
    try {
      const me = await get('/authentication/me');
      signedIn = me.username && me.username !== ANONYMOUS && !me.apiUser ? me.username : null;
    } catch {
      signedIn = null; // an API without /authentication/me: ask, as without credentials
    }
  }
  return signedIn ?? localStorage.getItem(KEY);
}

/** Whether the name is this browser's own choice (it may be changed), not the configured username. */
export const chosenName = () => signedIn === null;

export function forgetName() {
  localStorage.removeItem(KEY);
}

/** A form asking for a name, once: `named` is called with it after it is kept. */
export function askName(named) {
  const input = h('input', { id: 'user-name', type: 'text', autocomplete: 'name', required: true,
    placeholder: 'Your name' });
  const form = h('form', { id: 'who', class: 'notice' },
    h('label', { for: 'user-name' }, 'Tasks are assigned to people by name. Who are you? '), input, ' ',
    h('button', { type: 'submit', class: 'primary' }, 'Continue'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name) {
      localStorage.setItem(KEY, name);
      named(name);
    }
  });
  return form;
}
