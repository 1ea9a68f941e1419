// Processes: the deployed processes (latest version of each); one process started through its start form or JSON.
import { formSchema, post, searchAll } from '../api.js';
import { h, link, navigate, problemBox } from '../dom.js';
import { jsonEditor, readyToSend, renderForm } from '../forms.js';

export async function processList() {
  const definitions = await latestDefinitions({});
  const rows = definitions.map((definition) => h('tr', { 'data-id': definition.processDefinitionId },
    h('td', {}, link(`/processes/${encodeURIComponent(definition.processDefinitionId)}`,
      definition.name || definition.processDefinitionId)),
    h('td', {}, h('code', {}, definition.processDefinitionId)),
    h('td', {}, String(definition.version)),
    h('td', {}, link(`/instances?process=${encodeURIComponent(definition.processDefinitionId)}`, 'instances'))));
  return {
    element: h('section', {}, h('h1', {}, 'Processes'),
      h('table', { id: 'processes' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Process'), h('th', {}, 'Id'), h('th', {}, 'Version'), h('th', {}, ''))),
        h('tbody', {}, ...rows)),
      definitions.length ? null : h('p', { class: 'empty' }, 'No process is deployed.'))
  };
}

export async function processPage(processDefinitionId) {
  const [definition] = await latestDefinitions({ processDefinitionId });
  if (!definition) {
    throw new Error(`No process with id ${processDefinitionId} is deployed`);
  }
  const schema = await formSchema(`/process-definitions/${definition.processDefinitionKey}/form`);
  const feedback = h('div', { class: 'feedback' });
  const formContainer = h('div', { class: 'form', id: 'start-form' });
  const editor = jsonEditor({});
  const jsonPanel = h('div', { class: 'json-panel', hidden: Boolean(schema) }, editor.element);
  const form = schema ? await renderForm(formContainer, schema, {}) : null;

  const useJson = h('input', { type: 'checkbox', id: 'use-json', checked: !schema, disabled: !schema });
  useJson.addEventListener('change', () => {
    formContainer.hidden = useJson.checked;
    jsonPanel.hidden = !useJson.checked;
  });
  const start = h('button', { id: 'start', type: 'button', class: 'primary' }, 'Start instance');
  start.addEventListener('click', async () => {
    feedback.replaceChildren();
    const variables = useJson.checked ? editor.value() : form.submit();
    if (!readyToSend(variables, feedback)) {
      return;
    }
    start.disabled = true;
    try {
      const sent = useJson.checked ? variables : await form.withDocuments(variables);
      const created = await post('/process-instances', { processDefinitionId, variables: sent });
      navigate(`/instances/${created.processInstanceKey}`);
    } catch (error) {
      feedback.append(problemBox(error));
      start.disabled = false;
    }
  });
  return {
    element: h('section', { class: 'start' },
      h('h1', {}, `Start ${definition.name || processDefinitionId}`),
      h('p', { class: 'meta' }, h('code', {}, processDefinitionId), ` version ${definition.version}`),
      schema ? null : h('p', {}, 'This process has no start form: give its variables as JSON.'),
      formContainer, h('label', { class: 'switch' }, useJson, ' Start with variables as JSON instead'), jsonPanel,
      feedback, h('div', { class: 'actions' }, start)),
    stop: () => form?.destroy()
  };
}

/** The latest version of each deployed process, by name. */
async function latestDefinitions(filter) {
  const latest = new Map();
  for (const definition of await searchAll('/process-definitions/search', filter)) {
    const known = latest.get(definition.processDefinitionId);
    if (!known || known.version < definition.version) {
      latest.set(definition.processDefinitionId, definition);
    }
  }
  return [...latest.values()].sort((a, b) => (a.name || a.processDefinitionId).localeCompare(b.name || b.processDefinitionId));
}
