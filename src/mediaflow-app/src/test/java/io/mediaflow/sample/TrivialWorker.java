package io.mediaflow.sample;

import io.camunda.client.annotation.JobWorker;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * A worker that does nothing: its jobs are completed as they come ({@code autoComplete}), so what a
 * replica spends on one is the client's own cost of receiving and completing a job. {@code
 * ReplicaBenchmark} sets it beside the plugin's workers, in the same application, to tell the
 * plugin's cost per job from the client's. Off unless {@code
 * sample.benchmark-workers.enabled=true}: a user's application has no such worker.
 */
@Component
@ConditionalOnProperty("sample.benchmark-workers.enabled")
public class TrivialWorker {

  /** The job type of the benchmark's trivial process's service tasks. */
  public static final String TYPE = "benchmark.no-op";

  @JobWorker(type = TYPE)
  public void complete() {
    // nothing to do: the client completes the job
  }
}
