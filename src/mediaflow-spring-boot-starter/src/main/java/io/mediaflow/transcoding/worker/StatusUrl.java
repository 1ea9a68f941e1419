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
   * The job variable written back after one check of {@code transcodingResult}: the task token and
   * the last status_url the service returned, or the one the check read when it returned none.
   */
  static final String CARRY =
      "={task_token: taskToken, status_url: if transcodingResult.statusUrl = null then statusUrl"
          + " else transcodingResult.statusUrl, waiting_since: transcodingResult.waitingSince,"
          + " next_check: transcodingResult.nextCheck}";

  /**
   * Where a check reads when its wait's first check was: the job variable {@link #CARRY} wrote, so
   * a new job (a start writes the variable anew) begins a new wait.
   */
  static final String WAITING_SINCE = "=transcodingJob.waiting_since";

  /** As {@link #CARRY}, for a status request of one task token; several leave the job as it was. */
  static final String CARRY_ONE_OF_STATUSES =
      "=if count(taskTokens) = 1 and get value(transcodingStatuses, taskTokens[1]).status_url !="
          + " null then {task_token: taskTokens[1], status_url: get value(transcodingStatuses,"
          + " taskTokens[1]).status_url} else transcodingJob";

  private StatusUrl() {}
}
