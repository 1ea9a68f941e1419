package io.mediaflow.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.ApiException;
import jakarta.validation.Validation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How the one worker mechanism turns each kind of outcome into what the engine does next. */
class JobRunnerTest {

  @Operation(type = "test.create", name = "Create", description = "creates", resultVariable = "created", sideEffect = true)
  record CreateInput(@NotBlank String name, @Max(10) Integer count) {}

  @Operation(type = "test.wait", name = "Wait", description = "waits", resultVariable = "done")
  record WaitFor(Duration timeout) implements WaitInput {}

  private final WorkerProperties properties = new WorkerProperties(
      Duration.ofSeconds(1), Duration.ofMinutes(1), Duration.ofMillis(500), Duration.ofSeconds(30), Duration.ofHours(6));
  private final JobRunner runner = new JobRunner(mock(CamundaClient.class),
      new InputReader(Validation.buildDefaultValidatorFactory().getValidator()), properties);

  @Test
  void aRetriedJobWhoseCallAlreadySucceededReturnsThatResultWithoutCallingAgain() {
    var calls = new AtomicInteger();
    ActivatedJob retried = job("test.create", Map.of("name", "a", JobRunner.RECORDED_RESULT, Map.of("id", "first")), 4);

    JobOutcome outcome = runner.call(retried, CreateInput.class, input -> Map.of("id", "second-" + calls.incrementAndGet()));

    assertThat(calls).hasValue(0);
    assertThat(outcome).isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "first"))));
  }

  @Test
  void theResultGoesToTheVariableTheModelNames() {
    ActivatedJob job = job("test.wait", Map.of(), 3, Map.of("resultVariable", "myResult"));
    assertThat(runner.check(job, WaitFor.class, input -> Poll.done("yes"))).isEqualTo(new JobOutcome.Complete(Map.of("myResult", "yes")));
  }

  @Test
  void inputThatBreaksARuleIsAnIncidentNamingEveryField() {
    ActivatedJob job = job("test.create", Map.of("name", " ", "count", 11), 3);

    assertThat(runner.call(job, CreateInput.class, input -> "never")).isInstanceOfSatisfying(JobOutcome.Fail.class, fail -> {
      assertThat(fail.retries()).isZero();
      assertThat(fail.message()).isEqualTo("Invalid input: count: must be less than or equal to 10; name: must not be blank");
    });
  }

  @Test
  void aVariableOfTheWrongTypeIsNamedWithoutEchoingItsValue() {
    ActivatedJob job = job("test.create", Map.of("name", "a", "count", "secret-looking-text"), 3);

    assertThat(runner.call(job, CreateInput.class, input -> "never")).isInstanceOfSatisfying(JobOutcome.Fail.class, fail ->
        assertThat(fail.message()).isEqualTo("Invalid input: count: must be a number").doesNotContain("secret-looking-text"));
  }

  @Test
  void aRejectionIsABpmnErrorWithTheServiceCodeAndDetails() {
    ActivatedJob job = job("test.create", Map.of("name", "a"), 3);

    assertThat(runner.call(job, CreateInput.class, input -> {
      throw new ApiException.Rejected("ERROR_VALID_PARAMS", "bad", Map.of("error", 19));
    })).isInstanceOfSatisfying(JobOutcome.Throw.class, error -> {
      assertThat(error.code()).isEqualTo("ERROR_VALID_PARAMS");
      assertThat(error.variables()).containsEntry("errorCode", "ERROR_VALID_PARAMS").containsEntry("errorDetails", Map.of("error", 19));
    });
  }

  @Test
  void aTransientFaultIsRetriedAfterTheServicesRetryAfterOrAGrowingPause() {
    ActivatedJob busy = job("test.create", Map.of("name", "a"), 5);
    assertThat(runner.call(busy, CreateInput.class, input -> {
      throw new ApiException.Transient("ERROR_SYSTEM_BUSY", "busy", Duration.ofSeconds(7), null);
    })).isInstanceOfSatisfying(JobOutcome.Fail.class, fail -> {
      assertThat(fail.retries()).isEqualTo(4);
      assertThat(fail.backoff()).isEqualTo(Duration.ofSeconds(7));
      assertThat(fail.variables()).containsEntry(JobRunner.ATTEMPT, 1);
    });

    ActivatedJob thirdAttempt = job("test.create", Map.of("name", "a", JobRunner.ATTEMPT, 3), 2);
    assertThat(runner.call(thirdAttempt, CreateInput.class, input -> {
      throw new ApiException.Transient("HTTP_503", "down", null, null);
    })).isInstanceOfSatisfying(JobOutcome.Fail.class, fail -> {
      assertThat(fail.retries()).isEqualTo(1);
      // 1 s doubled three times, less up to a quarter of jitter.
      assertThat(fail.backoff()).isBetween(Duration.ofMillis(6000), Duration.ofSeconds(8));
    });
  }

  @Test
  void aPendingWaitKeepsItsRetriesAndBacksOffUntilItsTimeoutPasses() {
    ActivatedJob firstCheck = job("test.wait", Map.of(), 3);
    assertThat(runner.check(firstCheck, WaitFor.class, input -> Poll.pending("encoding 40%", Map.of("statusUrl", "u2"))))
        .isInstanceOfSatisfying(JobOutcome.Fail.class, fail -> {
          assertThat(fail.retries()).isEqualTo(3);
          assertThat(fail.message()).isEqualTo("Waiting: encoding 40%");
          assertThat(fail.variables()).containsEntry(JobRunner.CHECKS, 1).containsEntry("statusUrl", "u2");
        });

    long anHourAgo = System.currentTimeMillis() - Duration.ofHours(1).toMillis();
    ActivatedJob late = job("test.wait", Map.of("timeout", "PT30M", JobRunner.WAITING_SINCE, anHourAgo, JobRunner.CHECKS, 40), 3);
    assertThat(runner.check(late, WaitFor.class, input -> Poll.pending("queued")))
        .isInstanceOfSatisfying(JobOutcome.Throw.class, error -> assertThat(error.code()).isEqualTo("WAIT_TIMEOUT"));
  }

  @Test
  void anInputRecordOfAnotherJobTypeIsABugCaughtAtOnce() {
    ActivatedJob job = job("test.other", Map.of("name", "a"), 3);
    assertThatThrownBy(() -> runner.call(job, CreateInput.class, input -> "x")).isInstanceOf(IllegalStateException.class);
  }

  private static ActivatedJob job(String type, Map<String, Object> variables, int retries) {
    return job(type, variables, retries, Map.of());
  }

  private static ActivatedJob job(String type, Map<String, Object> variables, int retries, Map<String, String> headers) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getType()).thenReturn(type);
    when(job.getKey()).thenReturn(1L);
    when(job.getRetries()).thenReturn(retries);
    when(job.getVariablesAsMap()).thenReturn(new HashMap<>(variables));
    when(job.getCustomHeaders()).thenReturn(headers);
    return job;
  }
}
