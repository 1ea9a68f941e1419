package io.mediaflow.worker.internal;

import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;

/**
 * What every job runs inside, whatever its operation: a Micrometer {@link Observation} named
 * {@value #NAME} (a span, where the application traces, whose children are the job's HTTP calls, so
 * a job and its calls are one trace; a timer, where the application meters observations), the job
 * in the log context, and the job type its calls to the service are counted for. Opened before the
 * job's input is read and closed after its outcome is sent, so that every line logged for the job
 * carries it, and nothing of it outlives the job on the worker thread.
 */
public final class JobScopes {

  /** Neither observed nor logged nor counted: for a runner outside the starter's configuration. */
  public static final JobScopes NONE =
      new JobScopes(ObservationRegistry.NOOP, MediaflowMetrics.NONE, LogContext.OFF);

  static final String NAME = "mediaflow.job";

  /** The observation's key for what the engine was told, set once it is known. */
  private static final String OUTCOME = "outcome";

  /** The log context's keys, each one of the job's identifiers: none is a secret. */
  static final String JOB_KEY = "jobKey";

  static final String JOB_TYPE = "jobType";
  static final String PROCESS_INSTANCE_KEY = "processInstanceKey";
  static final String BPMN_PROCESS_ID = "bpmnProcessId";
  static final String ELEMENT_ID = "elementId";

  private final ObservationRegistry observations;
  private final MediaflowMetrics metrics;
  private final LogContext logs;

  /**
   * @param observations the application's, or {@link ObservationRegistry#NOOP} without one
   */
  public JobScopes(ObservationRegistry observations, MediaflowMetrics metrics, LogContext logs) {
    this.observations = observations;
    this.metrics = metrics;
    this.logs = logs;
  }

  Scope open(ActivatedJob job) {
    String type = named(job.getType());
    String process = named(job.getBpmnProcessId());
    String element = named(job.getElementId());
    String jobKey = Long.toString(job.getKey());
    String instanceKey = Long.toString(job.getProcessInstanceKey());
    // Low cardinality: a bounded set (the operations, the deployed models), fit for a metric's
    // tags; the keys name one job and one instance, for a trace only.
    Observation observation =
        Observation.createNotStarted(NAME, observations)
            .contextualName(type)
            .lowCardinalityKeyValue("operation", type)
            .lowCardinalityKeyValue("bpmn.process.id", process)
            .lowCardinalityKeyValue("bpmn.element.id", element)
            .lowCardinalityKeyValue(OUTCOME, "unknown")
            .highCardinalityKeyValue("job.key", jobKey)
            .highCardinalityKeyValue("process.instance.key", instanceKey)
            .start();
    return new Scope(
        observation,
        observation.openScope(),
        logs.put(
            Map.of(
                JOB_KEY,
                jobKey,
                JOB_TYPE,
                type,
                PROCESS_INSTANCE_KEY,
                instanceKey,
                BPMN_PROCESS_ID,
                process,
                ELEMENT_ID,
                element)),
        metrics.running(type));
  }

  /** A name the client left out, as a key value and an MDC value may not be null. */
  private static String named(String name) {
    return name == null ? "unknown" : name;
  }

  /** One job's scope, closed once its outcome is sent or sending it failed. */
  static final class Scope implements AutoCloseable {

    private final Observation observation;
    private final Observation.Scope current;
    private final LogContext.Restore logged;
    private final MediaflowMetrics.Running counted;

    private Scope(
        Observation observation,
        Observation.Scope current,
        LogContext.Restore logged,
        MediaflowMetrics.Running counted) {
      this.observation = observation;
      this.current = current;
      this.logged = logged;
      this.counted = counted;
    }

    /** What the engine took: completed, a BPMN error, failed to be retried, or an incident. */
    void outcome(JobOutcome outcome) {
      observation.lowCardinalityKeyValue(
          OUTCOME,
          switch (outcome) {
            case JobOutcome.Complete complete -> "completed";
            case JobOutcome.Throw error -> "bpmn_error";
            case JobOutcome.Fail fail when fail.retries() <= 0 -> "incident";
            case JobOutcome.Fail fail -> "failed";
          });
    }

    /**
     * The engine answered NOT_FOUND: the job was gone (a callback's message, a timer or a
     * cancellation had left its element), so what it was told took no effect.
     */
    void gone() {
      observation.lowCardinalityKeyValue(OUTCOME, "not_found");
    }

    /** Sending the outcome failed. */
    void error(RuntimeException failure) {
      observation.lowCardinalityKeyValue(OUTCOME, "error");
      observation.error(failure);
    }

    @Override
    public void close() {
      counted.close();
      logged.close();
      current.close();
      observation.stop();
    }
  }
}
