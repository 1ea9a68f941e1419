package io.mediaflow.app.engine.history;

import java.util.Map;

/**
 * A deployed process; {@code elementNames} and {@code userTaskForms} (element id to form id) from
 * its model.
 */
public record ProcessDefinition(
    long key,
    String processId,
    String name,
    int version,
    String versionTag,
    String resourceName,
    String tenantId,
    byte[] xml,
    Map<String, String> elementNames,
    Map<String, String> userTaskForms,
    String startFormId) {}
