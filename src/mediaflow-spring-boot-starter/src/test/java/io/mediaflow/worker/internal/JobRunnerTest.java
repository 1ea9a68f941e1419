package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientException;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.grpc.Status;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeleteDomain;
import io.mediaflow.delivery.GetDomain;
import io.mediaflow.live.AddPlaybackId;
import io.mediaflow.live.GetStream;
import io.mediaflow.worker.DefaultWorkerProperties;
import io.mediaflow.worker.EnvironmentSecretProvider;
import io.mediaflow.worker.WorkerProperties;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How the one worker mechanism turns each kind of outcome into what the engine does next. */
class JobRunnerTest {

  @Operation(
      type = "test.create",
      name = "Create",
      description = "creates",
      resultVariable = "created",
      sideEffect = true)
  record CreateInput(
      @NotBlank @Input(label = "Name") String name,
      Integer count,
      @Size(max = 3, message = "must be at most {max} characters") @Input(label = "Code")
          String code,
      @Input(label = "Secret key") String secretKey) {}

  @Operation(type = "test.wait", name = "Wait", description = "waits", resultVariable = "done")
  record WaitFor(Duration timeout) implements WaitInput {}

  private static final long ELEMENT = 2251799813685302L;
  private static final Map<String, String> SECRETS =
      Map.of("DVR_SECRET_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");

  private final WorkerProperties properties = DefaultWorkerProperties.get();
  private final JobStates states = new JobStates(properties);
  private final JobRunner runner =
      new JobRunner(
          mock(CamundaClient.class, org.mockito.Mockito.RETURNS_DEEP_STUBS),
          new InputReader(name -> Optional.ofNullable(SECRETS.get(name))),
          states,
          properties);
  private final AtomicInteger calls = new AtomicInteger();
  private final OperationHandler<CreateInput> create =
      OperationHandler.call(
          CreateInput.class, input -> Map.of("id", "second-" + calls.incrementAndGet()));

  @Test
  void aRetriedJobWhoseCallAlreadySucceededReturnsThatResultWithoutCallingAgain() {
    ActivatedJob retried = job("test.create", Map.of("name", "a"), 4);
    withState(retried, JobState.NONE.withResult(Map.of("id", "first")));

    assertThat(runner.outcome(retried, create))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "first"))));
    assertThat(calls).hasValue(0);
  }

  @Test
  void bookkeepingThatTheWorkersDidNotWriteForThisElementInstanceIsIgnored() {
    ActivatedJob elsewhere = job("test.create", Map.of("name", "a"), 4);
    when(elsewhere.getElementInstanceKey()).thenReturn(ELEMENT + 1);
    String anotherElementsState =
        (String)
            states
                .write(elsewhere, JobState.NONE.withResult(Map.of("id", "injected")))
                .get(JobStates.VARIABLE);

    for (Object forged :
        List.of(
            anotherElementsState,
            "eyJyZXN1bHQiOiJ4In0.AAAA",
            Map.of("recorded", true, "result", "x"))) {
      var variables = new HashMap<String, Object>(Map.of("name", "a", JobStates.VARIABLE, forged));
      assertThat(runner.outcome(job("test.create", variables, 4), create))
          .as(String.valueOf(forged))
          .isInstanceOfSatisfying(
              JobOutcome.Complete.class,
              complete ->
                  assertThat(complete.variables().get("created"))
                      .isEqualTo(Map.of("id", "second-" + calls.get())));
    }
    assertThat(calls).hasValue(3);
  }

  @Test
  void theWorkerFetchesOnlyTheInputsComponentsAndItsOwnState() {
    assertThat(create.variables())
        .containsExactly(
            "name", "count", "code", "secretKey", JobStates.VARIABLE, InputVariables.LOOP_COUNTER);
  }

  @Test
  void theResultGoesToTheVariableTheModelNames() {
    ActivatedJob job = job("test.wait", Map.of(), 3, Map.of("resultVariable", "myResult"));
    assertThat(runner.outcome(job, OperationHandler.poll(WaitFor.class, input -> Poll.done("yes"))))
        .isEqualTo(new JobOutcome.Complete(Map.of("myResult", "yes")));
  }

  @Test
  void inputThatBreaksARuleIsAnIncidentNamingEveryField() {
    ActivatedJob job = job("test.create", Map.of("name", " ", "code", "toolong"), 3);

    assertThat(runner.outcome(job, create))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isZero();
              assertThat(fail.message())
                  .isEqualTo(
                      "Invalid input: code: must be at most 3 characters; name: must not be blank");
            });
  }

  @Test
  void aVariableOfTheWrongTypeIsNamedWithoutEchoingItsValue() {
    ActivatedJob job = job("test.create", Map.of("name", "a", "count", "secret-looking-text"), 3);

    assertThat(runner.outcome(job, create))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail ->
                assertThat(fail.message())
                    .isEqualTo("Invalid input: count: must be a number")
                    .doesNotContain("secret-looking-text"));
  }

  @Test
  void aNumberOrTrueWhereTextIsExpectedIsRefusedNotTurnedIntoText() {
    for (Object notText : new Object[] {true, 7, 2.5}) {
      ActivatedJob job = job("test.create", Map.of("name", notText), 3);
      assertThat(runner.outcome(job, create))
          .as("name = %s", notText)
          .isInstanceOfSatisfying(
              JobOutcome.Fail.class,
              fail ->
                  assertThat(fail.message()).isEqualTo("Invalid input: name: must be a string"));
    }
  }

  @Test
  void aSecretReferenceReachesTheCallAndIsMaskedInTheResultAndInErrors() {
    String secret = SECRETS.get("DVR_SECRET_KEY");
    var seen = new java.util.concurrent.atomic.AtomicReference<String>();
    ActivatedJob job =
        job("test.create", Map.of("name", "a", "secretKey", "key={{secrets.DVR_SECRET_KEY}}"), 3);

    JobOutcome echoed =
        runner.outcome(
            job,
            OperationHandler.call(
                CreateInput.class,
                input -> {
                  seen.set(input.secretKey());
                  return Map.of("echo", input.secretKey());
                }));
    JobOutcome refused =
        runner.outcome(
            job,
            OperationHandler.call(
                CreateInput.class,
                input -> {
                  throw new ApiException.Rejected(
                      "BAD_REQUEST",
                      "bad " + input.secretKey(),
                      Map.of("field", input.secretKey()));
                }));
    JobOutcome failed =
        runner.outcome(
            job,
            OperationHandler.call(
                CreateInput.class,
                input -> {
                  throw new ApiException.Transient(
                      "HTTP_503", "down for " + input.secretKey(), null, null);
                }));

    assertThat(seen).hasValue("key=" + secret);
    assertThat(echoed)
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("echo", "key=***"))));
    assertThat(refused)
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class,
            error -> {
              assertThat(error.message()).isEqualTo("bad key=***");
              assertThat(error.variables().toString()).doesNotContain(secret);
            });
    assertThat(failed)
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class, fail -> assertThat(fail.message()).doesNotContain(secret));
  }

  @Test
  void aReferenceToAnUnknownSecretIsAnIncidentNamingTheFieldAndTheSecret() {
    ActivatedJob job =
        job("test.create", Map.of("name", "a", "secretKey", "{{secrets.NO_SUCH_SECRET}}"), 3);

    assertThat(runner.outcome(job, create))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isZero();
              assertThat(fail.message())
                  .startsWith("Invalid input: secretKey: the secret NO_SUCH_SECRET is unknown");
            });
    assertThat(calls).hasValue(0);
  }

  /**
   * A field the service echoes (a name, a URL it calls) could carry the secret back out: only
   * credentials take one.
   */
  @Test
  void aSecretReferenceInAFieldThatIsNoCredentialIsAnIncidentAndNothingIsResolved() {
    ActivatedJob job = job("test.create", Map.of("name", "{{secrets.DVR_SECRET_KEY}}"), 3);

    assertThat(runner.outcome(job, create))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isZero();
              assertThat(fail.message())
                  .startsWith(
                      "Invalid input: name: a secret reference is allowed only in a field that"
                          + " carries a credential");
            });
    assertThat(calls).hasValue(0);
    assertThat(SecretReferences.carriesCredential("dvr.destination[0].secret_key")).isTrue();
    assertThat(SecretReferences.carriesCredential("simulcastTargets[1].streamKey")).isTrue();
    assertThat(SecretReferences.carriesCredential("query.format[0].destination.url")).isFalse();
  }

  /**
   * By default only variables named as secrets are: the worker's other environment is out of a
   * process's reach.
   */
  @Test
  void anEnvironmentVariableThatIsNoSecretCannotBeNamed() {
    var environment =
        Map.of("JAVA_HOME", "/usr/lib/jvm/temurin-25", "MEDIAFLOW_SECRET_DVR_SECRET_KEY", "wJalr");
    var byDefault =
        new JobRunner(
            mock(CamundaClient.class, org.mockito.Mockito.RETURNS_DEEP_STUBS),
            new InputReader(
                new EnvironmentSecretProvider("MEDIAFLOW_SECRET_", List.of(), environment)),
            states,
            properties);

    assertThat(
            byDefault.outcome(
                job("test.create", Map.of("name", "a", "secretKey", "{{secrets.JAVA_HOME}}"), 3),
                create))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isZero();
              assertThat(fail.message())
                  .startsWith("Invalid input: secretKey: the secret JAVA_HOME is unknown")
                  .doesNotContain("/usr/lib/jvm");
            });
    assertThat(
            byDefault.outcome(
                job(
                    "test.create",
                    Map.of("name", "a", "secretKey", "{{secrets.DVR_SECRET_KEY}}"),
                    3),
                create))
        .isInstanceOf(JobOutcome.Complete.class);
  }

  @Test
  void aRejectionIsABpmnErrorWithTheServiceCodeAndDetails() {
    ActivatedJob job = job("test.create", Map.of("name", "a"), 3);

    assertThat(
            runner.outcome(
                job,
                OperationHandler.call(
                    CreateInput.class,
                    input -> {
                      throw new ApiException.Rejected(
                          "ERROR_VALID_PARAMS", "bad", Map.of("error", 19));
                    })))
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class,
            error -> {
              assertThat(error.code()).isEqualTo("ERROR_VALID_PARAMS");
              assertThat(error.variables())
                  .containsEntry("errorCode", "ERROR_VALID_PARAMS")
                  .containsEntry("errorDetails", Map.of("error", 19));
            });
  }

  @Test
  void aTransientFaultIsRetriedAfterTheServicesRetryAfterOrAGrowingPause() {
    ActivatedJob busy = job("test.create", Map.of("name", "a"), 5);
    assertThat(
            runner.outcome(
                busy,
                OperationHandler.call(
                    CreateInput.class,
                    input -> {
                      throw new ApiException.Transient(
                          "ERROR_SYSTEM_BUSY", "busy", Duration.ofSeconds(7), null);
                    })))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isEqualTo(4);
              assertThat(fail.backoff()).isEqualTo(Duration.ofSeconds(7));
              withState(busy, JobState.NONE);
              busy.getVariablesAsMap().putAll(fail.variables());
              assertThat(states.read(busy, busy.getVariablesAsMap()).attempt()).isEqualTo(1);
            });

    ActivatedJob thirdAttempt = job("test.create", Map.of("name", "a"), 2);
    withState(thirdAttempt, JobState.NONE.withAttempt(3));
    assertThat(
            runner.outcome(
                thirdAttempt,
                OperationHandler.call(
                    CreateInput.class,
                    input -> {
                      throw new ApiException.Transient("HTTP_503", "down", null, null);
                    })))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isEqualTo(1);
              // 1 s doubled three times, less up to a quarter of jitter.
              assertThat(fail.backoff()).isBetween(Duration.ofMillis(6000), Duration.ofSeconds(8));
            });
  }

  @Test
  void aBusyServiceIsAskedAgainWithoutSpendingRetriesUntilTheBusyWaitPasses() {
    ActivatedJob refused = job("test.create", Map.of("name", "a"), 5);
    assertThat(
            runner.outcome(
                refused,
                OperationHandler.call(
                    CreateInput.class,
                    input -> {
                      throw ApiException.Transient.busy(
                          "ERROR_LIMIT_EXCEEDED", "limit of queued tasks reached", null);
                    })))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).as("the retries are kept for faults").isEqualTo(5);
              assertThat(fail.backoff()).isBetween(Duration.ofMillis(750), Duration.ofSeconds(1));
              assertThat(fail.message())
                  .startsWith("Waiting, the service is busy")
                  .endsWith("[ERROR_LIMIT_EXCEEDED]");
              withState(refused, JobState.NONE);
              refused.getVariablesAsMap().putAll(fail.variables());
              assertThat(states.read(refused, refused.getVariablesAsMap()).busySince()).isNotNull();
            });

    ActivatedJob advised = job("test.create", Map.of("name", "a"), 5);
    withState(
        advised,
        JobState.NONE.withBusy(12, System.currentTimeMillis() - Duration.ofMinutes(59).toMillis()));
    assertThat(
            runner.outcome(
                advised,
                OperationHandler.call(
                    CreateInput.class,
                    input -> {
                      throw ApiException.Transient.busy(
                          "ERROR_SYSTEM_BUSY", "not enough resources", Duration.ofSeconds(7));
                    })))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isEqualTo(5);
              assertThat(fail.backoff())
                  .as("the service's retry_after")
                  .isEqualTo(Duration.ofSeconds(7));
            });

    ActivatedJob tooLong = job("test.create", Map.of("name", "a"), 5);
    withState(
        tooLong,
        JobState.NONE.withBusy(40, System.currentTimeMillis() - Duration.ofMinutes(61).toMillis()));
    assertThat(
            runner.outcome(
                tooLong,
                OperationHandler.call(
                    CreateInput.class,
                    input -> {
                      throw ApiException.Transient.busy(
                          "ERROR_QUEUE_IS_FULL", "processing queue full", null);
                    })))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail ->
                assertThat(fail.retries())
                    .as("past busyWait a busy answer counts as a fault")
                    .isEqualTo(4));
  }

  @Test
  void aCreateRetriedAfterATransientFaultFirstLooksForWhatTheFailedAttemptCreated() {
    var lookups = new java.util.ArrayList<String>();
    OperationHandler<CreateInput> lookedUp =
        OperationHandler.create(
            CreateInput.class,
            (input, job) -> Map.of("id", "new-" + calls.incrementAndGet()),
            (input, job) -> {
              lookups.add(job.marker());
              return "found".equals(input.name())
                  ? Optional.of(Map.of("id", "earlier"))
                  : Optional.empty();
            });

    ActivatedJob first = job("test.create", Map.of("name", "found"), 5);
    assertThat(runner.outcome(first, lookedUp))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "new-1"))));
    assertThat(lookups).as("a first attempt has nothing to look for").isEmpty();

    ActivatedJob retried = job("test.create", Map.of("name", "found"), 4);
    withState(retried, JobState.NONE.withSent(List.of()).withAttempt(1));
    assertThat(runner.outcome(retried, lookedUp))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "earlier"))));

    ActivatedJob nothingThere = job("test.create", Map.of("name", "lost"), 4);
    withState(nothingThere, JobState.NONE.withSent(List.of()).withAttempt(1));
    assertThat(runner.outcome(nothingThere, lookedUp))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "new-2"))));

    assertThat(lookups)
        .hasSize(2)
        .allSatisfy(marker -> assertThat(marker).startsWith("mf-" + ELEMENT + "-"));
  }

  @Operation(
      type = "test.delete",
      name = "Delete",
      description = "deletes",
      resultVariable = "deleted",
      sideEffect = true)
  record DeleteInput(String id) {}

  /**
   * Set-variables commands as the engine sees them: what was written, in order, unless writing
   * fails.
   */
  private final List<Map<String, Object>> written = new java.util.ArrayList<>();

  private RuntimeException writeFailure;
  private final JobRunner writing =
      new JobRunner(engine(), new InputReader(name -> Optional.empty()), states, properties);

  @Test
  void aCreateWritesThatItIsSentBeforeSendingItSoAnAttemptAfterADeadWorkerLooksFirst() {
    var writtenBeforeTheCall = new AtomicInteger(-1);
    OperationHandler<CreateInput> lookedUp =
        OperationHandler.create(
            CreateInput.class,
            (input, job) -> {
              writtenBeforeTheCall.set(written.size());
              return Map.of("id", "new-" + calls.incrementAndGet());
            },
            (input, job) -> Optional.of(Map.of("id", "found")));

    ActivatedJob first = job("test.create", Map.of("name", "a"), 5);
    assertThat(writing.outcome(first, lookedUp))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "new-1"))));
    assertThat(writtenBeforeTheCall).as("the mark was written before the call").hasValue(1);
    assertThat(written).as("and nothing after it: the lookup stands in for a record").hasSize(1);

    // The worker died before completing the job: it is handed out again with what was written, and
    // nothing else.
    ActivatedJob again = job("test.create", Map.of("name", "a"), 5);
    again.getVariablesAsMap().putAll(written.get(0));
    assertThat(writing.outcome(again, lookedUp))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "found"))));
    assertThat(calls).hasValue(1);
  }

  @Test
  void aCreateWhoseMarkCannotBeWrittenIsNotSent() {
    writeFailure = new ProblemException(404, "Not Found", null);
    OperationHandler<CreateInput> lookedUp =
        OperationHandler.create(
            CreateInput.class,
            (input, job) -> Map.of("id", "new-" + calls.incrementAndGet()),
            (input, job) -> Optional.empty());

    assertThat(writing.outcome(job("test.create", Map.of("name", "a"), 5), lookedUp))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class, fail -> assertThat(fail.retries()).isEqualTo(4));
    assertThat(calls).hasValue(0);
  }

  @Test
  void aResultThatCannotBeRecordedStillCompletesTheJobRatherThanCallingAgain() {
    writeFailure = new ProblemException(404, "Not Found", null);

    assertThat(writing.outcome(job("test.create", Map.of("name", "a"), 5), create))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", Map.of("id", "second-1"))));
    assertThat(calls).hasValue(1);
  }

  @Test
  void aFaultAfterTheCreateWasSentKeepsTheMarkAndWhatWasThereBefore() {
    var seenBefore = new java.util.ArrayList<List<String>>();
    OperationHandler<CreateInput> lookedUp =
        OperationHandler.create(
            CreateInput.class,
            (input, job) -> List.of("k1", "k2"),
            (input, job) -> {
              throw new ApiException.Transient("TRANSPORT", "connection reset", null, null);
            },
            (input, job) -> {
              seenBefore.add(job.before());
              return Optional.empty();
            });

    ActivatedJob first = job("test.create", Map.of("name", "a"), 5);
    JobOutcome failed = writing.outcome(first, lookedUp);
    assertThat(failed).isInstanceOf(JobOutcome.Fail.class);
    ActivatedJob retried = job("test.create", Map.of("name", "a"), 4);
    retried.getVariablesAsMap().putAll(((JobOutcome.Fail) failed).variables());
    assertThat(states.read(retried, retried.getVariablesAsMap()))
        .satisfies(
            state -> {
              assertThat(state.attempt()).isEqualTo(1);
              assertThat(state.sent()).isTrue();
              assertThat(state.before()).containsExactly("k1", "k2");
            });

    writing.outcome(retried, lookedUp);
    assertThat(seenBefore).containsExactly(List.of("k1", "k2"));
    assertThat(written).as("the mark is written once").hasSize(1);
  }

  @Test
  void aDeleteRepeatedAfterAnAttemptThatMayHaveTakenEffectTakesNotFoundAsDone() {
    OperationHandler<DeleteInput> delete =
        OperationHandler.delete(
            DeleteInput.class,
            (input, job) -> {
              throw new ApiException.Rejected("NOT_FOUND", "no such thing", Map.of());
            },
            (input, job) -> "gone");

    assertThat(runner.outcome(job("test.delete", Map.of("id", "x"), 5), delete))
        .as("a first attempt")
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class, error -> assertThat(error.code()).isEqualTo("NOT_FOUND"));
    ActivatedJob repeated = job("test.delete", Map.of("id", "x"), 4);
    withState(repeated, JobState.NONE.withAttempt(1));
    assertThat(runner.outcome(repeated, delete))
        .isEqualTo(new JobOutcome.Complete(Map.of("deleted", "gone")));
  }

  @Test
  void
      aDeleteRepeatedAfterAnAttemptThatMayHaveTakenEffectTakesStatusFailedAsDoneWhenItsCheckAgrees() {
    var stillThere = new java.util.concurrent.atomic.AtomicBoolean();
    OperationHandler<DeleteInput> delete =
        OperationHandler.delete(
            DeleteInput.class,
            (input, job) -> {
              throw new ApiException.Rejected("FAILED", "status failed", Map.of());
            },
            (input, job) -> {
              if (stillThere.get()) {
                throw new ApiException.Rejected("FAILED", "still there", Map.of());
              }
              return "gone";
            });

    assertThat(runner.outcome(job("test.delete", Map.of("id", "x"), 5), delete))
        .as("a first attempt")
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class, error -> assertThat(error.code()).isEqualTo("FAILED"));
    ActivatedJob repeated = job("test.delete", Map.of("id", "x"), 4);
    withState(repeated, JobState.NONE.withSent(List.of()));
    assertThat(runner.outcome(repeated, delete))
        .isEqualTo(new JobOutcome.Complete(Map.of("deleted", "gone")));
    stillThere.set(true);
    assertThat(runner.outcome(repeated, delete))
        .as("the thing is still there: the service's own failure")
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class, error -> assertThat(error.message()).contains("still there"));
  }

  /** Document 1's deletes: the attempt after a worker that died mid-delete meets "not found". */
  @Test
  void aDeliveryDeleteWritesItsSentMarkSoTheAttemptAfterADeadWorkerTakesNotFoundAsDone() {
    var client = mock(io.mediaflow.delivery.DeliveryClient.class);
    when(client.getDomain(new GetDomain("3f2b6c1e-8d4a-4c5e-9f1a-2b3c4d5e6f70")))
        .thenThrow(new ApiException.Rejected("NOT_FOUND", "no such domain", Map.of()));
    var deleteDomain =
        io.mediaflow.delivery.worker.DeliveryWorkersAccess.workers(client, null, null)
            .handlers()
            .stream()
            .filter(handler -> handler.type().equals("mediaflow.delivery.delete_domain"))
            .findFirst()
            .orElseThrow();
    org.mockito.Mockito.doThrow(new IllegalStateException("the worker dies"))
        .doThrow(new ApiException.Rejected("NOT_FOUND", "no such domain", Map.of()))
        .when(client)
        .deleteDomain(new DeleteDomain("3f2b6c1e-8d4a-4c5e-9f1a-2b3c4d5e6f70"));

    writing.outcome(
        job(
            "mediaflow.delivery.delete_domain",
            Map.of("domainId", "3f2b6c1e-8d4a-4c5e-9f1a-2b3c4d5e6f70"),
            5),
        deleteDomain);

    assertThat(written).as("the mark, before the call").hasSize(1);
    ActivatedJob afterADeadWorker =
        job(
            "mediaflow.delivery.delete_domain",
            Map.of("domainId", "3f2b6c1e-8d4a-4c5e-9f1a-2b3c4d5e6f70"),
            5);
    afterADeadWorker.getVariablesAsMap().putAll(written.get(0));
    assertThat(writing.outcome(afterADeadWorker, deleteDomain))
        .isEqualTo(new JobOutcome.Complete(Map.of("domainDeleted", true)));
  }

  /**
   * A lost answer the service's state cannot settle is for a person, not a retry, and not an
   * operator's credentials problem either: an incident naming what was found.
   */
  @Test
  void anOutcomeTheServiceLeavesOpenIsAnIncidentNamingWhatWasFound() {
    OperationHandler<CreateInput> ambiguous =
        OperationHandler.call(
            CreateInput.class,
            input -> {
              throw new io.mediaflow.api.ApiException.OutcomeUnknown(
                  "AMBIGUOUS_CREATION", "the streams [s1, s2] named a appeared since");
            });

    assertThat(runner.outcome(job("test.create", Map.of("name", "a"), 3), ambiguous))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isZero();
              assertThat(fail.message())
                  .isEqualTo("the streams [s1, s2] named a appeared since [AMBIGUOUS_CREATION]");
            });
  }

  /**
   * The operator sees the request id the service gave, to quote to its support: in an incident
   * raised at once, and in a fault's failure, which becomes the incident once the retries run out.
   */
  @Test
  void aFailureFromAnAnswerNamesTheServicesRequestId() {
    var forbidden =
        new io.mediaflow.api.ApiException.Misconfigured(
            "FORBIDDEN",
            "POST /v1/things: forbidden",
            new io.mediaflow.api.ApiException.HttpAnswer(403, "req-7f3a"));
    var unavailable =
        new io.mediaflow.api.ApiException.Transient(
            "HTTP_503",
            "POST /v1/things answered HTTP 503",
            null,
            null,
            new io.mediaflow.api.ApiException.HttpAnswer(503, "req-9b1c"));

    assertThat(runner.outcome(job("test.create", Map.of("name", "a"), 3), failingWith(forbidden)))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail ->
                assertThat(fail.message())
                    .isEqualTo("POST /v1/things: forbidden [FORBIDDEN] (request id req-7f3a)"));
    assertThat(runner.outcome(job("test.create", Map.of("name", "a"), 3), failingWith(unavailable)))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isEqualTo(2);
              assertThat(fail.message())
                  .isEqualTo("POST /v1/things answered HTTP 503 [HTTP_503] (request id req-9b1c)");
            });
  }

  private static OperationHandler<CreateInput> failingWith(RuntimeException failure) {
    return OperationHandler.call(
        CreateInput.class,
        input -> {
          throw failure;
        });
  }

  /** An add answered without a new playback ID of the policy asked: an incident naming both. */
  @Test
  void anAddedPlaybackIdMissingFromTheAnswerIsAnIncidentNamingWhatWasExpected() {
    String streamId = "3f2b6c1e-8d4a-4c5e-9f1a-2b3c4d5e6f71";
    var client = mock(io.mediaflow.live.LiveClient.class);
    io.mediaflow.live.Stream before =
        io.mediaflow.api.ApiJson.MAPPER.convertValue(
            Map.of("id", streamId, "playback_ids", List.of(Map.of("id", "p1", "policy", "public"))),
            io.mediaflow.live.Stream.class);
    when(client.getStream(new GetStream(streamId))).thenReturn(before);
    when(client.addPlaybackId(
            new AddPlaybackId(streamId, io.mediaflow.live.PlaybackPolicy.AUTHENTICATED)))
        .thenReturn(before);
    var add =
        io.mediaflow.live.worker.LiveWorkersAccess.workers(client, null, null).handlers().stream()
            .filter(handler -> handler.type().equals("mediaflow.live.add_playback_id"))
            .findFirst()
            .orElseThrow();

    assertThat(
            writing.outcome(
                job(
                    "mediaflow.live.add_playback_id",
                    Map.of("streamId", streamId, "policy", "authenticated"),
                    5),
                add))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isZero();
              assertThat(fail.message())
                  .contains(
                      "PLAYBACK_ID_NOT_ADDED",
                      "without a new playback ID of policy authenticated",
                      "besides [p1]",
                      "got [p1 (public)]");
            });
  }

  @Test
  void aDeleteOrALookupOnlyForAnOperationThatWritesASentMark() {
    assertThatThrownBy(
            () ->
                OperationHandler.delete(
                    WaitFor.class, (input, job) -> "deleted", (input, job) -> "gone"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("side effect");
  }

  @Test
  void aCreateSeesWhatWasThereBeforeItInItsFirstAttempt() {
    var seen = new ArrayList<List<String>>();
    OperationHandler<CreateInput> create =
        OperationHandler.create(
            CreateInput.class,
            (input, job) -> List.of("id-1"),
            (input, job) -> {
              seen.add(job.before());
              return "made";
            },
            (input, job) -> Optional.empty());

    assertThat(writing.outcome(job("test.create", Map.of("name", "a"), 5), create))
        .isInstanceOf(JobOutcome.Complete.class);
    assertThat(seen).containsExactly(List.of("id-1"));
  }

  @Test
  void aDeleteWithASideEffectTellsItsOwnMarkFromAnEarlierAttempts() {
    OperationHandler<CreateInput> delete =
        OperationHandler.delete(
            CreateInput.class,
            (input, job) -> {
              throw new ApiException.Rejected("NOT_FOUND", "no such playback ID", Map.of());
            },
            (input, job) -> "gone");

    assertThat(writing.outcome(job("test.create", Map.of("name", "a"), 5), delete))
        .as("a first attempt, though marked")
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class, error -> assertThat(error.code()).isEqualTo("NOT_FOUND"));
    assertThat(written).as("the mark").hasSize(1);
    ActivatedJob afterADeadWorker = job("test.create", Map.of("name", "a"), 5);
    afterADeadWorker.getVariablesAsMap().putAll(written.get(0));
    assertThat(writing.outcome(afterADeadWorker, delete))
        .isEqualTo(new JobOutcome.Complete(Map.of("created", "gone")));
  }

  private CamundaClient engine() {
    CamundaClient camunda = mock(CamundaClient.class);
    when(camunda.newSetVariablesCommand(org.mockito.ArgumentMatchers.anyLong()))
        .thenAnswer(
            command -> {
              var step1 = mock(io.camunda.client.api.command.SetVariablesCommandStep1.class);
              var step2 =
                  mock(
                      io.camunda.client.api.command.SetVariablesCommandStep1
                          .SetVariablesCommandStep2.class);
              var variables =
                  new java.util.concurrent.atomic.AtomicReference<Map<String, Object>>();
              when(step1.variables(org.mockito.ArgumentMatchers.<String, Object>anyMap()))
                  .thenAnswer(
                      given -> {
                        variables.set(given.getArgument(0));
                        return step2;
                      });
              when(step2.local(true)).thenReturn(step2);
              when(step2.send())
                  .thenAnswer(
                      send -> {
                        if (writeFailure != null) {
                          throw writeFailure;
                        }
                        written.add(variables.get());
                        return mock(io.camunda.client.api.CamundaFuture.class);
                      });
              return step1;
            });
    return camunda;
  }

  @Test
  void aPendingWaitKeepsItsRetriesAndBacksOffUntilItsTimeoutPasses() {
    ActivatedJob firstCheck = job("test.wait", Map.of(), 3);
    assertThat(
            runner.outcome(
                firstCheck,
                OperationHandler.poll(
                    WaitFor.class,
                    input -> Poll.pending("encoding 40%", Map.of("statusUrl", "u2")))))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).isEqualTo(3);
              assertThat(fail.message()).isEqualTo("Waiting: encoding 40%");
              assertThat(fail.variables())
                  .containsEntry("statusUrl", "u2")
                  .containsKey(JobStates.VARIABLE);
            });

    long anHourAgo = System.currentTimeMillis() - Duration.ofHours(1).toMillis();
    ActivatedJob late = job("test.wait", Map.of("timeout", "PT30M"), 3);
    withState(late, JobState.NONE.withCheck(40, anHourAgo));
    assertThat(
            runner.outcome(
                late, OperationHandler.poll(WaitFor.class, input -> Poll.pending("queued"))))
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class, error -> assertThat(error.code()).isEqualTo("WAIT_TIMEOUT"));
  }

  private void withState(ActivatedJob job, JobState state) {
    job.getVariablesAsMap().putAll(states.write(job, state));
  }

  private static ActivatedJob job(String type, Map<String, Object> variables, int retries) {
    return job(type, variables, retries, Map.of());
  }

  private static ActivatedJob job(
      String type, Map<String, Object> variables, int retries, Map<String, String> headers) {
    ActivatedJob job = mock(ActivatedJob.class);
    var mutable = new HashMap<>(variables);
    when(job.getType()).thenReturn(type);
    when(job.getKey()).thenReturn(1L);
    when(job.getElementInstanceKey()).thenReturn(ELEMENT);
    when(job.getProcessInstanceKey()).thenReturn(ELEMENT - 1);
    when(job.getRetries()).thenReturn(retries);
    when(job.getVariablesAsMap()).thenReturn(mutable);
    when(job.getCustomHeaders()).thenReturn(headers);
    return job;
  }

  @Test
  void aJobGoneBeforeItsOutcomeIsSentIsLeftAloneOverEitherProtocol() {
    ActivatedJob job = job("test.create", Map.of("name", "a"), 3);
    for (ClientException gone :
        List.of(
            new ProblemException(404, "Not Found", null),
            new ClientStatusException(Status.NOT_FOUND, null))) {
      // No exception: the SDK would fail the job and be refused again.
      runner.handle(completionFailingWith(job, gone), job, create);
    }

    var refused = new ProblemException(500, "Internal Server Error", null);
    JobClient client = completionFailingWith(job, refused);
    assertThatThrownBy(() -> runner.handle(client, job, create)).isSameAs(refused);
  }

  @Test
  void aJobWhoseOutcomeIsInterruptedByTheStopIsLeftToItsLockNotFailed() {
    ActivatedJob job = job("test.create", Map.of("name", "a"), 3);
    JobClient client =
        completionFailingWith(
            job,
            new ClientException(
                "Unexpectedly interrupted awaiting client response", new InterruptedException()));

    runner.handle(client, job, create); // no exception: the SDK would fail the job, a retry spent

    assertThat(Thread.interrupted()).as("the stop's interruption kept for the worker").isTrue();
  }

  /** A client whose completion of {@code job} fails with {@code failure}. */
  private static JobClient completionFailingWith(ActivatedJob job, ClientException failure) {
    JobClient client = mock(JobClient.class, org.mockito.Mockito.RETURNS_DEEP_STUBS);
    when(client
            .newCompleteCommand(job)
            .variables(org.mockito.ArgumentMatchers.<Map<String, Object>>any())
            .send()
            .join())
        .thenThrow(failure);
    return client;
  }
}
