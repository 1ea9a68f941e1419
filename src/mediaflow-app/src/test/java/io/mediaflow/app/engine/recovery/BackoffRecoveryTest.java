package io.mediaflow.app.engine.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which jobs the recovery recurs, and when, read from the engine's records as they arrive and
 * decided on the engine's clock, here set by the test.
 */
class BackoffRecoveryTest {

  private static final Instant FAILED_AT = Instant.parse("2026-11-28T12:00:00Z");
  private static final Duration BACKOFF = Duration.ofSeconds(30);

  private final Queue<Record<?>> log = new ArrayDeque<>();
  private final List<Long> recurred = new ArrayList<>();
  private Instant now = FAILED_AT;
  private long position;

  private final BackoffRecovery recovery =
      new BackoffRecovery(
          new EngineRecordFeed(
              action -> {
                while (!log.isEmpty()) {
                  action.accept(log.remove());
                }
              }),
          () -> now,
          (key, job) -> recurred.add(key));

  @AfterEach
  void close() {
    recovery.close();
  }

  @Test
  void aJobStillFailedAfterItsBackoffAndTheGraceIsRecurred() {
    log.add(failed(1, 3, BACKOFF));
    now = FAILED_AT.plus(BACKOFF);
    recovery.recurOverdueJobs();
    assertThat(recurred).as("due, but the engine's own check has its second").isEmpty();

    now = FAILED_AT.plus(BACKOFF).plusSeconds(2);
    recovery.recurOverdueJobs();
    assertThat(recurred).containsExactly(1L);
  }

  @Test
  void aRecurIsWrittenAgainOnlyWhenTheFirstHasNotShownForTenSeconds() {
    log.add(failed(1, 3, BACKOFF));
    now = FAILED_AT.plus(BACKOFF).plusSeconds(2);
    recovery.recurOverdueJobs();
    log.add(job(1, RecordType.COMMAND_REJECTION, JobIntent.RECUR_AFTER_BACKOFF, 3, BACKOFF));
    now = now.plusSeconds(5);
    recovery.recurOverdueJobs();
    assertThat(recurred).as("the first recur may still be on its way").containsExactly(1L);

    now = now.plusSeconds(5);
    recovery.recurOverdueJobs();
    assertThat(recurred).as("a rejection leaves the job failed").containsExactly(1L, 1L);
  }

  @Test
  void aJobThatRecurredOrWasCancelledIsLeftAlone() {
    log.add(failed(1, 3, BACKOFF));
    log.add(failed(2, 3, BACKOFF));
    log.add(job(1, RecordType.EVENT, JobIntent.RECURRED_AFTER_BACKOFF, 3, BACKOFF));
    log.add(job(2, RecordType.EVENT, JobIntent.CANCELED, 3, BACKOFF));
    now = FAILED_AT.plus(BACKOFF).plusSeconds(2);
    recovery.recurOverdueJobs();
    assertThat(recurred).isEmpty();
  }

  @Test
  void aFailureWithoutBackoffOrWithoutRetriesIsNotABackoff() {
    log.add(failed(1, 3, Duration.ZERO));
    log.add(failed(2, 0, BACKOFF));
    now = FAILED_AT.plus(BACKOFF).plusSeconds(2);
    recovery.recurOverdueJobs();
    assertThat(recurred).isEmpty();
  }

  private Record<?> failed(long key, int retries, Duration backoff) {
    return job(key, RecordType.EVENT, JobIntent.FAILED, retries, backoff);
  }

  private Record<?> job(
      long key, RecordType recordType, JobIntent intent, int retries, Duration backoff) {
    var job =
        new JobRecord()
            .setType("work")
            .setRetries(retries)
            .setRetryBackoff(backoff.toMillis())
            .setRecurringTime(backoff.isZero() ? -1 : FAILED_AT.plus(backoff).toEpochMilli());
    var metadata =
        new RecordMetadata().recordType(recordType).valueType(ValueType.JOB).intent(intent);
    position++;
    return new CopiedRecord<>(job, metadata, key, 1, position, -1, FAILED_AT.toEpochMilli());
  }
}
