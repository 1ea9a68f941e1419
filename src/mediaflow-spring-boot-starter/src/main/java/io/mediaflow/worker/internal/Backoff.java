package io.mediaflow.worker.internal;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter, capped: the pause before attempt {@code n + 1} is about {@code
 * first * 2^n}, never above {@code max}. Jitter (up to a quarter less) spreads the retries of many
 * instances hit by the same outage.
 */
final class Backoff {

  private Backoff() {}

  public static Duration after(int attempt, Duration first, Duration max) {
    long base = first.toMillis() << Math.min(attempt, 30);
    long capped = Math.min(base <= 0 ? Long.MAX_VALUE : base, max.toMillis());
    long jitter = ThreadLocalRandom.current().nextLong(capped / 4 + 1);
    return Duration.ofMillis(capped - jitter);
  }
}
