// Tasks: the open user tasks (mine, unassigned, or all), filterable; one task with its linked form over its
// variables. As in Camunda Tasklist, a task is assigned to oneself before it can be completed, and can be unassigned.
import { CONSOLE_API, del, formSchema, get, post, searchAll, variablesObject } from '../api.js';
import { age, h, link, navigate, problemBox, reloadView, time, update } from '../dom.js';
import { jsonEditor, readyToSend, renderForm } from '../forms.js';
import { every } from '../refresh.js';
import { askName, currentUser } from '../user.js';

/** The task list's views, by the `view` parameter: each a filter of the search by the signed-in user. */
const VIEWS = {
  mine: { title: 'My tasks', filter: (user) => ({ assignee: user }) },
  unassigned: { title: 'Unassigned', filter: () => ({ assignee: { $exists: false } }) },
  all: { title: 'All open tasks', filter: () => ({}) }
};

export async function taskList() {
  const user = await currentUser();
  if (!user) {
    return { element: h('section', {}, h('h1', {}, 'Open tasks'), askName(reloadView)) };
  }
  const params = new URLSearchParams(location.search);
  const view = VIEWS[params.get('view')] ? params.get('view') : 'all';
  const filter = h('input', { type: 'search', id: 'task-filter', placeholder: 'Filter by name, process or group',
    value: params.get('q') ?? '' });
  const body = h('tbody');
  const table = h('table', { id: 'tasks', 'data-view': view },
    h('thead', {}, h('tr', {}, h('th', {}, 'Task'), h('th', {}, 'Process'), h('th', {}, 'Assignee'),
      h('th', {}, 'Candidate groups'), h('th', {}, 'Due'), h('th', {}, 'Age'), h('th', {}, 'Instance'))),
    body);
  const empty = h('p', { class: 'empty', hidden: true }, 'No open task.');
  let tasks = [];

  const show = () => {
    const words = filter.value.trim().toLowerCase();
    const shown = tasks.filter((task) => !words || [task.name, processName(task), ...(task.candidateGroups ?? [])]
      .some((text) => text?.toLowerCase().includes(words)));
    update(body, shown, () => shown.map((task) => h('tr', { 'data-key': task.userTaskKey },
      h('td', {}, link(`/tasks/${task.userTaskKey}`, task.name || task.elementId)),
      h('td', {}, processName(task)),
      h('td', { class: 'assignee' }, task.assignee === user ? `${user} (you)` : task.assignee ?? '—'),
      h('td', {}, (task.candidateGroups ?? []).join(', ')),
      h('td', { title: task.dueDate ?? '' }, time(task.dueDate)),
      h('td', { title: task.creationDate }, age(task.creationDate)),
      h('td', {}, link(`/instances/${task.processInstanceKey}`, task.processInstanceKey)))));
    empty.hidden = shown.length > 0;
  };
  const query = (name) => {
    const next = new URLSearchParams(location.search);
    name === 'all' ? next.delete('view') : next.set('view', name);
    filter.value ? next.set('q', filter.value) : next.delete('q');
    return `/tasks${next.size ? `?${next}` : ''}`;
  };
  filter.addEventListener('input', () => {
    history.replaceState(null, '', query(view));
    show();
  });
  const load = async () => {
    tasks = await searchAll('/user-tasks/search', { state: 'CREATED', ...VIEWS[view].filter(user) },
      [{ field: 'creationDate', order: 'ASC' }], CONSOLE_API);
    show();
  };
  await load();
  const views = h('nav', { class: 'views' }, ...Object.entries(VIEWS).map(([name, { title }]) =>
    link(query(name), title, { id: `view-${name}`, class: name === view ? 'current' : null })));
  return {
    element: h('section', {}, h('h1', {}, VIEWS[view].title), views, filter, table, empty),
    stop: every(load)
  };
}

export async function taskPage(key) {
  const [task, user] = await Promise.all([get(`/user-tasks/${key}`), currentUser()]);
  const header = [
    h('h1', {}, task.name || task.elementId),
    h('p', { class: 'meta' }, `${processName(task)} · `, link(`/instances/${task.processInstanceKey}`,
      `instance ${task.processInstanceKey}`), (task.candidateGroups ?? []).length
      ? ` · for ${task.candidateGroups.join(', ')}` : '', ` · opened ${age(task.creationDate)} ago`,
      task.dueDate ? ` · due ${time(task.dueDate)}` : '',
      task.followUpDate ? ` · follow up ${time(task.followUpDate)}` : '')
  ];
  if (task.state !== 'CREATED') {
    return { element: h('section', {}, ...header, h('p', { class: 'notice' }, `This task is ${task.state.toLowerCase()}.`)) };
  }
  if (!user) {
    return { element: h('section', { class: 'task' }, ...header, askName(reloadView)) };
  }
  const mine = task.assignee === user;
  const [schema, variables] = await Promise.all([
    formSchema(`/user-tasks/${key}/form`),
    searchAll(`/user-tasks/${key}/variables/search?truncateValues=false`)
  ]);
  const data = variablesObject(variables);
  const feedback = h('div', { class: 'feedback' });
  const container = h('div', { class: 'form' });
  let values;
  let form;
  if (schema) {
    form = await renderForm(container, schema, data, { readOnly: !mine });
    values = () => form.submit();
  } else {
    const editor = jsonEditor({});
    container.append(h('p', {}, 'This task has no form: complete it with variables as JSON.'), editor.element);
    values = () => editor.value();
  }
  const complete = h('button', { id: 'complete', type: 'button', class: 'primary', disabled: !mine }, 'Complete task');
  complete.addEventListener('click', async () => {
    feedback.replaceChildren();
    const variables = values();
    if (!readyToSend(variables, feedback)) {
      return;
    }
    complete.disabled = true;
    try {
      const sent = form ? await form.withDocuments(variables) : variables;
      await post(`/user-tasks/${key}/completion`, { variables: sent });
      navigate(`/instances/${task.processInstanceKey}?completed=${encodeURIComponent(task.name || task.elementId)}`);
    } catch (error) {
      feedback.append(problemBox(error));
      complete.disabled = false;
    }
  });
  return {
    element: h('section', { class: 'task' }, ...header, assignment(task, user, feedback), container, feedback,
      h('div', { class: 'actions' }, complete,
        mine ? null : h('span', { class: 'hint', id: 'assign-first' }, 'Assign the task to yourself to complete it.'))),
    stop: () => form?.destroy()
  };
}

/**
 * Who the task is assigned to, and the button that changes it: "Assign to me" when nobody holds it (a claim, which
 * the API refuses when someone took it meanwhile), "Unassign" when someone does.
 */
function assignment(task, user, feedback) {
  const key = task.userTaskKey;
  const change = async (button, request) => {
    button.disabled = true;
    feedback.replaceChildren();
    try {
      await request();
      reloadView();
    } catch (error) {
      feedback.append(problemBox(error));
      button.disabled = false;
    }
  };
  const button = task.assignee
    ? h('button', { type: 'button', id: 'unassign' }, 'Unassign')
    : h('button', { type: 'button', id: 'assign', class: 'primary' }, 'Assign to me');
  button.addEventListener('click', () => change(button, task.assignee
    ? () => del(`/user-tasks/${key}/assignee`)
    : () => post(`/user-tasks/${key}/assignment`, { assignee: user, allowOverride: false })));
  const holder = !task.assignee ? 'Unassigned'
    : task.assignee === user ? 'Assigned to you' : `Assigned to ${task.assignee}`;
  return h('div', { class: 'assignment' }, h('strong', { id: 'assignee' }, holder), button);
}

const processName = (task) => task.processName || task.processDefinitionId;
