package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Every line logged while a job runs names the job, and none after it does: the worker thread takes
 * the next job with the log context it had before this one, however this one ended.
 */
class JobLogContextTest {

  @Operation(type = "test.fail", name = "Fail", description = "fails", resultVariable = "none")
  record FailInput(String name) {}

  private final JobRunner runner =
      ActivatedJobs.runnerIn(
          new JobScopes(ObservationRegistry.NOOP, MediaflowMetrics.NONE, new LogContext(true)));
  private final OperationHandler<FailInput> failing =
      OperationHandler.call(
          FailInput.class,
          input -> {
            throw new IllegalStateException("a bug");
          });
  private final Logger log = (Logger) LoggerFactory.getLogger(JobRunner.class);
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

  @BeforeEach
  void listen() {
    logged.start();
    log.addAppender(logged);
  }

  @AfterEach
  void stopListening() {
    log.detachAppender(logged);
    MDC.clear();
  }

  @Test
  void theLinesOfAFailedJobCarryItsIdentifiersAndTheThreadGetsItsOwnContextBack() {
    MDC.put("requestId", "outer");
    MDC.put(JobScopes.JOB_KEY, "an earlier value");

    runner.handle(mock(JobClient.class, Mockito.RETURNS_DEEP_STUBS), job(), failing);
    log.info("after the job");

    assertThat(logged.list.getFirst().getFormattedMessage()).contains("failed unexpectedly");
    assertThat(logged.list.getFirst().getMDCPropertyMap())
        .containsEntry(JobScopes.JOB_KEY, "7")
        .containsEntry(JobScopes.JOB_TYPE, "test.fail")
        .containsEntry(JobScopes.PROCESS_INSTANCE_KEY, "42")
        .containsEntry(JobScopes.BPMN_PROCESS_ID, "encode")
        .containsEntry(JobScopes.ELEMENT_ID, "Encode")
        .containsEntry("requestId", "outer");
    assertThat(logged.list.getLast().getMDCPropertyMap())
        .as("after the job")
        .isEqualTo(Map.of("requestId", "outer", JobScopes.JOB_KEY, "an earlier value"));
  }

  @Test
  void aJobWhoseOutcomeCannotBeSentLeavesNothingInTheContext() {
    JobClient engine = mock(JobClient.class, Mockito.RETURNS_DEEP_STUBS);
    var refused = new ProblemException(500, "Internal Server Error", null);
    when(engine
            .newFailCommand(any(ActivatedJob.class))
            .retries(anyInt())
            .errorMessage(any())
            .retryBackoff(any())
            .variables(Mockito.<Map<String, Object>>any())
            .send()
            .join())
        .thenThrow(refused);

    assertThatThrownBy(() -> runner.handle(engine, job(), failing)).isSameAs(refused);

    assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
  }

  private static ActivatedJob job() {
    return ActivatedJobs.of("test.fail", "encode", "Encode", Map.of("name", "a"));
  }
}
