package io.mediaflow.app.engine.history;

/**
 * A user task's state, as Camunda's REST API names them ({@code UserTaskStateEnum}): a Camunda user
 * task is {@code ASSIGNING}, {@code UPDATING}, {@code COMPLETING} or {@code CANCELING} while the
 * engine runs its listeners for that change; a job-based one is only ever {@code CREATED} or ended.
 */
public enum TaskState {
  CREATING,
  CREATED,
  ASSIGNING,
  UPDATING,
  COMPLETING,
  COMPLETED,
  CANCELING,
  CANCELED,
  FAILED
}
