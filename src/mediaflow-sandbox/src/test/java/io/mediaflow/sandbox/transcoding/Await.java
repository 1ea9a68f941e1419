package io.mediaflow.sandbox.transcoding;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.awaitility.Awaitility;

/**
 * Waits for asynchronous state: an encode may take as long as real media takes on a loaded machine.
 */
final class Await {

  static final Duration TIMEOUT = Duration.ofSeconds(90);

  private Await() {}

  /** Polls {@code probe} until {@code done} accepts its value; fails after {@link #TIMEOUT}. */
  static <T> T until(String what, Supplier<T> probe, Predicate<T> done) {
    return Awaitility.await(what)
        .atMost(TIMEOUT)
        .pollInterval(Duration.ofMillis(5))
        .until(probe::get, done::test);
  }
}
