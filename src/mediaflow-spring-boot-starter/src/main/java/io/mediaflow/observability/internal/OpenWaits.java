package io.mediaflow.observability.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The waits this replica checked last and that are not over, by element instance: the gauges of
 * open waits read them at each scrape, and nothing asks the engine. Workers keep no state, so a
 * wait's next check may go to another replica, and a wait whose element is left (a callback's
 * message, a timer, a cancellation) gets no final check at all: a wait counts here from a check
 * that saw it pending until its final check here, or until its next check is {@link #SLACK}
 * overdue. A wait whose checks move between replicas may so be counted by two of them for those
 * seconds.
 */
final class OpenWaits {

  /**
   * How long after it is due a check may come before the wait is taken for checked elsewhere or
   * ended: the engine hands a job out again as soon as its backoff passes.
   */
  static final Duration SLACK = Duration.ofSeconds(5);

  /** How often expired waits are dropped when no scrape reads them (metrics switched off). */
  private static final long PRUNE_EVERY = Duration.ofMinutes(1).toMillis();

  private record Wait(String operation, long since, long dueBy) {}

  private final Map<Long, Wait> byElement = new ConcurrentHashMap<>();
  private final LongSupplier wallTime;
  private volatile long pruned;

  /**
   * @param wallTime now, epoch milliseconds
   */
  OpenWaits(LongSupplier wallTime) {
    this.wallTime = wallTime;
    this.pruned = wallTime.getAsLong();
  }

  void pending(String operation, long elementInstanceKey, long since, Duration nextCheck) {
    long now = wallTime.getAsLong();
    byElement.put(
        elementInstanceKey, new Wait(operation, since, now + nextCheck.plus(SLACK).toMillis()));
    if (now - pruned > PRUNE_EVERY) {
      pruned = now;
      byElement.values().removeIf(wait -> wait.dueBy() < now);
    }
  }

  void ended(long elementInstanceKey) {
    byElement.remove(elementInstanceKey);
  }

  /** The waits of {@code operation} open here. */
  int open(String operation) {
    long now = wallTime.getAsLong();
    byElement.values().removeIf(wait -> wait.dueBy() < now);
    return (int)
        byElement.values().stream().filter(wait -> wait.operation().equals(operation)).count();
  }

  /** How long the oldest wait of {@code operation} open here has waited, in seconds; 0 for none. */
  double oldestSeconds(String operation) {
    long now = wallTime.getAsLong();
    return byElement.values().stream()
            .filter(wait -> wait.operation().equals(operation) && wait.dueBy() >= now)
            .mapToLong(wait -> now - wait.since())
            .max()
            .orElse(0)
        / 1000.0;
  }
}
