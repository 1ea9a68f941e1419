// Instances: every process instance with its state; one instance with its diagram (active, completed and failed
// elements marked), its open tasks, incidents (with Retry), variables (secrets masked, set by an operator) and media
// players.
import { CONSOLE_API, get, patch, post, put, searchAll, variablesObject } from '../api.js';
import { age, h, link, problemBox, time, update } from '../dom.js';
import { every } from '../refresh.js';
import { maskVariable } from '../secrets.js';
import { renderDiagram } from '../diagram.js';
import { mediaPlayers } from '../media.js';
import { waitingProgress } from '../progress.js';

const STATES = ['active', 'incident', 'completed', 'cancelled'];

/** The state a person reads: an active instance with an incident is stuck, a terminated one was cancelled. */
export function stateOf(instance) {
  if (instance.state === 'ACTIVE') {
    return instance.hasIncident ? 'incident' : 'active';
  }
  return instance.state === 'COMPLETED' ? 'completed' : 'cancelled';
}

const badge = (state) => h('span', { class: `state state-${state}`, 'data-state': state }, state);

export async function instanceList() {
  const params = new URLSearchParams(location.search);
  const stateFilter = h('select', { id: 'state-filter', 'aria-label': 'State' },
    h('option', { value: '' }, 'every state'),
    ...STATES.map((state) => h('option', { value: state, selected: params.get('state') === state }, state)));
  const processFilter = params.get('process');
  const body = h('tbody');
  let instances = [];

  const show = () => {
    const shown = instances.filter((instance) => !stateFilter.value || stateOf(instance) === stateFilter.value);
    update(body, shown, () => shown.map((instance) => h('tr', { 'data-key': instance.processInstanceKey },
      h('td', {}, link(`/instances/${instance.processInstanceKey}`, instance.processInstanceKey)),
      h('td', {}, instance.processDefinitionName || instance.processDefinitionId),
      h('td', {}, badge(stateOf(instance))),
      h('td', { title: instance.startDate }, `${age(instance.startDate)} ago`),
      h('td', {}, time(instance.endDate)))));
  };
  stateFilter.addEventListener('change', () => {
    const query = new URLSearchParams(location.search);
    stateFilter.value ? query.set('state', stateFilter.value) : query.delete('state');
    history.replaceState(null, '', `/instances${query.size ? `?${query}` : ''}`);
    show();
  });
  const load = async () => {
    instances = await searchAll('/process-instances/search',
      processFilter ? { processDefinitionId: processFilter } : {}, [{ field: 'startDate', order: 'DESC' }]);
    show();
  };
  await load();
  return {
    element: h('section', {},
      h('h1', {}, processFilter ? `Instances of ${processFilter}` : 'Instances'),
      h('div', { class: 'filters' }, 'Show ', stateFilter),
      h('table', { id: 'instances' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Instance'), h('th', {}, 'Process'), h('th', {}, 'State'),
          h('th', {}, 'Started'), h('th', {}, 'Ended'))),
        body)),
    stop: every(load)
  };
}

export async function instancePage(key) {
  const instance = await get(`/process-instances/${key}`);
  const xml = await get(`/process-definitions/${instance.processDefinitionKey}/xml`);
  const completedTask = new URLSearchParams(location.search).get('completed');

  const header = h('div', { class: 'instance-header' });
  const diagramContainer = h('div', { class: 'diagram', id: 'diagram' });
  const tasks = h('div', { id: 'instance-tasks' });
  const calledInstances = h('div', { id: 'called-instances' });
  const incidents = h('div', { id: 'incidents' });
  const media = h('div', { id: 'media' });
  const variables = h('div', { id: 'variables' });
  const diagram = await renderDiagram(diagramContainer, xml);
  const players = mediaPlayers(media);
  const setter = variableSetter(key, () => reload());

  let current = instance;
  const load = async () => {
    const [latest, elements, called, activeIncidents, values] = await Promise.all([
      get(`/process-instances/${key}`),
      searchAll('/element-instances/search', { processInstanceKey: key }),
      searchAll('/process-instances/search', { parentProcessInstanceKey: key }),
      searchAll('/incidents/search', { processInstanceKey: key, state: 'ACTIVE' }),
      searchAll('/variables/search?truncateValues=false', { processInstanceKey: key })
    ]);
    // The work of a process that calls others is in the instances it called: their open tasks are listed here too.
    const openTasks = await searchAll('/user-tasks/search', {
      processInstanceKey: { $in: [key, ...called.map((instance) => instance.processInstanceKey)] }, state: 'CREATED'
    }, undefined, CONSOLE_API);
    current = latest;
    update(header, { instance: latest, show: liveShow(key, values, called) },
      ({ instance, show }) => instanceHeader(instance, show, reload));
    diagram.mark(elements);
    diagram.progress(waitingProgress(elements, values));
    update(tasks, openTasks, (list) => taskLinks(list, key, called));
    update(calledInstances, called, calledLinks);
    update(incidents, activeIncidents, (list) => incidentList(list, reload));
    update(variables, values, (list) => variableTable(list, key, setter.edit));
    setter.element.hidden = latest.state !== 'ACTIVE';
    players.show(variablesObject(values.filter((variable) => variable.scopeKey === key)));
  };
  const reload = () => load().catch((error) => header.append(problemBox(error)));
  await load();
  const stopRefreshing = every(async () => {
    // An ended instance changes no more; its page stays as it is.
    if (current.state === 'ACTIVE') {
      await load();
    }
  });
  return {
    element: h('section', { class: 'instance' },
      completedTask ? h('p', { class: 'notice', id: 'flash' }, `Completed “${completedTask}”.`) : null,
      header, diagramContainer,
      h('h2', {}, 'Open tasks'), tasks,
      h('h2', {}, 'Called instances'), calledInstances,
      h('h2', {}, 'Incidents'), incidents,
      media,
      h('h2', {}, 'Variables'), variables, setter.element),
    stop: () => {
      stopRefreshing();
      players.destroy();
      diagram.destroy();
    }
  };
}

/**
 * What a cancel would leave of a live show: the stream this instance created (go-live's streamId), or that it runs
 * a show in a called instance (live-to-vod). Null for any other instance.
 */
function liveShow(key, values, called) {
  const own = values.find((variable) => variable.scopeKey === key && variable.name === 'streamId');
  const streamId = own ? JSON.parse(own.value) : null;
  if (typeof streamId === 'string' && streamId !== '') {
    return { streamId };
  }
  const callsAShow = called.some((instance) => instance.processDefinitionId === 'go-live' && instance.state === 'ACTIVE');
  return callsAShow ? { streamId: null } : null;
}

/** How long a published "End the show now" waits for the show to reach a wait that takes it: ten minutes. */
const END_THE_SHOW_TIME_TO_LIVE = 600000;

function instanceHeader(instance, show, reload) {
  const state = stateOf(instance);
  const running = state === 'active' || state === 'incident';
  const act = (question, call) => async (event) => {
    if (!confirm(question)) {
      return;
    }
    event.target.disabled = true;
    try {
      await call();
    } catch (error) {
      event.target.after(problemBox(error));
    }
    reload();
  };
  const cancelQuestion = show
    ? `Cancel instance ${instance.processInstanceKey}? Its live stream will be stopped within about 30 seconds, ` +
      'without the normal end: no DVR recordings listed, no outcome. Playback IDs, simulcast targets and signing ' +
      'keys stay as they are.' + (show.streamId ? ' To end the show as the producer would, use “End the show now”.' : '')
    : `Cancel instance ${instance.processInstanceKey}?`;
  const cancel = running
    ? h('button', { type: 'button', id: 'cancel', onClick: act(cancelQuestion,
      () => post(`/process-instances/${instance.processInstanceKey}/cancellation`)) }, 'Cancel instance')
    : null;
  // The message of go-live's event sub-process End the show now (bpmn/go-live.bpmn): wherever the show waits, the
  // stream is stopped and its recordings listed.
  const endTheShow = running && show?.streamId && instance.processDefinitionId === 'go-live'
    ? h('button', { type: 'button', id: 'end-the-show', onClick: act(
      'End the show now? The stream is stopped and its DVR recordings are listed, as when the producer ends the broadcast.',
      () => post('/messages/publication', {
        name: 'end-the-show', correlationKey: show.streamId, timeToLive: END_THE_SHOW_TIME_TO_LIVE
      })) }, 'End the show now')
    : null;
  return [
    h('h1', {}, `${instance.processDefinitionName || instance.processDefinitionId} `,
      h('span', { id: 'instance-state' }, badge(state))),
    h('p', { class: 'meta' }, `Instance ${instance.processInstanceKey} · version ${instance.processDefinitionVersion}`,
      ` · started ${time(instance.startDate)}`, instance.endDate ? ` · ended ${time(instance.endDate)}` : '',
      instance.parentProcessInstanceKey
        ? [' · called by ', link(`/instances/${instance.parentProcessInstanceKey}`, instance.parentProcessInstanceKey)]
        : ''),
    endTheShow,
    cancel
  ];
}

function taskLinks(openTasks, key, called) {
  if (openTasks.length === 0) {
    return [h('p', { class: 'empty' }, 'No open task.')];
  }
  const byKey = new Map(called.map((instance) => [instance.processInstanceKey, instance]));
  return [h('ul', { class: 'tasks' }, ...openTasks.map((task) => h('li', {},
    link(`/tasks/${task.userTaskKey}`, task.name || task.elementId), ` · opened ${age(task.creationDate)} ago`,
    task.processInstanceKey === key ? '' : [' · in ', link(`/instances/${task.processInstanceKey}`,
      instanceName(byKey.get(task.processInstanceKey)))])))];
}

function calledLinks(called) {
  if (called.length === 0) {
    return [h('p', { class: 'empty' }, 'No called instance.')];
  }
  return [h('ul', { class: 'called' }, ...called.map((instance) => h('li', { 'data-key': instance.processInstanceKey },
    link(`/instances/${instance.processInstanceKey}`, instanceName(instance)), ' ', badge(stateOf(instance)))))];
}

const instanceName = (instance) => `${instance.processDefinitionName || instance.processDefinitionId} `
  + instance.processInstanceKey;

function incidentList(activeIncidents, reload) {
  if (activeIncidents.length === 0) {
    return [h('p', { class: 'empty' }, 'No incident.')];
  }
  return activeIncidents.map((incident) => {
    const retry = h('button', { type: 'button', class: 'retry' }, 'Retry');
    const box = h('div', { class: 'incident', 'data-key': incident.incidentKey },
      h('p', {}, h('strong', {}, incident.elementId), ` · ${incident.errorType} · ${time(incident.creationTime)}`),
      h('pre', { class: 'message' }, incident.errorMessage), retry);
    retry.addEventListener('click', async () => {
      retry.disabled = true;
      try {
        await retryIncident(incident);
        retry.replaceWith(h('p', { class: 'notice' }, 'Retried: the engine tries again.'));
      } catch (error) {
        box.append(problemBox(error));
        retry.disabled = false;
      }
      reload();
    });
    return box;
  });
}

/**
 * Gives a failed job its retry back, then resolves the incident, as Operate does; an incident without a job (an
 * expression that failed) is only resolved, which evaluates it again.
 */
async function retryIncident(incident) {
  if (incident.jobKey) {
    await patch(`/jobs/${incident.jobKey}`, { changeset: { retries: 1 } });
  }
  await post(`/incidents/${incident.incidentKey}/resolution`);
}

function variableTable(values, processInstanceKey, edit) {
  if (values.length === 0) {
    return h('p', { class: 'empty' }, 'No variable.');
  }
  const sorted = [...values].sort((a, b) => a.name.localeCompare(b.name));
  return h('table', { class: 'variables' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Scope'), h('th', {}, 'Value'), h('th', {}))),
    h('tbody', {}, ...sorted.map((variable) => {
      const scope = variable.scopeKey === processInstanceKey ? 'instance' : variable.scopeKey;
      return h('tr', { 'data-name': variable.name, 'data-scope': scope },
        h('td', {}, variable.name),
        h('td', {}, scope),
        h('td', {}, h('pre', {}, displayValue(variable))),
        h('td', {}, h('button', { type: 'button', class: 'edit-variable link', onClick: () => edit(variable) },
          'Edit')));
    })));
}

/** The value as indented JSON with its secrets masked; a value cut short cannot be masked, so it is not shown. */
function displayValue(variable) {
  try {
    return JSON.stringify(maskVariable(variable.name, JSON.parse(variable.value)), null, 2);
  } catch {
    return '(too large to show here)';
  }
}

/**
 * An operator's form to set a variable of a running instance, in the instance's scope or in the scope of the
 * variable being edited (`PUT /v2/element-instances/{key}/variables`, local there). `edit(variable)` fills it with
 * a variable's name and value; a masked value is not filled in, so a secret is typed again rather than shown.
 */
function variableSetter(processInstanceKey, reload) {
  const name = h('input', { id: 'variable-name', type: 'text', required: true, spellcheck: 'false' });
  const value = h('textarea', { id: 'variable-value', rows: 4, spellcheck: 'false',
    placeholder: '"text", 42, true, {...}' });
  const feedback = h('div', { class: 'feedback' });
  const save = h('button', { type: 'submit', id: 'set-variable', class: 'primary' }, 'Set variable');
  let scopeKey = processInstanceKey;
  const form = h('form', { class: 'set-variable', id: 'variable-form' },
    h('label', { for: 'variable-name' }, 'Name'), name,
    h('label', { for: 'variable-value' }, 'Value (JSON)'), value,
    h('span'), h('div', {}, save, feedback));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    feedback.replaceChildren();
    let parsed;
    try {
      parsed = JSON.parse(value.value);
    } catch (e) {
      feedback.append(problemBox(new Error(`The value is not JSON (text goes in quotes): ${e.message}`)));
      return;
    }
    save.disabled = true;
    try {
      await put(`/element-instances/${scopeKey}/variables`,
        { variables: { [name.value.trim()]: parsed }, local: true });
      feedback.append(h('p', { class: 'notice', id: 'variable-set' }, `Set ${name.value.trim()}.`));
      reload();
    } catch (error) {
      feedback.append(problemBox(error));
    }
    save.disabled = false;
  });
  // Typing a new name sets it on the instance; an edited variable keeps its own scope.
  name.addEventListener('input', () => {
    scopeKey = processInstanceKey;
  });
  return {
    element: h('div', { id: 'set-variables' }, h('h3', {}, 'Set a variable'), form),
    edit(variable) {
      name.value = variable.name;
      scopeKey = variable.scopeKey;
      value.value = unmaskedValue(variable);
      value.focus();
    }
  };
}

/** The value as indented JSON when nothing in it is a secret; empty otherwise (or when it cannot be read). */
function unmaskedValue(variable) {
  try {
    const value = JSON.parse(variable.value);
    return JSON.stringify(maskVariable(variable.name, value)) === JSON.stringify(value)
      ? JSON.stringify(value, null, 2) : '';
  } catch {
    return '';
  }
}
