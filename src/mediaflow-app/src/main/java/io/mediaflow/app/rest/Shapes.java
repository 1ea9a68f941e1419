package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.CorrelatedMessageSubscriptionResult;
import io.camunda.client.protocol.rest.CreateProcessInstanceResult;
import io.camunda.client.protocol.rest.ElementInstanceResult;
import io.camunda.client.protocol.rest.ElementInstanceStateEnum;
import io.camunda.client.protocol.rest.FormResult;
import io.camunda.client.protocol.rest.IncidentResult;
import io.camunda.client.protocol.rest.JobKindEnum;
import io.camunda.client.protocol.rest.JobListenerEventTypeEnum;
import io.camunda.client.protocol.rest.JobSearchResult;
import io.camunda.client.protocol.rest.JobStateEnum;
import io.camunda.client.protocol.rest.MessageSubscriptionResult;
import io.camunda.client.protocol.rest.MessageSubscriptionStateEnum;
import io.camunda.client.protocol.rest.ProcessDefinitionResult;
import io.camunda.client.protocol.rest.ProcessElementStatisticsResult;
import io.camunda.client.protocol.rest.ProcessInstanceCallHierarchyEntry;
import io.camunda.client.protocol.rest.ProcessInstanceResult;
import io.camunda.client.protocol.rest.ProcessInstanceSequenceFlowResult;
import io.camunda.client.protocol.rest.ProcessInstanceStateEnum;
import io.camunda.client.protocol.rest.UserTaskResult;
import io.camunda.client.protocol.rest.UserTaskStateEnum;
import io.camunda.client.protocol.rest.VariableResult;
import io.camunda.client.protocol.rest.VariableSearchResult;
import io.mediaflow.app.engine.history.CorrelatedMessage;
import io.mediaflow.app.engine.history.ElementInstance;
import io.mediaflow.app.engine.history.ElementStatistics;
import io.mediaflow.app.engine.history.FormDefinition;
import io.mediaflow.app.engine.history.Incident;
import io.mediaflow.app.engine.history.Job;
import io.mediaflow.app.engine.history.MessageSubscription;
import io.mediaflow.app.engine.history.ProcessDefinition;
import io.mediaflow.app.engine.history.ProcessInstance;
import io.mediaflow.app.engine.history.UserTaskInstance;
import io.mediaflow.app.engine.history.Variable;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The REST API's result shapes, as the Orchestration Cluster REST API of Camunda 8.8 names them:
 * each built as the class camunda-client-java generates from Camunda's OpenAPI document ({@code
 * io.camunda.client.protocol.rest}), so a field's name, type and enum values are Camunda's, then
 * turned into the JSON tree the searches filter and sort. Keys are strings, dates ISO-8601 text,
 * states the API's enums.
 */
final class Shapes {

  /**
   * Longer variable values are cut in search results, as Camunda does; the variable itself has the
   * full value.
   */
  static final int TRUNCATE_VALUES_AT = 8191;

  private static final String TENANT = "<default>";

  private Shapes() {}

  static ObjectNode processDefinition(ProcessDefinition definition) {
    return tree(
        new ProcessDefinitionResult()
            .name(definition.name())
            .resourceName(definition.resourceName())
            .version(definition.version())
            .versionTag(definition.versionTag())
            .processDefinitionId(definition.processId())
            .tenantId(tenant(definition.tenantId()))
            .processDefinitionKey(key(definition.key()))
            .hasStartForm(definition.startFormId() != null));
  }

  static ObjectNode form(FormDefinition form) {
    return tree(
        new FormResult()
            .tenantId(tenant(form.tenantId()))
            .formId(form.formId())
            .schema(form.schema())
            .version((long) form.version())
            .formKey(key(form.key())));
  }

  static ObjectNode processInstance(ProcessInstance instance, ProcessDefinition definition) {
    return tree(
        new ProcessInstanceResult()
            .processDefinitionId(instance.processId())
            .processDefinitionName(definition == null ? null : definition.name())
            .processDefinitionVersion(instance.version())
            .processDefinitionVersionTag(definition == null ? null : definition.versionTag())
            .startDate(date(instance.startDate()))
            .endDate(date(instance.endDate()))
            .state(ProcessInstanceStateEnum.fromValue(instance.state().name()))
            .hasIncident(instance.hasIncident())
            .tenantId(tenant(instance.tenantId()))
            .processInstanceKey(key(instance.key()))
            .processDefinitionKey(key(instance.definitionKey()))
            .parentProcessInstanceKey(optionalKey(instance.parentProcessInstanceKey()))
            .parentElementInstanceKey(optionalKey(instance.parentElementInstanceKey()))
            .tags(new TreeSet<>(instance.tags())));
  }

  static ObjectNode messageSubscription(MessageSubscription subscription) {
    return tree(
        new MessageSubscriptionResult()
            .messageSubscriptionKey(key(subscription.key()))
            .processDefinitionId(subscription.processId())
            .processDefinitionKey(optionalKey(subscription.definitionKey()))
            .processInstanceKey(key(subscription.processInstanceKey()))
            .elementId(subscription.elementId())
            .elementInstanceKey(key(subscription.elementInstanceKey()))
            .messageSubscriptionState(MessageSubscriptionStateEnum.fromValue(subscription.state()))
            .lastUpdatedDate(date(subscription.lastUpdated()))
            .messageName(subscription.messageName())
            .correlationKey(subscription.correlationKey())
            .tenantId(tenant(subscription.tenantId())));
  }

  /** A message a subscription took; the engine's one partition is partition 1. */
  static ObjectNode correlatedMessage(CorrelatedMessage message) {
    return tree(
        new CorrelatedMessageSubscriptionResult()
            .correlationKey(message.correlationKey())
            .correlationTime(date(message.correlationTime()))
            .elementId(message.elementId())
            .elementInstanceKey(key(message.elementInstanceKey()))
            .messageKey(key(message.messageKey()))
            .messageName(message.messageName())
            .partitionId(1)
            .processDefinitionId(message.processId())
            .processDefinitionKey(optionalKey(message.definitionKey()))
            .processInstanceKey(key(message.processInstanceKey()))
            .subscriptionKey(key(message.subscriptionKey()))
            .tenantId(tenant(message.tenantId())));
  }

  /**
   * A started instance; {@code variables} those of its end when the start awaited it, else none.
   */
  static ObjectNode created(
      String processId,
      int version,
      String tenantId,
      long definitionKey,
      long instanceKey,
      Collection<String> tags,
      Map<String, Object> variables) {
    return tree(
        new CreateProcessInstanceResult()
            .processDefinitionId(processId)
            .processDefinitionVersion(version)
            .tenantId(tenant(tenantId))
            .variables(variables)
            .processDefinitionKey(key(definitionKey))
            .processInstanceKey(key(instanceKey))
            .tags(new TreeSet<>(tags)));
  }

  /** A sequence flow an instance took; Camunda names it by the instance and the flow's id. */
  static ProcessInstanceSequenceFlowResult sequenceFlow(ProcessInstance instance, String flowId) {
    return new ProcessInstanceSequenceFlowResult()
        .sequenceFlowId(instance.key() + "_" + flowId)
        .processInstanceKey(key(instance.key()))
        .processDefinitionKey(key(instance.definitionKey()))
        .processDefinitionId(instance.processId())
        .elementId(flowId)
        .tenantId(tenant(instance.tenantId()));
  }

  static ProcessElementStatisticsResult elementStatistics(ElementStatistics statistics) {
    return new ProcessElementStatisticsResult()
        .elementId(statistics.elementId())
        .active(statistics.active())
        .canceled(statistics.canceled())
        .incidents(statistics.incidents())
        .completed(statistics.completed());
  }

  /** One level of a call hierarchy: an instance and the name of its process. */
  static ObjectNode callHierarchyEntry(ProcessInstance instance, ProcessDefinition definition) {
    return tree(
        new ProcessInstanceCallHierarchyEntry()
            .processInstanceKey(key(instance.key()))
            .processDefinitionKey(key(instance.definitionKey()))
            .processDefinitionName(definition == null ? null : definition.name()));
  }

  static ObjectNode elementInstance(ElementInstance element) {
    return tree(
        new ElementInstanceResult()
            .processDefinitionId(element.processId())
            .startDate(date(element.startDate()))
            .endDate(date(element.endDate()))
            .elementId(element.elementId())
            .elementName(
                element.elementName() == null ? element.elementId() : element.elementName())
            .type(ElementInstanceResult.TypeEnum.fromValue(element.type().name()))
            .state(ElementInstanceStateEnum.fromValue(element.state().name()))
            .hasIncident(element.incidentKey() != null)
            .tenantId(tenant(element.tenantId()))
            .elementInstanceKey(key(element.key()))
            .processInstanceKey(key(element.processInstanceKey()))
            .processDefinitionKey(key(element.definitionKey()))
            .incidentKey(element.incidentKey() == null ? null : key(element.incidentKey())));
  }

  /**
   * Headers of the engine's own ({@code io.camunda.zeebe:formKey}, ...) are no custom headers of
   * the task.
   */
  static ObjectNode userTask(
      UserTaskInstance task, ProcessDefinition definition, FormDefinition form) {
    UserTaskInstance.Properties properties = task.properties();
    var customHeaders = new LinkedHashMap<String, String>();
    task.headers()
        .forEach(
            (name, value) -> {
              if (!name.startsWith("io.camunda.zeebe:")) {
                customHeaders.put(name, value);
              }
            });
    return tree(
        new UserTaskResult()
            .name(task.name())
            .state(UserTaskStateEnum.fromValue(task.state().name()))
            .assignee(properties.assignee())
            .elementId(task.elementId())
            .candidateGroups(properties.candidateGroups())
            .candidateUsers(properties.candidateUsers())
            .processDefinitionId(task.processId())
            .creationDate(date(task.creationDate()))
            .completionDate(date(task.completionDate()))
            .followUpDate(properties.followUpDate())
            .dueDate(properties.dueDate())
            .tenantId(tenant(task.tenantId()))
            .externalFormReference(task.externalFormReference())
            .processDefinitionVersion(task.version())
            .priority(properties.priority())
            .userTaskKey(key(task.key()))
            .elementInstanceKey(key(task.elementInstanceKey()))
            .processName(definition == null ? null : definition.name())
            .processDefinitionKey(key(task.definitionKey()))
            .processInstanceKey(key(task.processInstanceKey()))
            .formKey(form == null ? null : key(form.key()))
            .customHeaders(customHeaders));
  }

  /**
   * A variable in a search result: its value cut at {@link #TRUNCATE_VALUES_AT} unless asked not
   * to.
   */
  static ObjectNode variable(Variable variable, boolean truncate) {
    boolean cut = truncate && variable.value().length() > TRUNCATE_VALUES_AT;
    return tree(
        new VariableSearchResult()
            .value(cut ? variable.value().substring(0, TRUNCATE_VALUES_AT) : variable.value())
            .isTruncated(cut)
            .name(variable.name())
            .tenantId(tenant(variable.tenantId()))
            .variableKey(key(variable.key()))
            .scopeKey(key(variable.scopeKey()))
            .processInstanceKey(key(variable.processInstanceKey())));
  }

  static ObjectNode variable(Variable variable) {
    return tree(
        new VariableResult()
            .value(variable.value())
            .name(variable.name())
            .tenantId(tenant(variable.tenantId()))
            .variableKey(key(variable.key()))
            .scopeKey(key(variable.scopeKey()))
            .processInstanceKey(key(variable.processInstanceKey())));
  }

  static ObjectNode incident(Incident incident) {
    return tree(
        new IncidentResult()
            .processDefinitionId(incident.processId())
            .errorType(IncidentResult.ErrorTypeEnum.fromValue(incident.errorType()))
            .errorMessage(incident.errorMessage())
            .elementId(incident.elementId())
            .creationTime(date(incident.creationTime()))
            .state(IncidentResult.StateEnum.fromValue(incident.state().name()))
            .tenantId(tenant(incident.tenantId()))
            .incidentKey(key(incident.key()))
            .processDefinitionKey(key(incident.definitionKey()))
            .processInstanceKey(key(incident.processInstanceKey()))
            .elementInstanceKey(key(incident.elementInstanceKey()))
            .jobKey(optionalKey(incident.jobKey())));
  }

  static ObjectNode job(Job job) {
    return tree(
        new JobSearchResult()
            .customHeaders(job.customHeaders())
            .deadline(date(job.deadline()))
            .deniedReason(null)
            .elementId(job.elementId())
            .elementInstanceKey(key(job.elementInstanceKey()))
            .endTime(date(job.endTime()))
            .errorCode(job.errorCode())
            .errorMessage(job.errorMessage())
            .hasFailedWithRetriesLeft(job.hasFailedWithRetriesLeft())
            .isDenied(false)
            .jobKey(key(job.key()))
            .kind(JobKindEnum.fromValue(job.kind()))
            .listenerEventType(JobListenerEventTypeEnum.fromValue(job.listenerEventType()))
            .processDefinitionId(job.processId())
            .processDefinitionKey(key(job.definitionKey()))
            .processInstanceKey(key(job.processInstanceKey()))
            .retries(job.retries())
            .state(JobStateEnum.fromValue(job.state()))
            .tenantId(tenant(job.tenantId()))
            .type(job.type())
            .worker(job.worker()));
  }

  /** A shape as the JSON tree a search filters and sorts and the API answers. */
  static ObjectNode tree(Object shape) {
    return CamundaJson.MAPPER.valueToTree(shape);
  }

  static String key(long key) {
    return Long.toString(key);
  }

  /** The engine writes -1 where there is no key (e.g. no parent instance). */
  static String optionalKey(long key) {
    return key > 0 ? Long.toString(key) : null;
  }

  static String date(Instant instant) {
    return instant == null ? null : instant.toString();
  }

  static String tenant(String tenantId) {
    return tenantId == null || tenantId.isEmpty() ? TENANT : tenantId;
  }

  static ObjectNode object() {
    return CamundaJson.MAPPER.createObjectNode();
  }
}
