package io.mediaflow.callback.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schedule of a wait's checks, computed from whether its job has Mediaflow's callback and the
 * wait's age alone: no clock, no timing.
 */
class SafetyPollTest {

  private static final Duration INTERVAL = Duration.ofMinutes(1);
  private static final Duration MAX = Duration.ofMinutes(15);

  private final SafetyPoll callbacksOn = new SafetyPoll(true, INTERVAL, MAX);
  private final SafetyPoll callbacksOff = new SafetyPoll(false, INTERVAL, MAX);

  @Test
  void aJobWithoutMediaflowsCallbackIsCheckedOncePerPollIntervalHoweverOldTheWait() {
    for (Duration waited : ages()) {
      assertThat(callbacksOn.next(waited, false))
          .as("callbacks on in the application, the job started without one")
          .isEqualTo(INTERVAL);
      assertThat(callbacksOff.next(waited, false)).isEqualTo(INTERVAL);
    }
  }

  @Test
  void aJobWithMediaflowsCallbackIsCheckedOncePerPollIntervalOnceCallbacksAreOff() {
    // Started while callbacks were on, the application restarted with them off since: no receiver
    // turns its calls into messages any more.
    assertThat(callbacksOn.next(Duration.ofHours(1), true)).isEqualTo(MAX);
    assertThat(callbacksOff.next(Duration.ofHours(1), true)).isEqualTo(INTERVAL);
  }

  @Test
  void aJobVariableThatDoesNotSayFollowsTheApplicationsSetting() {
    for (Duration waited : ages()) {
      assertThat(callbacksOff.next(waited, null)).isEqualTo(INTERVAL);
      assertThat(callbacksOn.next(waited, null)).isEqualTo(callbacksOn.next(waited, true));
    }
    assertThat(callbacksOn.next(Duration.ofHours(1), null)).isEqualTo(MAX);
  }

  @Test
  void withACallbackThePauseGrowsWithTheWaitFromThePollIntervalToTheSafetyPoll() {
    assertThat(checksWithin(Duration.ofHours(1)))
        .containsExactly(
            Duration.ZERO,
            Duration.ofMinutes(1),
            Duration.ofMinutes(4),
            Duration.ofMinutes(16),
            Duration.ofMinutes(31),
            Duration.ofMinutes(46));
  }

  @Test
  void aLostCallbackIsCaughtWithinTheSafetyPollWhenTheWaitHasBeenLong() {
    for (long minutes = 0; minutes < 24 * 60; minutes += 7) {
      assertThat(callbacksOn.next(Duration.ofMinutes(minutes), true))
          .isBetween(INTERVAL, MAX)
          .isGreaterThanOrEqualTo(
              callbacksOn.next(Duration.ofMinutes(Math.max(minutes - 7, 0)), true));
    }
  }

  @Test
  void aLongWaitReadsTheStatusOncePerSafetyPoll() {
    List<Duration> checks = checksWithin(Duration.ofHours(6));
    long lastHour = checks.stream().filter(at -> at.compareTo(Duration.ofHours(5)) >= 0).count();

    // 0.067 reads per minute of the wait, under the 0.1 of a safety net that costs nothing.
    assertThat(lastHour).isEqualTo(4);
  }

  @Test
  void aStartInTheFutureOrFarInThePastStillGivesAPauseWithinTheBounds() {
    assertThat(callbacksOn.next(Duration.ofMinutes(-5), true)).isEqualTo(INTERVAL);
    assertThat(callbacksOn.next(Duration.ofDays(365L * 10_000), true)).isEqualTo(MAX);
  }

  private static List<Duration> ages() {
    return List.of(Duration.ZERO, Duration.ofSeconds(30), Duration.ofHours(1), Duration.ofDays(3));
  }

  /** When a wait for a job with a callback that nothing ends checks, from its first check on. */
  private List<Duration> checksWithin(Duration horizon) {
    var checks = new ArrayList<Duration>();
    for (Duration at = Duration.ZERO;
        at.compareTo(horizon) < 0;
        at = at.plus(callbacksOn.next(at, true))) {
      checks.add(at);
    }
    return checks;
  }
}
