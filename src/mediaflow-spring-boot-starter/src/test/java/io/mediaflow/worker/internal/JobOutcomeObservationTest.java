package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

/**
 * A job's {@code mediaflow.job} timer counts what the engine took: a completion it refused because
 * the job was gone is no completion.
 */
class JobOutcomeObservationTest {

  @Operation(type = "test.call", name = "Call", description = "calls", resultVariable = "called")
  record CallInput(String name) {}

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final JobRunner runner =
      ActivatedJobs.runnerIn(
          new JobScopes(observedIn(meters), MediaflowMetrics.NONE, LogContext.OFF));
  private final OperationHandler<CallInput> call =
      OperationHandler.call(CallInput.class, input -> "done");

  @Test
  void aCompletionTheEngineTookCountsAsCompleted() {
    runner.handle(mock(JobClient.class, Mockito.RETURNS_DEEP_STUBS), job(), call);

    assertThat(jobsBy("outcome")).isEqualTo(Map.of("completed", 1L));
  }

  @Test
  void aCompletionOfAJobThatWasGoneCountsAsNotFound() {
    JobClient engine = mock(JobClient.class, Mockito.RETURNS_DEEP_STUBS);
    when(engine
            .newCompleteCommand(any(ActivatedJob.class))
            .variables(Mockito.<Map<String, Object>>any())
            .send()
            .join())
        .thenThrow(new ProblemException(404, "Not Found", null));

    runner.handle(engine, job(), call);

    assertThat(jobsBy("outcome")).isEqualTo(Map.of("not_found", 1L));
  }

  /**
   * An observation registry that meters its observations, as Spring Boot's actuator sets one up.
   */
  private static ObservationRegistry observedIn(SimpleMeterRegistry meters) {
    ObservationRegistry observations = ObservationRegistry.create();
    observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
    return observations;
  }

  /** The jobs the {@code mediaflow.job} timers counted, by the value of the tag {@code key}. */
  private Map<String, Long> jobsBy(String key) {
    var counts = new HashMap<String, Long>();
    meters
        .find(JobScopes.NAME)
        .timers()
        .forEach(timer -> counts.merge(timer.getId().getTag(key), timer.count(), Long::sum));
    return counts;
  }

  private static ActivatedJob job() {
    return ActivatedJobs.of("test.call", "calls", "Call", Map.of("name", "a"));
  }
}
