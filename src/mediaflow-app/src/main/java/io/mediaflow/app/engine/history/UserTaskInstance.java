package io.mediaflow.app.engine.history;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A user task, of either implementation. A Camunda user task ({@code zeebe:userTask}) is the
 * engine's own: its key is the engine's user task key, its {@code properties} those its records
 * carry, its {@code headers} the model's custom headers. A job-based one ({@link
 * JobBasedUserTasks}) is its job: its key is the job's, its {@code headers} the job's (the engine's
 * {@code io.camunda.zeebe:} ones among them), and its properties are read from them with {@code
 * changes}, the REST API's changes by variable name, as JSON.
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
    Map<String, String> changes,
    Implementation implementation,
    Properties properties,
    Long formKey,
    String externalFormReference) {

  /** Camunda's priority of a user task that sets none. */
  public static final int DEFAULT_PRIORITY = 50;

  /** How the engine runs a user task, named as Camunda's task list names it. */
  public enum Implementation {
    JOB_WORKER,
    ZEEBE_USER_TASK
  }

  /**
   * A user task's assignee, candidates, dates and priority: what the REST API shows and searches.
   */
  public record Properties(
      String assignee,
      List<String> candidateGroups,
      List<String> candidateUsers,
      String dueDate,
      String followUpDate,
      int priority) {

    public Properties {
      candidateGroups = candidateGroups == null ? List.of() : List.copyOf(candidateGroups);
      candidateUsers = candidateUsers == null ? List.of() : List.copyOf(candidateUsers);
    }
  }

  public UserTaskInstance {
    changes = changes == null ? Map.of() : changes; // a history kept before changes existed
    if (implementation == null) {
      // A history kept while every user task ran as a job.
      implementation = Implementation.JOB_WORKER;
    }
    if (implementation == Implementation.JOB_WORKER) {
      // What a job-based task shows is read from its job's headers and changes, always.
      properties = JobBasedUserTasks.properties(headers, changes);
      formKey = JobBasedUserTasks.formKey(headers);
    }
  }

  /**
   * Whether the engine runs it as a job, which its user task commands do not change (not named as a
   * getter: the store writes getters as fields).
   */
  public boolean jobBased() {
    return implementation == Implementation.JOB_WORKER;
  }

  UserTaskInstance withState(TaskState newState, Instant completedAt) {
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
        completedAt,
        newState,
        changes,
        implementation,
        properties,
        formKey,
        externalFormReference);
  }

  /** A Camunda user task with the attributes its engine's record changed. */
  UserTaskInstance withProperties(Properties changed) {
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
        changes,
        implementation,
        changed,
        formKey,
        externalFormReference);
  }

  /** A job-based task with a change the REST API recorded as {@code variable}. */
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
        Map.copyOf(changed),
        implementation,
        properties,
        formKey,
        externalFormReference);
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
        changes,
        implementation,
        properties,
        formKey,
        externalFormReference);
  }
}
