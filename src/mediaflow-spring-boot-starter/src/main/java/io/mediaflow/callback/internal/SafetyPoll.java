package io.mediaflow.callback.internal;

import io.mediaflow.callback.CallbackProperties;
import java.time.Duration;

/**
 * When a wait that a callback ends (an event-based gateway: the callback's message or a timer, then
 * a check) checks the service anyway. For a job started with Mediaflow's callback, the callback is
 * the fast path and a check only catches a lost one: the pause grows with the wait's age, {@value
 * #GROWTH} times the time waited so far, from the poll interval up to the safety poll, so a long
 * wait costs a read per safety poll and a lost callback is still caught within it. For a job
 * started without one, checks are the only path: one per poll interval, exactly.
 *
 * <p>The pause follows from what the process keeps alone (the job variable's {@code callback} and
 * {@code waiting_since}), so any replica computes the same one.
 */
public final class SafetyPoll {

  /**
   * How much longer than the wait so far the next pause is: a job that finishes after a time T is
   * seen at the latest about (1 + GROWTH) T after the wait began when its callback is lost, and a
   * wait has checked about log4 of its age in poll intervals times before reaching the safety poll.
   */
  static final int GROWTH = 3;

  /**
   * The application's {@code mediaflow.callbacks.enabled}: whether its receiver turns callbacks
   * into messages, and whether a job whose variable does not say was started with one.
   */
  private final boolean callbacksEnabled;

  private final Duration interval;
  private final Duration max;

  public SafetyPoll(CallbackProperties properties) {
    this(properties.enabled(), properties.pollInterval(), properties.safetyPoll());
  }

  SafetyPoll(boolean callbacksEnabled, Duration interval, Duration max) {
    this.callbacksEnabled = callbacksEnabled;
    this.interval = interval;
    this.max = max;
  }

  /**
   * The pause before the next check of a wait that has lasted {@code waited} so far.
   *
   * @param callback whether the job was started with Mediaflow's callback, as its start recorded
   *     it; null for a job variable written before starts recorded it, which is read as this
   *     application's {@code mediaflow.callbacks.enabled} says, as every job was then
   */
  public Duration next(Duration waited, Boolean callback) {
    // Only a job handed the callback is called back, and only while callbacks are on is there a
    // receiver to turn its calls into messages.
    if (!callbacksEnabled || Boolean.FALSE.equals(callback)) {
      return interval;
    }
    if (waited.compareTo(max) >= 0) {
      // Grown, it would be longer still (and a start far in the past would overflow).
      return max;
    }
    Duration grown = waited.isNegative() ? Duration.ZERO : waited.multipliedBy(GROWTH);
    return grown.compareTo(interval) < 0 ? interval : grown.compareTo(max) > 0 ? max : grown;
  }
}
