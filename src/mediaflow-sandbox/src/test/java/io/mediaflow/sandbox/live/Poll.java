package io.mediaflow.sandbox.live;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.awaitility.Awaitility;

/** Waits for asynchronous state with a bounded polling loop. */
final class Poll {

  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private Poll() {}

  /**
   * Reads {@code value} until it satisfies {@code condition}; fails with the last value after 15 s.
   */
  static <T> T until(Supplier<T> value, Predicate<T> condition) {
    return until(value, condition, TIMEOUT);
  }

  static <T> T until(Supplier<T> value, Predicate<T> condition, Duration timeout) {
    return Awaitility.await()
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(10))
        .until(value::get, condition::test);
  }

  /** Waits until the stream's status is {@code status}. */
  static void status(LiveApi api, String id, String status) {
    until(() -> api.status(id), status::equals);
  }

  /** Waits until the stream's status is {@code status}, for as long as real media may take. */
  static void status(LiveApi api, String id, String status, Duration timeout) {
    until(() -> api.status(id), status::equals, timeout);
  }
}
