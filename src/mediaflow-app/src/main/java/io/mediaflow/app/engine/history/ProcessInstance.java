package io.mediaflow.app.engine.history;

import java.time.Instant;
import java.util.Set;

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
    boolean hasIncident,
    Set<String> tags) {

  /** An instance kept before its tags were has none. */
  public ProcessInstance {
    tags = tags == null ? Set.of() : Set.copyOf(tags);
  }

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
        hasIncident,
        tags);
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
        open,
        tags);
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
        hasIncident,
        tags);
  }
}
