package io.mediaflow.sandbox.live;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waits for asynchronous state with a bounded polling loop. */
final class Poll {

  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private Poll() {}

  /** Reads {@code value} until it satisfies {@code condition}; fails with the last value after 15 s. */
  static <T> T until(Supplier<T> value, Predicate<T> condition) {
    return until(value, condition, TIMEOUT);
  }

  static <T> T until(Supplier<T> value, Predicate<T> condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    T last = value.get();
    while (!condition.test(last)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Still " + last + " after " + timeout.toSeconds() + " s");
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted while waiting", e);
      }
      last = value.get();
    }
    return last;
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
