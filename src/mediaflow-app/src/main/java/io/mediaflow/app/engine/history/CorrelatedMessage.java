package io.mediaflow.app.engine.history;

import java.time.Instant;

/**
 * A message a subscription took: one per correlation (a non-interrupting boundary event takes
 * several).
 */
public record CorrelatedMessage(
    long subscriptionKey,
    long messageKey,
    long processInstanceKey,
    long definitionKey,
    String processId,
    String elementId,
    long elementInstanceKey,
    String messageName,
    String correlationKey,
    String tenantId,
    Instant correlationTime) {}
