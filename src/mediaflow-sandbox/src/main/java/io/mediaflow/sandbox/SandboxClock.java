package io.mediaflow.sandbox;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * Time as the sandbox's simulated service sees it: every nominal duration (a job's encoding stage,
 * a stream's timeout, a TLS verification deadline) is multiplied by the configured time scale, so
 * the same state machines take seconds in the demo and milliseconds in tests.
 */
@Component
public class SandboxClock implements AutoCloseable {

  /** The service's timestamp form: {@code YYYY-MM-DD HH:MM:SS}, in UTC. */
  public static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /** How long closing waits for a running task. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final double timeScale;
  private final ScheduledThreadPoolExecutor scheduler =
      new ScheduledThreadPoolExecutor(
          2, Thread.ofPlatform().name("sandbox-clock-", 0).daemon().factory());

  public SandboxClock(SandboxProperties properties) {
    this.timeScale = properties.timeScale();
    // Closing drops what is still to come; the state it would change is kept, and a restart
    // schedules it again.
    scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
  }

  public Duration scaled(Duration nominal) {
    return Duration.ofNanos((long) (nominal.toNanos() * timeScale));
  }

  /** Runs {@code task} once the scaled {@code nominal} duration has passed. */
  public ScheduledFuture<?> after(Duration nominal, Runnable task) {
    return scheduler.schedule(task, scaled(nominal).toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * The instant the scaled {@code nominal} duration from now ends: a deadline a store keeps across
   * a restart.
   */
  public Instant deadline(Duration nominal) {
    return Instant.now().plus(scaled(nominal));
  }

  /**
   * Runs {@code task} at {@code deadline}, at once when it has passed (it may have while the
   * sandbox was down).
   */
  public ScheduledFuture<?> at(Instant deadline, Runnable task) {
    long nanos = Math.max(0, Duration.between(Instant.now(), deadline).toNanos());
    return scheduler.schedule(task, nanos, TimeUnit.NANOSECONDS);
  }

  public String timestamp() {
    return LocalDateTime.now(ZoneOffset.UTC).format(TIMESTAMP);
  }

  /**
   * Lets a task that is running finish rather than interrupting it: an interrupted write to the
   * sandbox's database closes H2's file under it, and the database then fails to shut down.
   */
  @Override
  public void close() {
    scheduler.shutdown();
    try {
      if (!scheduler.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        scheduler.shutdownNow();
      }
    } catch (InterruptedException e) {
      scheduler.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
