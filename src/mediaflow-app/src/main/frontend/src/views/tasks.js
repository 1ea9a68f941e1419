// Tasks: the open user tasks, filterable; one task with its linked form over its variables.
import { formSchema, get, post, searchAll, variablesObject } from '../api.js';
import { age, h, link, navigate, problemBox, update } from '../dom.js';
import { jsonEditor, readyToSend, renderForm } from '../forms.js';
import { every } from '../refresh.js';

export async function taskList() {
  const params = new URLSearchParams(location.search);
  const filter = h('input', { type: 'search', id: 'task-filter', placeholder: 'Filter by name, process or group',
    value: params.get('q') ?? '' });
  const body = h('tbody');
  const table = h('table', { id: 'tasks' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Task'), h('th', {}, 'Process'), h('th', {}, 'Candidate groups'),
      h('th', {}, 'Age'), h('th', {}, 'Instance'))),
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
      h('td', {}, (task.candidateGroups ?? []).join(', ')),
      h('td', { title: task.creationDate }, age(task.creationDate)),
      h('td', {}, link(`/instances/${task.processInstanceKey}`, task.processInstanceKey)))));
    empty.hidden = shown.length > 0;
  };
  filter.addEventListener('input', () => {
    history.replaceState(null, '', filter.value ? `/tasks?q=${encodeURIComponent(filter.value)}` : '/tasks');
    show();
  });
  const load = async () => {
    tasks = await searchAll('/user-tasks/search', { state: 'CREATED' }, [{ field: 'creationDate', order: 'ASC' }]);
    show();
  };
  await load();
  return {
    element: h('section', {}, h('h1', {}, 'Open tasks'), filter, table, empty),
    stop: every(load)
  };
}

export async function taskPage(key) {
  const task = await get(`/user-tasks/${key}`);
  const header = [
    h('h1', {}, task.name || task.elementId),
    h('p', { class: 'meta' }, `${processName(task)} · `, link(`/instances/${task.processInstanceKey}`,
      `instance ${task.processInstanceKey}`), (task.candidateGroups ?? []).length
      ? ` · for ${task.candidateGroups.join(', ')}` : '', ` · opened ${age(task.creationDate)} ago`)
  ];
  if (task.state !== 'CREATED') {
    return { element: h('section', {}, ...header, h('p', { class: 'notice' }, `This task is ${task.state.toLowerCase()}.`)) };
  }
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
    form = await renderForm(container, schema, data);
    values = () => form.submit();
  } else {
    const editor = jsonEditor({});
    container.append(h('p', {}, 'This task has no form: complete it with variables as JSON.'), editor.element);
    values = () => editor.value();
  }
  const complete = h('button', { id: 'complete', type: 'button', class: 'primary' }, 'Complete task');
  complete.addEventListener('click', async () => {
    feedback.replaceChildren();
    const variables = values();
    if (!readyToSend(variables, feedback)) {
      return;
    }
    complete.disabled = true;
    try {
      await post(`/user-tasks/${key}/completion`, { variables });
      navigate(`/instances/${task.processInstanceKey}?completed=${encodeURIComponent(task.name || task.elementId)}`);
    } catch (error) {
      feedback.append(problemBox(error));
      complete.disabled = false;
    }
  });
  return {
    element: h('section', { class: 'task' }, ...header, container, feedback, h('div', { class: 'actions' }, complete)),
    stop: () => form?.destroy()
  };
}

const processName = (task) => task.processName || task.processDefinitionId;
