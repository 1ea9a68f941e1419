#!/usr/bin/env node
// Drives a running embedded default with @camunda8/sdk's Camunda 8.8 REST client (the Orchestration Cluster API
// client), as a user's Node application would: deploy, start, messages, a signal, variables, a modification, a user
// task's assignment, update and completion, a service task's job, and the outcome read back through searches.
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
} catch (error) {
  const status = error?.status ? ` (HTTP ${error.status})` : '';
  console.error(`FAILED ${current}${status}: ${error?.message ?? error}`);
  process.exit(1);
}
console.log('all steps passed');
