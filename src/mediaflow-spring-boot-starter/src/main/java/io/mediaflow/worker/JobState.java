package io.mediaflow.worker;

/**
 * What the workers remember about one job between its attempts, kept as one local variable of the job's element
 * instance (see {@link JobStates}): transient faults so far, a wait's checks and start, and the result of a call
 * that created something.
 *
 * @param attempt transient faults so far
 * @param checks checks of a wait so far
 * @param waitingSince when a wait began, epoch milliseconds; null before its first check
 * @param busySince when the service first said it was busy, epoch milliseconds; null until it does
 * @param recorded whether {@code result} holds the result of a call that succeeded
 * @param result that result, as it became a variable (maps, lists, scalars)
 */
record JobState(int attempt, int checks, Long waitingSince, Long busySince, boolean recorded, Object result) {

  static final JobState NONE = new JobState(0, 0, null, null, false, null);

  JobState withAttempt(int next) {
    return new JobState(next, checks, waitingSince, busySince, recorded, result);
  }

  JobState withBusy(int nextAttempt, long since) {
    return new JobState(nextAttempt, checks, waitingSince, since, recorded, result);
  }

  JobState withCheck(int next, long since) {
    return new JobState(attempt, next, since, busySince, recorded, result);
  }

  JobState withResult(Object value) {
    return new JobState(attempt, checks, waitingSince, busySince, true, value);
  }
}
