package io.mediaflow.transcoding.worker;

/**
 * The one rule for a job's {@code status_url} (document 3: always read status from the last value
 * returned), as the operations that read it share it: their inputs read it from the job variable
 * {@code transcodingJob}, a wait keeps the newest one in the local of the same name for its next
 * check, and a check's template (and a model that maps the check by hand) writes the newest back
 * into the job variable with {@link #CARRY}.
 */
final class StatusUrl {

  /** The input that holds it, and the local a wait keeps the newest one in. */
  static final String VARIABLE = "statusUrl";

  /** Where the inputs read it by default: the job variable a start wrote. */
  static final String INPUT = "=transcodingJob.status_url";

  /**
   * The job variable written back after one check of {@code transcodingResult}: the task token, the
   * last status_url the service returned (or the one the check read when it returned none), whether
   * the job has Mediaflow's callback as the check read it, and the wait's schedule.
   */
  static final String CARRY =
      "={task_token: taskToken, status_url: if transcodingResult.statusUrl = null then statusUrl"
          + " else transcodingResult.statusUrl, callback: callback, waiting_since:"
          + " transcodingResult.waitingSince, next_check: transcodingResult.nextCheck}";

  /**
   * Where a check reads when its wait's first check was: the job variable {@link #CARRY} wrote, so
   * a new job (a start writes the variable anew) begins a new wait.
   */
  static final String WAITING_SINCE = "=transcodingJob.waiting_since";

  /**
   * Where a check reads whether its job was started with Mediaflow's callback: the job variable the
   * start wrote, kept by {@link #CARRY}. Empty in a job variable an earlier version wrote, which a
   * check reads as {@code mediaflow.callbacks.enabled} says ({@link
   * io.mediaflow.callback.internal.SafetyPoll#next}).
   */
  static final String CALLBACK = "=transcodingJob.callback";

  /**
   * As {@link #CARRY}, for a status request of one task token; several leave the job as it was. The
   * job's callback is kept when the token is the job variable's, so a later check keeps its
   * schedule.
   */
  static final String CARRY_ONE_OF_STATUSES =
      "=if count(taskTokens) = 1 and get value(transcodingStatuses, taskTokens[1]).status_url !="
          + " null then {task_token: taskTokens[1], status_url: get value(transcodingStatuses,"
          + " taskTokens[1]).status_url, callback: if transcodingJob.task_token = taskTokens[1]"
          + " then transcodingJob.callback else null} else transcodingJob";

  private StatusUrl() {}
}
