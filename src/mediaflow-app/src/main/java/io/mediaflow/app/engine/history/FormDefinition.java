package io.mediaflow.app.engine.history;

public record FormDefinition(
    long key, String formId, int version, String resourceName, String tenantId, String schema) {}
