package io.mediaflow.app.engine.history;

import java.time.Instant;

public record ProcessInstance(
    long key,
    long definitionKey,
    String processId,
    int version,
    long parentProcessInstanceKey,
    long parentElementInstanceKey,
    String tenantId,
    Instant startDate,
    Instant endDate,
    InstanceState state,
    boolean hasIncident) {

  /** The instance as it ended {@code at}, in {@code state}. */
  ProcessInstance ended(Instant at, InstanceState state) {
    return new ProcessInstance(
        key,
        definitionKey,
        processId,
        version,
        parentProcessInstanceKey,
        parentElementInstanceKey,
        tenantId,
        startDate,
        at,
        state,
        hasIncident);
  }

  /** The instance with or without an open incident. */
  ProcessInstance withIncident(boolean open) {
    return new ProcessInstance(
        key,
        definitionKey,
        processId,
        version,
        parentProcessInstanceKey,
        parentElementInstanceKey,
        tenantId,
        startDate,
        endDate,
        state,
        open);
  }

  /** The instance as migrated to another process definition. */
  ProcessInstance migrated(long definitionKey, String processId, int version) {
    return new ProcessInstance(
        key,
        definitionKey,
        processId,
        version,
        parentProcessInstanceKey,
        parentElementInstanceKey,
        tenantId,
        startDate,
        endDate,
        state,
        hasIncident);
  }
}
