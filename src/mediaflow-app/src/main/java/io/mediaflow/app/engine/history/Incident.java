package io.mediaflow.app.engine.history;

import java.time.Instant;

public record Incident(
    long key,
    long processInstanceKey,
    long definitionKey,
    String processId,
    String elementId,
    long elementInstanceKey,
    long jobKey,
    String errorType,
    String errorMessage,
    String tenantId,
    Instant creationTime,
    IncidentState state) {

  Incident resolved() {
    return placed(definitionKey, processId, elementId, IncidentState.RESOLVED);
  }

  /** The incident as its element instance was migrated to another definition and element. */
  Incident migrated(long definitionKey, String processId, String elementId) {
    return placed(definitionKey, processId, elementId, state);
  }

  private Incident placed(
      long definitionKey, String processId, String elementId, IncidentState state) {
    return new Incident(
        key,
        processInstanceKey,
        definitionKey,
        processId,
        elementId,
        elementInstanceKey,
        jobKey,
        errorType,
        errorMessage,
        tenantId,
        creationTime,
        state);
  }
}
