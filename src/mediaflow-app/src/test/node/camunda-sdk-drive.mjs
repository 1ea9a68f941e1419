#!/usr/bin/env node
// Drives a running embedded default with @camunda8/sdk's Camunda 8.8 REST client (the Orchestration Cluster API
// client), as a user's Node application would: deploy, start, messages, a signal, variables, a modification, a user
// task's assignment, update and completion, a service task's job, and the outcome read back through searches; then a
// DMN decision evaluated alone and by a business-rule task, a job worker, a cancellation, a migration, the clock, a
// document uploaded and downloaded, a resource deleted and the licence.
// Configured from the environment as the SDK documents it: ZEEBE_REST_ADDRESS (the app's base URL) and
// CAMUNDA_AUTH_STRATEGY=NONE (the app takes no credentials on loopback).
// Prints "ok <step>" per step; exits 1 with "FAILED <step>: <reason>" on the first step that fails.
// Run by io.mediaflow.app.rest.CamundaSdkNodeTest, which starts the app.
import { Camunda8 } from '@camunda8/sdk';
import { randomUUID } from 'node:crypto';

const camunda = new Camunda8().getOrchestrationClusterApiClientLoose();

// Names of this run's own, so that nothing it waits for can be satisfied by another run's instances.
const run = randomUUID().slice(0, 8);
const processId = `node-sdk-${run}`;
const published = `node-sdk-published-${run}`;
const correlated = `node-sdk-correlated-${run}`;
const signal = `node-sdk-signal-${run}`;
const jobType = `node-sdk-job-${run}`;
const orderId = `order-${run}`;
const decisionId = `node-sdk-ladder-${run}`;
const rulesProcessId = `node-sdk-rules-${run}`;
const workerType = `node-sdk-worker-${run}`;

// A rendition ladder by source height, decided by a table, and a process that decides it then hands it to a worker.
const dmn = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="Ladder-${run}" name="Ladder"
    namespace="http://mediaflow.io/test">
  <decision id="${decisionId}" name="Rendition ladder">
    <decisionTable id="Table" hitPolicy="FIRST">
      <input id="Height" label="Source height"><inputExpression id="HeightExpression" typeRef="number">
        <text>height</text></inputExpression></input>
      <output id="Top" name="top" typeRef="string"/>
      <rule id="Hd"><inputEntry id="HdIn"><text>&gt;= 1080</text></inputEntry>
        <outputEntry id="HdOut"><text>"1080p"</text></outputEntry></rule>
      <rule id="Sd"><inputEntry id="SdIn"><text>-</text></inputEntry>
        <outputEntry id="SdOut"><text>"480p"</text></outputEntry></rule>
    </decisionTable>
  </decision>
</definitions>
`;

const rulesBpmn = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0"
    id="RulesDefinitions" targetNamespace="http://mediaflow.io/test">
  <bpmn:process id="${rulesProcessId}" isExecutable="true">
    <bpmn:startEvent id="Start"/>
    <bpmn:sequenceFlow id="r1" sourceRef="Start" targetRef="Decide"/>
    <bpmn:businessRuleTask id="Decide">
      <bpmn:extensionElements><zeebe:calledDecision decisionId="${decisionId}" resultVariable="ladder"/></bpmn:extensionElements>
    </bpmn:businessRuleTask>
    <bpmn:sequenceFlow id="r2" sourceRef="Decide" targetRef="Encode"/>
    <bpmn:serviceTask id="Encode">
      <bpmn:extensionElements><zeebe:taskDefinition type="${workerType}"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="r3" sourceRef="Encode" targetRef="End"/>
    <bpmn:endEvent id="End"/>
  </bpmn:process>
</bpmn:definitions>
`;

const bpmn = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0"
    id="Definitions" targetNamespace="http://mediaflow.io/test">
  <bpmn:message id="Published" name="${published}">
    <bpmn:extensionElements><zeebe:subscription correlationKey="=orderId"/></bpmn:extensionElements>
  </bpmn:message>
  <bpmn:message id="Correlated" name="${correlated}">
    <bpmn:extensionElements><zeebe:subscription correlationKey="=orderId"/></bpmn:extensionElements>
  </bpmn:message>
  <bpmn:signal id="Signal" name="${signal}"/>
  <bpmn:process id="${processId}" isExecutable="true">
    <bpmn:startEvent id="Start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="WaitPublished"/>
    <bpmn:intermediateCatchEvent id="WaitPublished"><bpmn:messageEventDefinition messageRef="Published"/></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f2" sourceRef="WaitPublished" targetRef="WaitCorrelated"/>
    <bpmn:intermediateCatchEvent id="WaitCorrelated"><bpmn:messageEventDefinition messageRef="Correlated"/></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="WaitCorrelated" targetRef="WaitSignal"/>
    <bpmn:intermediateCatchEvent id="WaitSignal"><bpmn:signalEventDefinition signalRef="Signal"/></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f4" sourceRef="WaitSignal" targetRef="Review"/>
    <bpmn:userTask id="Review" name="Review">
      <bpmn:extensionElements><zeebe:userTask/></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="f5" sourceRef="Review" targetRef="Encode"/>
    <bpmn:serviceTask id="Encode">
      <bpmn:extensionElements><zeebe:taskDefinition type="${jobType}"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="f6" sourceRef="Encode" targetRef="End"/>
    <bpmn:endEvent id="End"/>
  </bpmn:process>
</bpmn:definitions>
`;

let current = 'start';

/** Runs one step; its name is what a failure names. */
async function step(name, action) {
  current = name;
  const result = await action();
  console.log(`ok ${name}`);
  return result;
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** The items of a search once `accept` holds for them, as the SDK waits out eventual consistency (30 s at most). */
function until(search, query, accept) {
  return search.call(camunda, query, {
    consistency: { waitUpToMs: 30_000, pollIntervalMs: 100, predicate: (result) => accept(result.items) }
  }).then((result) => result.items);
}

const activeElement = (processInstanceKey, elementId) => until(camunda.searchElementInstances,
  { filter: { processInstanceKey, elementId, state: 'ACTIVE' } }, (items) => items.length === 1)
  .then(([element]) => element);

const variables = (processInstanceKey, names) => until(camunda.searchVariables, { filter: { processInstanceKey } },
  (items) => names.every((name) => items.some((variable) => variable.name === name)))
  .then((items) => Object.fromEntries(items.map((variable) => [variable.name, JSON.parse(variable.value)])));

try {
  await step('topology', async () => {
    const topology = await camunda.getTopology();
    check(topology.brokers?.length > 0, `no brokers in ${JSON.stringify(topology)}`);
  });

  await step('deploy a process with message, signal, user and service tasks', async () => {
    const deployment = await camunda.createDeployment({
      resources: [new File([bpmn], `${processId}.bpmn`, { type: 'application/xml' })]
    });
    check(deployment.processes.some((process) => process.processDefinitionId === processId),
      `the deployment lists no ${processId}: ${JSON.stringify(deployment)}`);
  });

  await step('publish a message before its instance exists', async () => {
    const message = await camunda.publishMessage({
      name: published, correlationKey: orderId, messageId: `published-${run}`, timeToLive: 300_000,
      variables: { publishedWith: 'sdk' }
    });
    check(message.messageKey, `no messageKey in ${JSON.stringify(message)}`);
  });

  await step('a repeat of the messageId is refused with 409', async () => {
    const refused = await camunda.publishMessage({
      name: published, correlationKey: orderId, messageId: `published-${run}`, timeToLive: 300_000
    }).then(() => undefined, (error) => error);
    check(refused?.status === 409, `expected a 409 refusal, got ${refused ? `${refused.status}: ${refused.message}`
      : 'success'}`);
  });

  const instance = await step('create an instance', async () => {
    const created = await camunda.createProcessInstance({ processDefinitionId: processId, variables: { orderId } });
    check(created.processInstanceKey, `no processInstanceKey in ${JSON.stringify(created)}`);
    return created.processInstanceKey;
  });

  await step('the buffered message moved the instance on to the correlation', () =>
    activeElement(instance, 'WaitCorrelated'));

  await step('correlate a message to the waiting instance', async () => {
    const correlation = await camunda.correlateMessage({
      name: correlated, correlationKey: orderId, variables: { correlatedWith: 'sdk' }
    });
    check(String(correlation.processInstanceKey) === String(instance),
      `correlated to ${correlation.processInstanceKey}, not to ${instance}`);
  });

  await step('broadcast the signal it waits for next', async () => {
    await activeElement(instance, 'WaitSignal');
    const broadcast = await camunda.broadcastSignal({ signalName: signal, variables: { signalledWith: 'sdk' } });
    check(broadcast.signalKey, `no signalKey in ${JSON.stringify(broadcast)}`);
  });

  const task = await step('the user task is created', async () => {
    const [created] = await until(camunda.searchUserTasks, { filter: { processInstanceKey: instance } },
      (items) => items.length === 1);
    check(created.elementId === 'Review' && created.state === 'CREATED', `unexpected task ${JSON.stringify(created)}`);
    return created.userTaskKey;
  });

  await step('set a variable on the instance', () =>
    camunda.createElementInstanceVariables({ elementInstanceKey: instance, variables: { stage: 'reviewing' } }));

  await step('assign the user task, found by its assignee', async () => {
    await camunda.assignUserTask({ userTaskKey: task, assignee: 'ada', allowOverride: true });
    await until(camunda.searchUserTasks, { filter: { processInstanceKey: instance, assignee: 'ada' } },
      (items) => items.length === 1);
  });

  await step('unassign the user task', async () => {
    await camunda.unassignUserTask({ userTaskKey: task });
    await until(camunda.searchUserTasks, { filter: { processInstanceKey: instance } },
      (items) => items.length === 1 && !items[0].assignee);
  });

  await step('update the user task, found by its candidate group', async () => {
    await camunda.updateUserTask({ userTaskKey: task, changeset: { candidateGroups: ['editors'], priority: 80 } });
    const [updated] = await until(camunda.searchUserTasks,
      { filter: { processInstanceKey: instance, candidateGroup: 'editors' } }, (items) => items.length === 1);
    check(updated.priority === 80, `priority ${updated.priority}, not 80`);
  });

  await step('assign and complete the user task', async () => {
    await camunda.assignUserTask({ userTaskKey: task, assignee: 'ada' });
    await camunda.completeUserTask({ userTaskKey: task, variables: { approved: true } });
    await until(camunda.searchUserTasks, { filter: { userTaskKey: task, state: 'COMPLETED' } },
      (items) => items.length === 1);
  });

  await step('activate and complete the service task job', async () => {
    const { jobs } = await camunda.activateJobs({
      type: jobType, worker: 'node-sdk', maxJobsToActivate: 1, timeout: 60_000, requestTimeout: 10_000
    });
    check(jobs.length === 1 && String(jobs[0].processInstanceKey) === String(instance),
      `expected this instance's job, got ${JSON.stringify(jobs)}`);
    await camunda.completeJob({ jobKey: jobs[0].jobKey, variables: { encoded: true } });
  });

  await step('the instance completed with every variable sent', async () => {
    await until(camunda.searchProcessInstances, { filter: { processInstanceKey: instance, state: 'COMPLETED' } },
      (items) => items.length === 1);
    const found = await variables(instance, ['publishedWith', 'correlatedWith', 'signalledWith', 'stage', 'approved',
      'encoded']);
    const expected = { publishedWith: 'sdk', correlatedWith: 'sdk', signalledWith: 'sdk', stage: 'reviewing',
      approved: true, encoded: true };
    for (const [name, value] of Object.entries(expected)) {
      check(found[name] === value, `variable ${name} is ${JSON.stringify(found[name])}, not ${JSON.stringify(value)}`);
    }
  });

  await step('modify a second instance past its waits to the user task', async () => {
    const { processInstanceKey: second } = await camunda.createProcessInstance({
      processDefinitionId: processId, variables: { orderId: `${orderId}-second` }
    });
    const waiting = await activeElement(second, 'WaitPublished');
    await camunda.modifyProcessInstance({
      processInstanceKey: second,
      activateInstructions: [{ elementId: 'Review', variableInstructions: [{ variables: { moved: true } }] }],
      terminateInstructions: [{ elementInstanceKey: waiting.elementInstanceKey }]
    });
    await until(camunda.searchElementInstances,
      { filter: { processInstanceKey: second, elementId: 'WaitPublished', state: 'TERMINATED' } },
      (items) => items.length === 1);
    await until(camunda.searchUserTasks, { filter: { processInstanceKey: second, state: 'CREATED' } },
      (items) => items.length === 1);
    check((await variables(second, ['moved'])).moved === true, 'the modification did not set moved');
  });
  const rules = await step('deploy a decision table and a process with a business-rule task', async () => {
    const deployment = await camunda.createDeployment({
      resources: [new File([dmn], `${decisionId}.dmn`, { type: 'application/xml' }),
        new File([rulesBpmn], `${rulesProcessId}.bpmn`, { type: 'application/xml' })]
    });
    const decision = deployment.decisions.find((found) => found.decisionDefinitionId === decisionId);
    const process = deployment.processes.find((found) => found.processDefinitionId === rulesProcessId);
    check(decision && process, `the deployment lists no ${decisionId} or ${rulesProcessId}: ${JSON.stringify(deployment)}`);
    return process;
  });

  await step('evaluate the decision', async () => {
    const evaluated = await camunda.evaluateDecision({ decisionDefinitionId: decisionId, variables: { height: 2160 } });
    check(JSON.parse(evaluated.output) === '1080p', `decided ${evaluated.output}, not "1080p"`);
  });

  await step('the business-rule task decides, and a job worker completes the job after it', async () => {
    const worked = [];
    const worker = camunda.createJobWorker({
      jobType: workerType, workerName: 'node-sdk-worker', maxParallelJobs: 1, jobTimeoutMs: 60_000,
      pollTimeoutMs: 10_000,
      jobHandler: (job) => {
        worked.push(job.variables.ladder);
        return job.complete({ encodedAt: job.variables.ladder });
      }
    });
    try {
      const { processInstanceKey } = await camunda.createProcessInstance({
        processDefinitionId: rulesProcessId, variables: { height: 720 }
      });
      await until(camunda.searchProcessInstances, { filter: { processInstanceKey, state: 'COMPLETED' } },
        (items) => items.length === 1);
      const found = await variables(processInstanceKey, ['ladder', 'encodedAt']);
      check(found.ladder === '480p' && found.encodedAt === '480p',
        `ladder ${JSON.stringify(found.ladder)} and encodedAt ${JSON.stringify(found.encodedAt)}, not "480p"`);
      check(worked.length === 1, `the worker took ${worked.length} jobs, not 1`);
      await until(camunda.searchDecisionInstances, { filter: { processInstanceKey } }, (items) => items.length === 1);
    } finally {
      worker.stop();
    }
  });

  await step('cancel an instance', async () => {
    const { processInstanceKey } = await camunda.createProcessInstance({
      processDefinitionId: processId, variables: { orderId: `${orderId}-cancelled` }
    });
    await activeElement(processInstanceKey, 'WaitPublished');
    await camunda.cancelProcessInstance({ processInstanceKey });
    await until(camunda.searchProcessInstances, { filter: { processInstanceKey, state: 'TERMINATED' } },
      (items) => items.length === 1);
  });

  await step('migrate a waiting instance to the next version of its process', async () => {
    const migratedId = `node-sdk-migrated-${run}`;
    const version = (end) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0"
    id="Migrated" targetNamespace="http://mediaflow.io/test">
  <bpmn:process id="${migratedId}" isExecutable="true">
    <bpmn:startEvent id="Start"/>
    <bpmn:sequenceFlow id="m1" sourceRef="Start" targetRef="Wait"/>
    <bpmn:userTask id="Wait"><bpmn:extensionElements><zeebe:userTask/></bpmn:extensionElements></bpmn:userTask>
    <bpmn:sequenceFlow id="m2" sourceRef="Wait" targetRef="${end}"/>
    <bpmn:endEvent id="${end}"/>
  </bpmn:process>
</bpmn:definitions>
`;
    const deploy = async (xml) => (await camunda.createDeployment({
      resources: [new File([xml], `${migratedId}.bpmn`, { type: 'application/xml' })]
    })).processes[0].processDefinitionKey;
    await deploy(version('End'));
    const { processInstanceKey } = await camunda.createProcessInstance({ processDefinitionId: migratedId });
    await activeElement(processInstanceKey, 'Wait');
    const target = await deploy(version('Published'));
    await camunda.migrateProcessInstance({
      processInstanceKey, targetProcessDefinitionKey: target,
      mappingInstructions: [{ sourceElementId: 'Wait', targetElementId: 'Wait' }]
    });
    await until(camunda.searchProcessInstances, { filter: { processInstanceKey, processDefinitionKey: target } },
      (items) => items.length === 1);
    await camunda.cancelProcessInstance({ processInstanceKey });
  });

  await step('pin the clock, start an instance at that time, reset the clock', async () => {
    const pinned = Date.parse('2031-01-02T03:04:05.000Z');
    await camunda.pinClock({ timestamp: pinned });
    try {
      const { processInstanceKey } = await camunda.createProcessInstance({
        processDefinitionId: processId, variables: { orderId: `${orderId}-pinned` }
      });
      const [started] = await until(camunda.searchProcessInstances, { filter: { processInstanceKey } },
        (items) => items.length === 1);
      check(Date.parse(started.startDate) === pinned, `started at ${started.startDate}, not at the pinned time`);
      await camunda.cancelProcessInstance({ processInstanceKey });
    } finally {
      await camunda.resetClock();
    }
  });

  await step('upload a document, download it by its hash, delete it', async () => {
    const content = `a source video's sidecar, run ${run}`;
    const reference = await camunda.createDocument({
      file: new File([content], `sidecar-${run}.txt`, { type: 'text/plain' }),
      metadata: { contentType: 'text/plain', fileName: `sidecar-${run}.txt` }
    });
    check(reference.documentId && reference.contentHash, `no documentId or contentHash in ${JSON.stringify(reference)}`);
    const downloaded = await camunda.getDocument({ documentId: reference.documentId, contentHash: reference.contentHash });
    const text = typeof downloaded === 'string' ? downloaded
      : downloaded instanceof Blob ? await downloaded.text() : new TextDecoder().decode(downloaded);
    check(text === content, `downloaded ${JSON.stringify(text)}, not what was uploaded`);
    await camunda.deleteDocument({ documentId: reference.documentId });
    const gone = await camunda.getDocument({ documentId: reference.documentId, contentHash: reference.contentHash })
      .then(() => undefined, (error) => error);
    check(gone?.status === 404, `expected 404 after the deletion, got ${gone ? gone.status : 'the document'}`);
  });

  await step('delete a resource: it is not found, and no instance starts from it', async () => {
    await camunda.deleteResource({ resourceKey: rules.processDefinitionKey });
    const refusal = (call) => call.then(() => undefined, (error) => error);
    const read = await refusal(camunda.getResource({ resourceKey: rules.processDefinitionKey }));
    check(read?.status === 404, `reading the deleted resource answered ${read ? read.status : 'it'}, not 404`);
    const started = await refusal(camunda.createProcessInstance({ processDefinitionKey: rules.processDefinitionKey }));
    check(started?.status === 404, `starting the deleted process answered ${started ? started.status : 'an instance'}`
      + ', not 404');
  });

  await step('the licence is a development one', async () => {
    const licence = await camunda.getLicense();
    check(licence.validLicense === false && licence.licenseType,
      `expected an invalid licence with a type, got ${JSON.stringify(licence)}`);
  });
} catch (error) {
  const status = error?.status ? ` (HTTP ${error.status})` : '';
  console.error(`FAILED ${current}${status}: ${error?.message ?? error}`);
  process.exit(1);
}
console.log('all steps passed');
