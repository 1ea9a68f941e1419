package io.mediaflow.sandbox.transcoding;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Bounded polling for asynchronous state (Awaitility is not on the classpath). */
final class Await {

  static final Duration TIMEOUT = Duration.ofSeconds(90);
  private static final long PAUSE_MILLIS = 5;

  private Await() {}

  /** Polls {@code probe} until {@code done} accepts its value; fails after {@link #TIMEOUT}. */
  static <T> T until(String what, Supplier<T> probe, Predicate<T> done) {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    T value = probe.get();
    while (!done.test(value)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Timed out after " + TIMEOUT + " waiting for " + what + "; last value: " + value);
      }
      try {
        Thread.sleep(PAUSE_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted waiting for " + what, e);
      }
      value = probe.get();
    }
    return value;
  }
}
