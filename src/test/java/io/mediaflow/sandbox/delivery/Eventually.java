package io.mediaflow.sandbox.delivery;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waits for asynchronous sandbox state, polling with a bound. */
final class Eventually {

  private Eventually() {}

  static <T> T await(Duration timeout, Supplier<T> value, Predicate<T> done) {
    long deadline = System.nanoTime() + timeout.toNanos();
    T current = value.get();
    while (!done.test(current)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Not reached within " + timeout + "; last value: " + current);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      current = value.get();
    }
    return current;
  }
}
