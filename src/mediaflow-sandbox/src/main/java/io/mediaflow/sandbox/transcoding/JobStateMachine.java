package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Runs a started job through {@code downloading → queued → encoding → saving → completed}, or to {@code error}
 * with a documented message. Each stage does its work for real (download and probe, wait for an encoder, write
 * the outputs, store them) and lasts at least its nominal duration, scaled by the sandbox clock; {@code percent}
 * rises in steps during {@code encoding}. Every change is published as a {@link JobStateChanged}.
 */
@Component
class JobStateMachine implements DisposableBean {

  private static final Logger LOG = LoggerFactory.getLogger(JobStateMachine.class);
  /** Steps of {@code percent} during encoding. */
  static final int PERCENT_STEPS = 10;

  private final SandboxClock clock;
  private final SandboxTranscodingProperties properties;
  private final SourceFetcher fetcher;
  private final OutputWriter writer;
  private final OutputStore store;
  private final Tasks tasks;
  private final ApplicationEventPublisher events;
  /** Downloads, writing and saving block on I/O: one virtual thread each. */
  private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
  private final Encoders encoders;

  JobStateMachine(SandboxClock clock, SandboxTranscodingProperties properties, SourceFetcher fetcher,
      OutputWriter writer, OutputStore store, Tasks tasks, ApplicationEventPublisher events) {
    this.clock = clock;
    this.properties = properties;
    this.fetcher = fetcher;
    this.writer = writer;
    this.store = store;
    this.tasks = tasks;
    this.events = events;
    this.encoders = new Encoders(properties.encoders(), workers);
  }

  void start(Job job) {
    publish(job);
    CompletableFuture.supplyAsync(() -> fetcher.fetch(job.taskToken(), job.request()), workers)
        .thenCombine(delay(properties.downloadingTime()), (source, elapsed) -> source)
        .whenComplete((source, failure) -> {
          if (failure != null) {
            fail(job, failure);
          } else {
            downloaded(job, source);
          }
        });
  }

  private void downloaded(Job job, Source source) {
    job.sourceFetched(source.size(), source.duration());
    if (source.clips().stream().anyMatch(clip -> clip.info().truncated())) {
      job.warn(new Warning(Warning.SOURCE_DECODING, "Source video decoding errors: the source may be corrupt.",
          "the container holds less data than its headers announce", null));
    }
    if (advance(job, Job.State.QUEUED)) {
      clock.after(properties.queuedTime(), () -> encoders.acquire(() -> encode(job, source)));
    }
  }

  /** Runs holding an encoder, which {@link #finishEncoding} (or a failure here) gives back. */
  private void encode(Job job, Source source) {
    try {
      List<OutputPlanner.Plan> plans = OutputPlanner.plan(job.request(), source, job::warn);
      List<OutputItem> items = plans.stream()
          .flatMap(plan -> plan.renditions().stream().map(OutputPlanner.Rendition::item)).toList();
      if (!job.startEncoding(items)) {
        encoders.release();
        return;
      }
      publish(job);
      tick(job, source, plans, 1);
    } catch (RuntimeException e) {
      encoders.release();
      fail(job, e);
    }
  }

  private void tick(Job job, Source source, List<OutputPlanner.Plan> plans, int step) {
    clock.after(properties.encodingTime().dividedBy(PERCENT_STEPS), () -> {
      if (step < PERCENT_STEPS) {
        job.progress(step * 100 / PERCENT_STEPS);
        publish(job);
        tick(job, source, plans, step + 1);
      } else {
        workers.execute(() -> finishEncoding(job, source, plans));
      }
    });
  }

  private void finishEncoding(Job job, Source source, List<OutputPlanner.Plan> plans) {
    var written = new ArrayList<WrittenOutput>();
    try {
      for (OutputPlanner.Plan plan : plans) {
        written.add(write(job, plan, source));
      }
    } catch (RuntimeException e) {
      fail(job, e);
      return;
    } finally {
      encoders.release();
    }
    if (!advance(job, Job.State.SAVING)) {
      return;
    }
    CompletableFuture.runAsync(() -> save(job, plans, written), workers)
        .thenCombine(delay(properties.savingTime()), (saved, elapsed) -> saved)
        .whenComplete((saved, failure) -> {
          if (failure != null) {
            fail(job, failure);
          } else {
            advance(job, Job.State.COMPLETED);
          }
        });
  }

  /**
   * One format's files, or null when it failed but its format allows that ({@code allow_soft_fail}): then its
   * items carry the error and the job a warning.
   */
  private WrittenOutput write(Job job, OutputPlanner.Plan plan, Source source) {
    try {
      return writer.write(plan, source);
    } catch (JobFailure failure) {
      if (!plan.format().allowSoftFail()) {
        throw failure;
      }
      for (OutputPlanner.Rendition rendition : plan.renditions()) {
        job.update(rendition.item(), item -> {
          item.status = "error";
          item.errorDescription = failure.getMessage();
        });
        job.warn(new Warning(Warning.SOFT_FAIL, failure.getMessage(), "ignored by allow_soft_fail: "
            + failure.details(), rendition.item().tag));
      }
      return null;
    }
  }

  private void save(Job job, List<OutputPlanner.Plan> plans, List<WrittenOutput> written) {
    for (int i = 0; i < plans.size(); i++) {
      OutputPlanner.Plan plan = plans.get(i);
      WrittenOutput output = written.get(i);
      if (output == null) {
        continue;
      }
      OutputStore.Saved saved = store.save(job.taskToken(), plan, output);
      for (int r = 0; r < plan.renditions().size(); r++) {
        long size = output.sizes().get(r);
        job.update(plan.renditions().get(r).item(), item -> {
          item.status = "completed";
          item.percent = 100;
          item.url = saved.url();
          item.downloadUrl = saved.downloadUrl();
          item.storage = saved.storage();
          item.size = size;
        });
      }
    }
  }

  private boolean advance(Job job, Job.State to) {
    if (!job.move(to)) {
      return false;
    }
    if (to.terminal()) {
      tasks.finished();
    }
    publish(job);
    return true;
  }

  private void fail(Job job, Throwable failure) {
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause() : failure;
    String message;
    if (cause instanceof JobFailure jobFailure) {
      message = jobFailure.getMessage();
      LOG.debug("Sandbox job {} failed: {} ({})", job.taskToken(), message, jobFailure.details());
    } else {
      message = JobFailure.PROCESSING;
      LOG.warn("Sandbox job {} failed unexpectedly", job.taskToken(), cause);
    }
    if (job.fail(message)) {
      tasks.finished();
      publish(job);
    }
  }

  private void publish(Job job) {
    events.publishEvent(new JobStateChanged(job, job.state(), job.percent()));
    if (job.state() == Job.State.COMPLETED || job.state() == Job.State.ERROR) {
      events.publishEvent(new JobFinished(job.taskToken(), job.state() == Job.State.ERROR, java.time.Instant.now()));
    }
  }

  private CompletableFuture<Void> delay(Duration nominal) {
    var elapsed = new CompletableFuture<Void>();
    clock.after(nominal, () -> elapsed.complete(null));
    return elapsed;
  }

  @Override
  public void destroy() {
    workers.shutdownNow();
  }
}
