package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.state.SandboxFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Runs a started job through {@code downloading → queued → encoding → saving → completed}, or to
 * {@code error} with a documented message. Each stage does its work for real: download and probe
 * the source into the job's working folder, wait for a free encoder, encode every format with
 * ffmpeg ({@code percent} follows ffmpeg's progress), store the files. Downloading, queueing and
 * saving last at least their nominal durations, scaled by the sandbox clock. Every change is
 * published as a {@link JobStateChanged}.
 *
 * <p>A job's working folder is under the sandbox's {@code work} folder, emptied when the sandbox
 * starts: a job that was unfinished when the sandbox stopped starts over ({@link #restart}) and
 * fetches its source again. Once the sandbox stops, jobs change no more, so a stop does not fail
 * the encodes it interrupts.
 */
@Component
class JobStateMachine implements DisposableBean {

  private static final Logger LOG = LoggerFactory.getLogger(JobStateMachine.class);

  /** {@code percent} is published in steps of this many points. */
  static final int PERCENT_STEP = 10;

  private final SandboxClock clock;
  private final SandboxTranscodingProperties properties;
  private final SourceFetcher fetcher;
  private final OutputWriter writer;
  private final OutputStore store;
  private final Tasks tasks;
  private final ApplicationEventPublisher events;
  private final FaultInjector faults;
  private final SandboxProfile profile;

  /** Downloads, encodes (waiting on ffmpeg) and saving block: one virtual thread each. */
  private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();

  private final Encoders encoders;
  private final Path work;
  private volatile boolean stopped;

  JobStateMachine(
      SandboxClock clock,
      SandboxTranscodingProperties properties,
      SourceFetcher fetcher,
      OutputWriter writer,
      OutputStore store,
      Tasks tasks,
      ApplicationEventPublisher events,
      FaultInjector faults,
      SandboxFolders sandboxFolders,
      SandboxProfile profile) {
    this.profile = profile;
    this.clock = clock;
    this.properties = properties;
    this.fetcher = fetcher;
    this.writer = writer;
    this.store = store;
    this.tasks = tasks;
    this.events = events;
    this.faults = faults;
    this.work = sandboxFolders.emptyFolder("work");
    this.encoders =
        new Encoders(
            properties.encoders() > 0
                ? properties.encoders()
                : Runtime.getRuntime().availableProcessors(),
            workers);
  }

  void start(Job job) {
    publish(job);
    CompletableFuture.supplyAsync(() -> fetch(job), workers)
        .thenCombine(delay(properties.downloadingTime()), (source, elapsed) -> source)
        .whenComplete(
            (source, failure) -> {
              if (failure != null) {
                fail(job, failure);
              } else {
                downloaded(job, source);
              }
            });
  }

  /**
   * Starts over {@code job}, which was unfinished when the sandbox stopped, from the query it was
   * started with; if that no longer makes a valid request, the job fails instead.
   */
  void restart(Job job) {
    JobRequest request;
    try {
      request = job.query().request();
    } catch (RuntimeException unreadable) {
      LOG.warn(
          "Sandbox job {} cannot start over: its query no longer reads ({})",
          job.taskToken(),
          unreadable.getMessage());
      if (job.fail(JobFailure.PROCESSING)) {
        tasks.finished();
        events.publishEvent(new JobRestarted(job));
        events.publishEvent(new JobFinished(job.taskToken(), true, Instant.now()));
      }
      return;
    }
    job.restart(request);
    events.publishEvent(new JobRestarted(job));
    start(job);
  }

  /** The source in a working folder of its own, which goes when the job no longer needs it. */
  private Source fetch(Job job) {
    faults
        .takeJobFailure()
        .ifPresent(
            message -> {
              throw new JobFailure(message, "injected by the sandbox's test control");
            });
    Path folder;
    try {
      folder = Files.createTempDirectory(work, "job-");
    } catch (IOException e) {
      throw new JobFailure(JobFailure.PROCESSING, "no working folder: " + e.getMessage());
    }
    try {
      return fetcher.fetch(job.taskToken(), job.request(), folder);
    } catch (RuntimeException e) {
      delete(folder);
      throw e;
    }
  }

  private void downloaded(Job job, Source source) {
    job.sourceFetched(source.size(), source.duration());
    if (advance(job, Job.State.QUEUED)) {
      clock.after(properties.queuedTime(), () -> encoders.acquire(() -> encode(job, source)));
    } else {
      delete(source.folder());
    }
  }

  /**
   * Runs holding an encoder, which it gives back once every format is written and the job has left
   * {@code encoding}, so the status never shows more jobs encoding than there are encoders.
   */
  private void encode(Job job, Source source) {
    List<OutputPlanner.Plan> plans;
    var written = new ArrayList<WrittenOutput>();
    boolean saving;
    try {
      plans =
          OutputPlanner.plan(
              job.request(),
              source,
              job::warn,
              profile.varies(SandboxProfile.TALLER_RUNGS_AT_SOURCE_SIZE));
      List<JobOutputItem> items =
          plans.stream()
              .flatMap(plan -> plan.renditions().stream().map(OutputPlanner.Rendition::item))
              .toList();
      if (stopped || !job.startEncoding(items)) {
        delete(source.folder());
        return;
      }
      publish(job);
      for (int i = 0; i < plans.size(); i++) {
        int done = i;
        int formats = plans.size();
        written.add(
            write(
                job,
                plans.get(i),
                source,
                new Progress() {
                  @Override
                  public void done(double share) {
                    progress(job, (done + Math.clamp(share, 0, 1)) / formats);
                  }

                  @Override
                  public void decodingErrors(String details) {
                    job.warnOnce(
                        new Warning(
                            Warning.SOURCE_DECODING,
                            "Source video decoding errors: the source may be corrupt.",
                            details,
                            null));
                  }
                }));
      }
      saving = advance(job, Job.State.SAVING);
    } catch (RuntimeException e) {
      delete(source.folder());
      fail(job, e);
      return;
    } finally {
      encoders.release();
    }
    if (!saving) {
      delete(source.folder());
      return;
    }
    // the outputs are files in the working folder: it goes once saving has moved or copied them out
    CompletableFuture.runAsync(
            () -> {
              try {
                save(job, plans, written);
              } finally {
                delete(source.folder());
              }
            },
            workers)
        .thenCombine(delay(properties.savingTime()), (saved, elapsed) -> saved)
        .whenComplete(
            (saved, failure) -> {
              if (failure != null) {
                fail(job, failure);
              } else {
                advance(job, Job.State.COMPLETED);
              }
            });
  }

  /** Publishes {@code percent} each time it passes a step. */
  private void progress(Job job, double done) {
    int percent = (int) Math.min(99, Math.floor(done * 100 / PERCENT_STEP) * PERCENT_STEP);
    if (percent > job.percent()) {
      job.progress(percent);
      publish(job);
    }
  }

  /**
   * One format's files, or null when it failed but its format allows that ({@code
   * allow_soft_fail}): then its items carry the error and the job a warning. A source ffmpeg
   * decoded with errors gives a warning too.
   */
  private WrittenOutput write(Job job, OutputPlanner.Plan plan, Source source, Progress progress) {
    try {
      WrittenOutput output = writer.write(plan, source, progress);
      for (int r = 0; r < plan.renditions().size(); r++) {
        Measurement measured = output.measurements().get(r);
        job.update(plan.renditions().get(r).item(), item -> item.measured(measured));
      }
      return output;
    } catch (JobFailure failure) {
      if (!plan.format().allowSoftFail()) {
        throw failure;
      }
      for (OutputPlanner.Rendition rendition : plan.renditions()) {
        job.update(
            rendition.item(),
            item -> {
              item.status = "error";
              item.errorDescription = failure.getMessage();
            });
        job.warn(
            new Warning(
                Warning.SOFT_FAIL,
                failure.getMessage(),
                "ignored by allow_soft_fail: " + failure.details(),
                rendition.item().tag));
      }
      return null;
    }
  }

  /**
   * Variation rendition-missing: the output without its first rendition's files (an HLS variant's
   * folder, a DASH representation's segments, a file output's file), which is still listed.
   */
  private static WrittenOutput withoutFirstRendition(WrittenOutput output) {
    List<OutputFile> kept =
        output.files().stream()
            .filter(
                file ->
                    !file.name().isEmpty()
                        && !file.name().startsWith("video_1/")
                        && !file.name().contains("stream0"))
            .toList();
    return new WrittenOutput(
        output.folder(), output.extension(), kept, output.main(), output.measurements());
  }

  private void save(Job job, List<OutputPlanner.Plan> plans, List<WrittenOutput> written) {
    boolean dropOne = profile.varies(SandboxProfile.RENDITION_MISSING);
    for (int i = 0; i < plans.size(); i++) {
      OutputPlanner.Plan plan = plans.get(i);
      WrittenOutput output = written.get(i);
      if (output == null) {
        continue;
      }
      if (dropOne && plan.format().kind().category() == OutputKind.Category.VIDEO) {
        output = withoutFirstRendition(output);
        dropOne = false;
      }
      OutputStore.Saved saved = store.save(job.taskToken(), plan, output);
      for (OutputPlanner.Rendition rendition : plan.renditions()) {
        job.update(
            rendition.item(),
            item -> {
              item.status = "completed";
              item.percent = 100;
              item.url = saved.url();
              item.downloadUrl = saved.downloadUrl();
              item.storage = saved.storage();
            });
        for (String failure : saved.failedDestinations()) {
          job.warn(
              new Warning(Warning.DESTINATION, JobFailure.SAVE, failure, rendition.item().tag));
        }
      }
    }
  }

  private void delete(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      LOG.debug("Could not delete the job folder {}", folder, e);
    }
  }

  private boolean advance(Job job, Job.State to) {
    if (stopped || !job.move(to)) {
      return false;
    }
    if (to.terminal()) {
      tasks.finished();
    }
    publish(job);
    return true;
  }

  private void fail(Job job, Throwable failure) {
    if (stopped) {
      // interrupted by the stop: the job starts over when the sandbox starts again
      return;
    }
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
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
      events.publishEvent(
          new JobFinished(job.taskToken(), job.state() == Job.State.ERROR, Instant.now()));
    }
  }

  private CompletableFuture<Void> delay(Duration nominal) {
    var elapsed = new CompletableFuture<Void>();
    clock.after(nominal, () -> elapsed.complete(null));
    return elapsed;
  }

  @Override
  public void destroy() {
    stopped = true;
    workers.shutdownNow();
  }
}
