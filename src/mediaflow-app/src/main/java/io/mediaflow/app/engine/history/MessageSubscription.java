package io.mediaflow.app.engine.history;

import java.time.Instant;

/**
 * A message subscription of an element (a catch event, a receive task, a boundary event), {@code
 * state} as its last record left it: {@code CREATED} while the element waits, then {@code
 * CORRELATED} or {@code DELETED}; a subscription still waiting when its instance ends is deleted
 * with it.
 */
public record MessageSubscription(
    long key,
    long processInstanceKey,
    long definitionKey,
    String processId,
    String elementId,
    long elementInstanceKey,
    String messageName,
    String correlationKey,
    String tenantId,
    Instant lastUpdated,
    String state) {

  public MessageSubscription {
    processId = SharedNames.of(processId);
    elementId = SharedNames.of(elementId);
    messageName = SharedNames.of(messageName);
    tenantId = SharedNames.of(tenantId);
  }

  /** This subscription as the end of its instance leaves it, if it was still waiting. */
  MessageSubscription endedWithItsInstance(Instant at) {
    return state.equals("CREATED") || state.equals("MIGRATED")
        ? new MessageSubscription(
            key,
            processInstanceKey,
            definitionKey,
            processId,
            elementId,
            elementInstanceKey,
            messageName,
            correlationKey,
            tenantId,
            at,
            "DELETED")
        : this;
  }
}
