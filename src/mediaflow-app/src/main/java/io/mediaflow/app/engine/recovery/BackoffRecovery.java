package io.mediaflow.app.engine.recovery;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Works around a race in the embedded engine that would leave a waiting job failed for good. A job
 * failed with a backoff is due again at its recurring time; the engine's backoff check selects jobs
 * due at or before now, but its recur processing accepts only those due strictly before now. When
 * both happen in the same millisecond (the embedded engine is fast enough), the recur is rejected
 * and no further check is scheduled, until some other job is failed with a backoff. So when a
 * rejected recur is the newest record of a job, this fails a job of its own with a one-millisecond
 * backoff, which schedules the check that recurs the stuck job. A Camunda cluster does not need
 * this; only the embedded engine runs it.
 */
@Component
class BackoffRecovery implements EngineRecordFeed.Subscriber, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BackoffRecovery.class);
  private static final String PROCESS_ID = "mediaflow-engine-backoff-check";
  private static final String JOB_TYPE = "mediaflow.engine.backoff-check";

  private final EngineRecordFeed feed;
  private final CamundaClient camunda;
  private final ScheduledExecutorService scheduler =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("backoff-recovery").daemon().factory());

  /** Per job that has not ended: whether its newest record is a rejected recur. */
  private final Map<Long, Boolean> recurRejected = new ConcurrentHashMap<>();

  private final AtomicBoolean jobsChanged = new AtomicBoolean();

  BackoffRecovery(EngineRecordFeed feed, CamundaClient camunda) {
    this.feed = feed;
    this.camunda = camunda;
    feed.subscribe(this);
  }

  @EventListener(ApplicationReadyEvent.class)
  void start() {
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(PROCESS_ID)
                .startEvent()
                .serviceTask("check", task -> task.zeebeJobType(JOB_TYPE))
                .endEvent()
                .done(),
            PROCESS_ID + ".bpmn")
        .send()
        .join();
    scheduler.scheduleWithFixedDelay(this::recoverStuckJobs, 1, 1, TimeUnit.SECONDS);
  }

  private void recoverStuckJobs() {
    try {
      feed.catchUp();
      if (jobsChanged.getAndSet(false) && recurRejected.containsValue(true)) {
        scheduleBackoffCheck();
      }
    } catch (RuntimeException e) {
      LOG.debug("Backoff recovery skipped a round: {}", e.toString());
    }
  }

  @Override
  public void accept(Record<?> record) {
    if (record.getValueType() != ValueType.JOB) {
      return;
    }
    jobsChanged.set(true);
    if (record.getIntent() == JobIntent.COMPLETED
        || record.getIntent() == JobIntent.CANCELED
        || record.getIntent() == JobIntent.ERROR_THROWN) {
      recurRejected.remove(record.getKey());
    } else {
      recurRejected.put(
          record.getKey(),
          record.getRecordType() == RecordType.COMMAND_REJECTION
              && record.getIntent() == JobIntent.RECUR_AFTER_BACKOFF);
    }
  }

  /**
   * Fails a job of this class's own process with a 1 ms backoff; the check it schedules recurs
   * every due job.
   */
  private void scheduleBackoffCheck() {
    camunda.newCreateInstanceCommand().bpmnProcessId(PROCESS_ID).latestVersion().send().join();
    var jobs =
        camunda
            .newActivateJobsCommand()
            .jobType(JOB_TYPE)
            .maxJobsToActivate(1)
            .timeout(Duration.ofSeconds(10))
            .send()
            .join()
            .getJobs();
    for (var job : jobs) {
      camunda.newFailCommand(job).retries(1).retryBackoff(Duration.ofMillis(1)).send().join();
      scheduler.schedule(this::finishChecks, 500, TimeUnit.MILLISECONDS);
    }
    LOG.debug("Scheduled a backoff check for jobs whose recur was rejected");
  }

  /** Completes the own jobs once they recurred, so their instances end. */
  private void finishChecks() {
    var jobs =
        camunda
            .newActivateJobsCommand()
            .jobType(JOB_TYPE)
            .maxJobsToActivate(10)
            .timeout(Duration.ofSeconds(10))
            .send()
            .join()
            .getJobs();
    jobs.forEach(job -> camunda.newCompleteCommand(job).send().join());
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }
}
