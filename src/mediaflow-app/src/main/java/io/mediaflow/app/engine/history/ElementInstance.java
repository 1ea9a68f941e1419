package io.mediaflow.app.engine.history;

import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import java.time.Instant;

public record ElementInstance(
    long key,
    long processInstanceKey,
    long flowScopeKey,
    long definitionKey,
    String processId,
    String elementId,
    String elementName,
    BpmnElementType type,
    String tenantId,
    Instant startDate,
    Instant endDate,
    InstanceState state,
    Long incidentKey) {

  public ElementInstance {
    processId = SharedNames.of(processId);
    elementId = SharedNames.of(elementId);
    elementName = SharedNames.of(elementName);
    tenantId = SharedNames.of(tenantId);
  }

  ElementInstance ended(Instant at, InstanceState endState) {
    return new ElementInstance(
        key,
        processInstanceKey,
        flowScopeKey,
        definitionKey,
        processId,
        elementId,
        elementName,
        type,
        tenantId,
        startDate,
        at,
        endState,
        incidentKey);
  }

  ElementInstance withIncident(Long incident) {
    return new ElementInstance(
        key,
        processInstanceKey,
        flowScopeKey,
        definitionKey,
        processId,
        elementId,
        elementName,
        type,
        tenantId,
        startDate,
        endDate,
        state,
        incident);
  }

  /** The element instance as migrated to {@code elementId} of another definition. */
  ElementInstance migrated(
      long definitionKey, String processId, String elementId, String elementName) {
    return new ElementInstance(
        key,
        processInstanceKey,
        flowScopeKey,
        definitionKey,
        processId,
        elementId,
        elementName,
        type,
        tenantId,
        startDate,
        endDate,
        state,
        incidentKey);
  }
}
