package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.observability.internal.MicrometerMetrics;
import io.mediaflow.worker.DefaultWorkerProperties;
import io.mediaflow.worker.WorkerProperties;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

/** What the runner counts of its jobs: faults and busy answers, waits, lost-answer recoveries. */
class JobRunnerMetricsTest {

  @Operation(
      type = "test.create",
      name = "Create",
      description = "creates",
      resultVariable = "created",
      sideEffect = true)
  record CreateInput(String name) {}

  @Operation(type = "test.wait", name = "Wait", description = "waits", resultVariable = "done")
  record WaitFor(Duration timeout) implements WaitInput {}

  private static final long ELEMENT = 2251799813685302L;

  private final WorkerProperties properties = DefaultWorkerProperties.get();
  private final JobStates states = new JobStates(properties);
  private final MockClock clock = new MockClock();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry(SimpleConfig.DEFAULT, clock);
  private final JobRunner runner =
      new JobRunner(
          mock(CamundaClient.class, Mockito.RETURNS_DEEP_STUBS),
          new InputReader(name -> Optional.empty()),
          states,
          properties,
          JobScopes.NONE,
          new MicrometerMetrics(meters));

  @Test
  void aBusyAnswerIsCountedApartFromAFaultThatSpendsARetry() {
    runner.outcome(
        job("test.create", Map.of("name", "a")),
        OperationHandler.call(
            CreateInput.class,
            input -> {
              throw ApiException.Transient.busy("ERROR_LIMIT_EXCEEDED", "limit reached", null);
            }));
    runner.outcome(
        job("test.create", Map.of("name", "a")),
        OperationHandler.call(
            CreateInput.class,
            input -> {
              throw new ApiException.Transient("HTTP_503", "down", null, null);
            }));

    assertThat(
            meters
                .get(MicrometerMetrics.BUSY)
                .tags("operation", "test.create", "code", "ERROR_LIMIT_EXCEEDED")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(meters.get(MicrometerMetrics.RETRIES).counters())
        .singleElement()
        .satisfies(
            retries -> {
              assertThat(retries.getId().getTag("reason")).isEqualTo("HTTP_503");
              assertThat(retries.count()).isEqualTo(1);
            });
  }

  @Test
  void aWaitIsOpenFromACheckThatSawItPendingUntilTheCheckThatSeesItDone() {
    var check = OperationHandler.poll(WaitFor.class, input -> Poll.pending("encoding 40%"));
    var done = OperationHandler.poll(WaitFor.class, input -> Poll.done("saved"));

    ActivatedJob first = job("test.wait", Map.of());
    JobOutcome.Fail pending = (JobOutcome.Fail) runner.outcome(first, check);
    assertThat(open()).isEqualTo(1);

    ActivatedJob second = job("test.wait", pending.variables());
    runner.outcome(second, done);

    assertThat(open()).isZero();
    assertThat(
            meters
                .get(MicrometerMetrics.WAITS_CHECKS)
                .tags("operation", "test.wait", "result", "done")
                .summary()
                .totalAmount())
        .as("both checks")
        .isEqualTo(2);
    assertThat(meters.get(MicrometerMetrics.WAITS_DURATION).tag("result", "done").timer().count())
        .isEqualTo(1);
  }

  /**
   * A wait whose element was left (its message came) or whose next check went to another replica is
   * not checked here again: it stops counting once its next check is overdue.
   */
  @Test
  void aWaitNotCheckedAgainHereWhenItsNextCheckIsDueStopsCounting() {
    runner.outcome(
        job("test.wait", Map.of()),
        OperationHandler.poll(WaitFor.class, input -> Poll.pending("queued")));
    assertThat(open()).isEqualTo(1);

    clock.add(Duration.ofMillis(500).plus(Duration.ofSeconds(6)));

    assertThat(open()).isZero();
  }

  @Test
  void aWaitPastItsTimeoutEndsAsTimedOut() {
    ActivatedJob late = job("test.wait", Map.of("timeout", "PT30M"));
    late.getVariablesAsMap()
        .putAll(
            states.write(
                late,
                JobState.NONE.withCheck(
                    40, System.currentTimeMillis() - Duration.ofHours(1).toMillis())));

    runner.outcome(late, OperationHandler.poll(WaitFor.class, input -> Poll.pending("queued")));

    assertThat(
            meters
                .get(MicrometerMetrics.WAITS_CHECKS)
                .tag("result", "timeout")
                .summary()
                .totalAmount())
        .isEqualTo(41);
  }

  @Test
  void aCreateCountsItsSentMarkAndEachLookupAfterALostAnswerByWhatItFound() {
    OperationHandler<CreateInput> create =
        OperationHandler.create(
            CreateInput.class,
            (input, job) -> Map.of("id", "new"),
            (input, job) ->
                "found".equals(input.name()) ? Optional.of(Map.of("id", "old")) : Optional.empty());

    runner.outcome(job("test.create", Map.of("name", "found")), create);
    for (String name : List.of("found", "lost")) {
      ActivatedJob retried = job("test.create", Map.of("name", name));
      retried
          .getVariablesAsMap()
          .putAll(states.write(retried, JobState.NONE.withSent(List.of()).withAttempt(1)));
      runner.outcome(retried, create);
    }

    assertThat(meters.get(MicrometerMetrics.SENT_MARKS).counter().count())
        .as("only the first attempt writes one; the lost one was sent already")
        .isEqualTo(1);
    assertThat(meters.get(MicrometerMetrics.LOOKUPS).tag("result", "found").counter().count())
        .isEqualTo(1);
    assertThat(meters.get(MicrometerMetrics.LOOKUPS).tag("result", "not_found").counter().count())
        .isEqualTo(1);
  }

  private double open() {
    return meters.get(MicrometerMetrics.WAITS_OPEN).tag("operation", "test.wait").gauge().value();
  }

  private static ActivatedJob job(String type, Map<String, Object> variables) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getType()).thenReturn(type);
    when(job.getKey()).thenReturn(1L);
    when(job.getElementInstanceKey()).thenReturn(ELEMENT);
    when(job.getProcessInstanceKey()).thenReturn(ELEMENT - 1);
    when(job.getRetries()).thenReturn(5);
    when(job.getVariablesAsMap()).thenReturn(new HashMap<>(variables));
    when(job.getCustomHeaders()).thenReturn(Map.of());
    return job;
  }
}
