package io.mediaflow.worker.internal;

import java.util.List;

/**
 * What the workers remember about one job between its attempts, kept as one local variable of the
 * job's element instance (see {@link JobStates}): transient faults so far, a wait's checks and
 * start, whether a create was sent, and the result of a call that created something.
 *
 * @param attempt transient faults so far
 * @param checks checks of a wait so far
 * @param waitingSince when a wait began, epoch milliseconds; null before its first check
 * @param busySince when the service first said it was busy, epoch milliseconds; null until it does
 * @param recorded whether {@code result} holds the result of a call that succeeded
 * @param result that result, as it became a variable (maps, lists, scalars)
 * @param sent whether a create was about to be sent: written before it is, so any later attempt
 *     knows the service may have done the work, whatever became of the attempt (a lost answer, a
 *     failed write, a dead worker)
 * @param before what the create's lookup must not take for its own: the ids there were before it
 *     was sent
 */
record JobState(
    int attempt,
    int checks,
    Long waitingSince,
    Long busySince,
    boolean recorded,
    Object result,
    boolean sent,
    List<String> before) {

  static final JobState NONE = new JobState(0, 0, null, null, false, null, false, List.of());

  JobState withAttempt(int next) {
    return new JobState(next, checks, waitingSince, busySince, recorded, result, sent, before);
  }

  JobState withBusy(int nextAttempt, long since) {
    return new JobState(nextAttempt, checks, waitingSince, since, recorded, result, sent, before);
  }

  JobState withCheck(int next, long since) {
    return new JobState(attempt, next, since, busySince, recorded, result, sent, before);
  }

  JobState withResult(Object value) {
    return new JobState(attempt, checks, waitingSince, busySince, true, value, sent, before);
  }

  JobState withSent(List<String> existing) {
    return new JobState(
        attempt, checks, waitingSince, busySince, recorded, result, true, List.copyOf(existing));
  }

  /**
   * Whether an earlier attempt may have reached the service: a create was sent, or an attempt ended
   * in a fault.
   */
  boolean mayHaveTakenEffect() {
    return sent || attempt > 0;
  }
}
