package io.mediaflow.app.engine.history;

import io.mediaflow.app.engine.UserTaskChanges;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * A job-based user task; its key is the job's key. {@code changes} are the REST API's changes of
 * its properties (see {@link UserTaskChanges}), by variable name, as JSON.
 */
public record UserTaskInstance(
    long key,
    long elementInstanceKey,
    long processInstanceKey,
    long definitionKey,
    String processId,
    int version,
    String elementId,
    String name,
    String formId,
    Map<String, String> headers,
    String tenantId,
    Instant creationDate,
    Instant completionDate,
    TaskState state,
    Map<String, String> changes) {

  public UserTaskInstance {
    changes = changes == null ? Map.of() : changes; // a history kept before changes existed
  }

  /** Assignee, candidates, dates and priority: the model's, as changed through the REST API. */
  public UserTaskChanges.Properties properties() {
    return UserTaskChanges.properties(headers, changes);
  }

  UserTaskInstance ended(Instant at, TaskState endState) {
    return new UserTaskInstance(
        key,
        elementInstanceKey,
        processInstanceKey,
        definitionKey,
        processId,
        version,
        elementId,
        name,
        formId,
        headers,
        tenantId,
        creationDate,
        at,
        endState,
        changes);
  }

  UserTaskInstance changed(String variable, String value) {
    var changed = new HashMap<>(changes);
    changed.put(variable, value);
    return new UserTaskInstance(
        key,
        elementInstanceKey,
        processInstanceKey,
        definitionKey,
        processId,
        version,
        elementId,
        name,
        formId,
        headers,
        tenantId,
        creationDate,
        completionDate,
        state,
        Map.copyOf(changed));
  }

  /** The task as migrated to {@code elementId} of another process definition. */
  UserTaskInstance migrated(
      long definitionKey,
      String processId,
      int version,
      String elementId,
      String name,
      String formId) {
    return new UserTaskInstance(
        key,
        elementInstanceKey,
        processInstanceKey,
        definitionKey,
        processId,
        version,
        elementId,
        name,
        formId,
        headers,
        tenantId,
        creationDate,
        completionDate,
        state,
        changes);
  }
}
