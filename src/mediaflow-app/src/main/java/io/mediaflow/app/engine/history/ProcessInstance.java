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
    boolean hasIncident) {}
