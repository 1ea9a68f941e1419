package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.app.engine.UserTaskChanges;
import io.mediaflow.app.engine.ProcessHistory.CorrelatedMessage;
import io.mediaflow.app.engine.ProcessHistory.ElementInstance;
import io.mediaflow.app.engine.ProcessHistory.FormDefinition;
import io.mediaflow.app.engine.ProcessHistory.Incident;
import io.mediaflow.app.engine.ProcessHistory.Job;
import io.mediaflow.app.engine.ProcessHistory.MessageSubscription;
import io.mediaflow.app.engine.ProcessHistory.ProcessDefinition;
import io.mediaflow.app.engine.ProcessHistory.ProcessInstance;
import io.mediaflow.app.engine.ProcessHistory.UserTaskInstance;
import io.mediaflow.app.engine.ProcessHistory.Variable;
import java.time.Instant;

/**
 * The REST API's result shapes, as the Orchestration Cluster REST API of Camunda 8.8 names them: keys as strings,
 * dates as ISO-8601 text, states as the API's enums.
 */
final class Shapes {

  /** Longer variable values are cut in search results, as Camunda does; the variable itself has the full value. */
  static final int TRUNCATE_VALUES_AT = 8191;
  private static final String TENANT = "<default>";

  private Shapes() {}

  static ObjectNode processDefinition(ProcessDefinition definition) {
    ObjectNode node = object();
    node.put("name", definition.name());
    node.put("resourceName", definition.resourceName());
    node.put("version", definition.version());
    node.put("versionTag", definition.versionTag());
    node.put("processDefinitionId", definition.processId());
    node.put("tenantId", tenant(definition.tenantId()));
    node.put("processDefinitionKey", key(definition.key()));
    node.put("hasStartForm", definition.startFormId() != null);
    return node;
  }

  static ObjectNode form(FormDefinition form) {
    ObjectNode node = object();
    node.put("tenantId", tenant(form.tenantId()));
    node.put("formId", form.formId());
    node.put("schema", form.schema());
    node.put("version", form.version());
    node.put("formKey", key(form.key()));
    return node;
  }

  static ObjectNode processInstance(ProcessInstance instance, ProcessDefinition definition) {
    ObjectNode node = object();
    node.put("processDefinitionId", instance.processId());
    node.put("processDefinitionName", definition == null ? null : definition.name());
    node.put("processDefinitionVersion", instance.version());
    node.put("processDefinitionVersionTag", definition == null ? null : definition.versionTag());
    node.put("startDate", date(instance.startDate()));
    node.put("endDate", date(instance.endDate()));
    node.put("state", instance.state().name());
    node.put("hasIncident", instance.hasIncident());
    node.put("tenantId", tenant(instance.tenantId()));
    node.put("processInstanceKey", key(instance.key()));
    node.put("processDefinitionKey", key(instance.definitionKey()));
    node.put("parentProcessInstanceKey", optionalKey(instance.parentProcessInstanceKey()));
    node.put("parentElementInstanceKey", optionalKey(instance.parentElementInstanceKey()));
    node.putArray("tags");
    return node;
  }

  static ObjectNode messageSubscription(MessageSubscription subscription) {
    ObjectNode node = object();
    node.put("messageSubscriptionKey", key(subscription.key()));
    node.put("processDefinitionId", subscription.processId());
    node.put("processDefinitionKey", optionalKey(subscription.definitionKey()));
    node.put("processInstanceKey", key(subscription.processInstanceKey()));
    node.put("elementId", subscription.elementId());
    node.put("elementInstanceKey", key(subscription.elementInstanceKey()));
    node.put("messageSubscriptionState", subscription.state());
    node.put("lastUpdatedDate", date(subscription.lastUpdated()));
    node.put("messageName", subscription.messageName());
    node.put("correlationKey", subscription.correlationKey());
    node.put("tenantId", tenant(subscription.tenantId()));
    return node;
  }

  /** A message a subscription took; the engine's one partition is partition 1. */
  static ObjectNode correlatedMessage(CorrelatedMessage message) {
    ObjectNode node = object();
    node.put("correlationKey", message.correlationKey());
    node.put("correlationTime", date(message.correlationTime()));
    node.put("elementId", message.elementId());
    node.put("elementInstanceKey", key(message.elementInstanceKey()));
    node.put("messageKey", key(message.messageKey()));
    node.put("messageName", message.messageName());
    node.put("partitionId", 1);
    node.put("processDefinitionId", message.processId());
    node.put("processDefinitionKey", optionalKey(message.definitionKey()));
    node.put("processInstanceKey", key(message.processInstanceKey()));
    node.put("subscriptionKey", key(message.subscriptionKey()));
    node.put("tenantId", tenant(message.tenantId()));
    return node;
  }

  /** A sequence flow an instance took; Camunda names it by the instance and the flow's id. */
  static ObjectNode sequenceFlow(ProcessInstance instance, String flowId) {
    ObjectNode node = object();
    node.put("sequenceFlowId", instance.key() + "_" + flowId);
    node.put("processInstanceKey", key(instance.key()));
    node.put("processDefinitionKey", key(instance.definitionKey()));
    node.put("processDefinitionId", instance.processId());
    node.put("elementId", flowId);
    node.put("tenantId", tenant(instance.tenantId()));
    return node;
  }

  static ObjectNode elementInstance(ElementInstance element) {
    ObjectNode node = object();
    node.put("processDefinitionId", element.processId());
    node.put("startDate", date(element.startDate()));
    node.put("endDate", date(element.endDate()));
    node.put("elementId", element.elementId());
    node.put("elementName", element.elementName() == null ? element.elementId() : element.elementName());
    node.put("type", element.type().name());
    node.put("state", element.state().name());
    node.put("hasIncident", element.incidentKey() != null);
    node.put("tenantId", tenant(element.tenantId()));
    node.put("elementInstanceKey", key(element.key()));
    node.put("processInstanceKey", key(element.processInstanceKey()));
    node.put("processDefinitionKey", key(element.definitionKey()));
    node.put("incidentKey", element.incidentKey() == null ? null : key(element.incidentKey()));
    return node;
  }

  static ObjectNode userTask(UserTaskInstance task, ProcessDefinition definition, FormDefinition form) {
    UserTaskChanges.Properties properties = task.properties();
    ObjectNode node = object();
    node.put("name", task.name());
    node.put("state", task.state().name());
    node.put("assignee", properties.assignee());
    node.put("elementId", task.elementId());
    properties.candidateGroups().forEach(node.putArray("candidateGroups")::add);
    properties.candidateUsers().forEach(node.putArray("candidateUsers")::add);
    node.put("processDefinitionId", task.processId());
    node.put("creationDate", date(task.creationDate()));
    node.put("completionDate", date(task.completionDate()));
    node.put("followUpDate", properties.followUpDate());
    node.put("dueDate", properties.dueDate());
    node.put("tenantId", tenant(task.tenantId()));
    node.putNull("externalFormReference");
    node.put("processDefinitionVersion", task.version());
    ObjectNode customHeaders = node.putObject("customHeaders");
    task.headers().forEach((name, value) -> {
      if (!name.startsWith("io.camunda.zeebe:")) {
        customHeaders.put(name, value);
      }
    });
    node.put("priority", properties.priority());
    node.put("userTaskKey", key(task.key()));
    node.put("elementInstanceKey", key(task.elementInstanceKey()));
    node.put("processName", definition == null ? null : definition.name());
    node.put("processDefinitionKey", key(task.definitionKey()));
    node.put("processInstanceKey", key(task.processInstanceKey()));
    node.put("formKey", form == null ? null : key(form.key()));
    return node;
  }

  /** A variable in a search result: its value cut at {@link #TRUNCATE_VALUES_AT} unless asked not to. */
  static ObjectNode variable(Variable variable, boolean truncate) {
    ObjectNode node = variable(variable);
    boolean cut = truncate && variable.value().length() > TRUNCATE_VALUES_AT;
    node.put("value", cut ? variable.value().substring(0, TRUNCATE_VALUES_AT) : variable.value());
    node.put("isTruncated", cut);
    return node;
  }

  static ObjectNode variable(Variable variable) {
    ObjectNode node = object();
    node.put("value", variable.value());
    node.put("name", variable.name());
    node.put("tenantId", tenant(variable.tenantId()));
    node.put("variableKey", key(variable.key()));
    node.put("scopeKey", key(variable.scopeKey()));
    node.put("processInstanceKey", key(variable.processInstanceKey()));
    return node;
  }

  static ObjectNode incident(Incident incident) {
    ObjectNode node = object();
    node.put("processDefinitionId", incident.processId());
    node.put("errorType", incident.errorType());
    node.put("errorMessage", incident.errorMessage());
    node.put("elementId", incident.elementId());
    node.put("creationTime", date(incident.creationTime()));
    node.put("state", incident.state().name());
    node.put("tenantId", tenant(incident.tenantId()));
    node.put("incidentKey", key(incident.key()));
    node.put("processDefinitionKey", key(incident.definitionKey()));
    node.put("processInstanceKey", key(incident.processInstanceKey()));
    node.put("elementInstanceKey", key(incident.elementInstanceKey()));
    node.put("jobKey", optionalKey(incident.jobKey()));
    return node;
  }

  static ObjectNode job(Job job) {
    ObjectNode node = object();
    node.set("customHeaders", ApiJson.MAPPER.valueToTree(job.customHeaders()));
    node.put("deadline", date(job.deadline()));
    node.putNull("deniedReason");
    node.put("elementId", job.elementId());
    node.put("elementInstanceKey", key(job.elementInstanceKey()));
    node.put("endTime", date(job.endTime()));
    node.put("errorCode", job.errorCode());
    node.put("errorMessage", job.errorMessage());
    node.put("hasFailedWithRetriesLeft", job.hasFailedWithRetriesLeft());
    node.put("isDenied", false);
    node.put("jobKey", key(job.key()));
    node.put("kind", job.kind());
    node.put("listenerEventType", job.listenerEventType());
    node.put("processDefinitionId", job.processId());
    node.put("processDefinitionKey", key(job.definitionKey()));
    node.put("processInstanceKey", key(job.processInstanceKey()));
    node.put("retries", job.retries());
    node.put("state", job.state());
    node.put("tenantId", tenant(job.tenantId()));
    node.put("type", job.type());
    node.put("worker", job.worker());
    return node;
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
    return ApiJson.MAPPER.createObjectNode();
  }
}
