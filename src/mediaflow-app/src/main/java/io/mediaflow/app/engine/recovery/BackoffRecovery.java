package io.mediaflow.app.engine.recovery;

import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.mediaflow.app.engine.EngineRecordFeed;
import io.mediaflow.app.engine.clock.EngineClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Recurs failed jobs whose backoff has passed and that the embedded engine left failed. The
 * engine's backoff check selects jobs due at or before now, but its recur processing accepts only
 * those due strictly before now: when both happen in the same millisecond (the embedded engine is
 * fast enough), the recur is rejected and the check sleeps until the next job is failed with a
 * backoff. So a job still failed a while after its backoff ended is recurred here, with the command
 * the check writes, straight to the engine's log (a process instance of this application's own
 * would show among the user's, and in their usage metrics). A Camunda cluster does not need this;
 * only the embedded engine runs it.
 */
@Component
class BackoffRecovery implements EngineRecordFeed.Subscriber, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BackoffRecovery.class);

  /** How long after its due time a job is left to the engine's own check. */
  private static final Duration GRACE = Duration.ofSeconds(1);

  /**
   * How long a recur this class wrote is given to show in the log before it is written again, on
   * the engine's clock.
   */
  private static final Duration RESEND_AFTER = Duration.ofSeconds(10);

  /**
   * A job in its backoff: the job as failed, and when, on the engine's clock, this class last
   * recurred it (never: {@code null}).
   */
  private record BackedOff(JobRecord job, Instant recurredAt) {}

  private final EngineRecordFeed feed;
  private final Supplier<Instant> engineNow;
  private final RecurAfterBackoff recur;
  private final ScheduledExecutorService scheduler =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("backoff-recovery").daemon().factory());

  /** The jobs whose newest event failed them with a backoff, by key. */
  private final Map<Long, BackedOff> backedOff = new ConcurrentHashMap<>();

  @Autowired
  BackoffRecovery(EngineRecordFeed feed, EngineClock clock, RecurAfterBackoff recur) {
    this(feed, clock::instant, recur);
  }

  BackoffRecovery(EngineRecordFeed feed, Supplier<Instant> engineNow, RecurAfterBackoff recur) {
    this.feed = feed;
    this.engineNow = engineNow;
    this.recur = recur;
    feed.subscribe(this);
  }

  @EventListener(ApplicationReadyEvent.class)
  void start() {
    scheduler.scheduleWithFixedDelay(this::recurOverdueJobs, 1, 1, TimeUnit.SECONDS);
  }

  /** One round: recurs every job still in its backoff a while after it ended. */
  void recurOverdueJobs() {
    try {
      feed.catchUp();
      if (backedOff.isEmpty()) {
        return;
      }
      Instant now = engineNow.get();
      long overdueBefore = now.minus(GRACE).toEpochMilli();
      backedOff.forEach(
          (key, entry) -> {
            boolean recurredLately =
                entry.recurredAt() != null && entry.recurredAt().plus(RESEND_AFTER).isAfter(now);
            if (entry.job().getRecurringTime() < overdueBefore && !recurredLately) {
              recur.recur(key, entry.job());
              backedOff.replace(key, entry, new BackedOff(entry.job(), now));
              LOG.debug("Recurred job {}, left failed past its backoff", key);
            }
          });
    } catch (RuntimeException e) {
      LOG.debug("Backoff recovery skipped a round: {}", e.toString());
    }
  }

  /**
   * Follows each job's events: a failure with retries left and a backoff puts it in its backoff
   * (the engine's own rule), any later event of the job takes it out. Rejected commands change no
   * job.
   */
  @Override
  public void accept(Record<?> record) {
    if (record.getValueType() != ValueType.JOB || record.getRecordType() != RecordType.EVENT) {
      return;
    }
    JobRecord job = (JobRecord) record.getValue();
    if (record.getIntent() == JobIntent.FAILED
        && job.getRetries() > 0
        && job.getRetryBackoff() > 0) {
      backedOff.put(record.getKey(), new BackedOff(job, null));
    } else {
      backedOff.remove(record.getKey());
    }
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }
}
