package io.mediaflow.worker;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.AdditionalAnswers.delegatesTo;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.camunda.client.api.worker.JobWorker;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.MediaflowTest;
import io.mediaflow.delivery.CreateDomain;
import io.mediaflow.delivery.DeleteDomain;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ListDomains;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.NewStream;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.sandbox.RequestCounter;
import io.mediaflow.transcoding.Task;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.worker.internal.InputReader;
import io.mediaflow.worker.internal.JobRunner;
import io.mediaflow.worker.internal.JobStates;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mockito.stubbing.Answer;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Creates whose service did the work while what came after it failed: each of the worker's engine
 * commands after the create's request refused (as Camunda's REST API once answered set-variables
 * with 404), or the worker dying right after the request, before it told the engine anything (its
 * job handed out again once the job's timeout passes, with only what was written down before). For
 * each kind of create the sandbox then holds exactly one of what it makes. The create runs on a
 * worker of this test's own job type, through a {@link JobRunner} whose engine client fails at that
 * point; the handler, the sandbox and the engine are the application's.
 */
class CreatesAfterTheWorkTest extends MediaflowTest {

  enum Fault {
    WRITES_REFUSED,
    WORKER_DIES
  }

  /** A worker that stops where it stands: nothing more is sent for the job. */
  private static final class WorkerDied extends Error {
    WorkerDied() {
      super("the worker died", null, false, false);
    }
  }

  @Autowired List<OperationHandlers> declarations;
  @Autowired InputReader inputs;
  @Autowired JobStates states;
  @Autowired WorkerProperties properties;
  @Autowired RequestCounter requests;
  @Autowired LiveClient live;
  @Autowired DeliveryClient delivery;
  @Autowired SigningKeyStore keyStore;
  @Autowired TranscodingClient transcoding;

  private JobWorker worker;
  private final AtomicInteger faults = new AtomicInteger();

  @AfterEach
  void closeWorker() {
    if (worker != null) {
      worker.close();
    }
  }

  /**
   * Nothing lists tasks, so a task whose worker died before telling the engine cannot be found
   * again (see docs).
   */
  @Test
  void aTaskWhoseResultCannotBeWrittenIsCreatedOnce() {
    long tasksBefore = requests.count(CREATE_TASK);

    JsonNode created =
        create(Fault.WRITES_REFUSED, "mediaflow.transcoding.create_task", Map.of(), CREATE_TASK);

    assertThat(faults).as("the write of the result was refused").hasPositiveValue();
    assertThat(created.path("task_token").asText()).isNotBlank();
    assertThat(requests.count(CREATE_TASK) - tasksBefore).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aStartedJobIsStartedOnce(Fault fault) {
    Task task = transcoding.createTask();
    long startsBefore = requests.count(START_ENCODE2);

    JsonNode started =
        create(
            fault,
            "mediaflow.transcoding.start_encode2",
            Map.of(
                "taskToken",
                task.taskToken(),
                "query",
                Map.of(
                    "source",
                    baseUrl() + "/sandbox/samples/bars-1080p.mp4",
                    "format",
                    List.of(Map.of("output", "metadata")))),
            START_ENCODE2);

    assertThat(started.path("task_token").asText()).isEqualTo(task.taskToken());
    assertThat(requests.count(START_ENCODE2) - startsBefore).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aStreamIsCreatedOnce(Fault fault) {
    String name = "after the work " + UUID.randomUUID();

    JsonNode created =
        create(
            fault,
            "mediaflow.live.create_stream",
            Map.of("name", name),
            "POST /sandbox/live/v1/live-streams");

    assertThat(live.listStreams(StreamFilter.all().and("name", name)))
        .singleElement()
        .satisfies(stream -> assertThat(stream.id()).isEqualTo(created.path("id").asText()));
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aSigningKeyIsCreatedOnceWithItsPrivateKeyKeptAndItsNameAsGiven(Fault fault) {
    String bucket = bucketName();

    JsonNode created =
        create(
            fault,
            "mediaflow.delivery.create_signing_key",
            Map.of("bucketName", bucket, "name", "playback"),
            "POST /sandbox/cdn/v1/signing-keys");

    List<SigningKey> forBucket =
        delivery.listSigningKeys().stream().filter(key -> bucket.equals(key.bucketName())).toList();
    assertThat(forBucket)
        .singleElement()
        .satisfies(
            key -> {
              assertThat(key.id()).isEqualTo(created.path("id").asText());
              assertThat(key.name()).isEqualTo("playback");
            });
    assertThat(keyStore.find(created.path("id").asText())).as("its private key").isPresent();
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aDomainIsCreatedOnce(Fault fault) {
    String domainName = "after-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";

    JsonNode created =
        create(
            fault,
            "mediaflow.delivery.create_domain",
            Map.of("name", domainName, "type", "live"),
            "POST /sandbox/cdn/v1/domains");

    assertThat(delivery.listDomains(ListDomains.all()))
        .filteredOn(domain -> domainName.equals(domain.domainName()))
        .singleElement()
        .satisfies(domain -> assertThat(domain.id()).isEqualTo(created.path("id").asText()));
    delivery.deleteDomain(new DeleteDomain(created.path("id").asText()));
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aTlsSubscriptionIsCreatedOnceAndItsResultNamesTheCnameRecord(Fault fault) {
    String domainId =
        delivery
            .createDomain(
                new CreateDomain(
                    "after-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com",
                    "live",
                    null))
            .id();

    JsonNode created =
        create(
            fault,
            "mediaflow.delivery.create_tls_subscription",
            Map.of("domainId", domainId),
            "POST /sandbox/cdn/v1/tls/subscriptions");

    assertThat(delivery.listTlsSubscriptions())
        .filteredOn(subscription -> domainId.equals(subscription.domainId()))
        .singleElement()
        .satisfies(
            subscription -> assertThat(subscription.id()).isEqualTo(created.path("id").asText()));
    assertThat(created.path("message").asText()).as("the CNAME instruction").contains("CNAME");
    delivery.deleteDomain(new DeleteDomain(domainId));
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aPlaybackIdIsAddedOnce(Fault fault) {
    Stream stream = live.createStream(NewStream.named("after the work " + UUID.randomUUID()));

    create(
        fault,
        "mediaflow.live.add_playback_id",
        Map.of("streamId", stream.id(), "policy", "authenticated"),
        "POST /sandbox/live/v1/live-streams/{id}/playback-ids");

    assertThat(live.getStream(new GetStream(stream.id())).playbackIds())
        .filteredOn(id -> "authenticated".equals(id.policy()))
        .hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void aSimulcastTargetIsAddedOnce(Fault fault) {
    Stream stream = live.createStream(NewStream.named("after the work " + UUID.randomUUID()));

    create(
        fault,
        "mediaflow.live.add_simulcast_target",
        Map.of(
            "streamId",
            stream.id(),
            "url",
            "rtmp://127.0.0.1:1935/live",
            "streamKey",
            "after-the-work-key"),
        "POST /sandbox/live/v1/live-streams/{id}/simulcast-targets");

    assertThat(live.getStream(new GetStream(stream.id())).simulcastTargets()).hasSize(1);
  }

  private static final String CREATE_TASK = "POST /sandbox/transcoding/v1/create_task";
  private static final String START_ENCODE2 = "POST /sandbox/transcoding/v1/start_encode2";

  /**
   * Runs one job of {@code jobType}'s handler with {@code variables}, failing as {@code fault} says
   * once the sandbox received the create's request ({@code endpoint}), and returns its result.
   */
  private JsonNode create(
      Fault fault, String jobType, Map<String, Object> variables, String endpoint) {
    OperationHandler<?> handler =
        declarations.stream()
            .flatMap(declared -> declared.handlers().stream())
            .filter(declared -> declared.type().equals(jobType))
            .findFirst()
            .orElseThrow();
    long requestsBefore = requests.count(endpoint);
    CamundaClient engine = failing(camunda, fault, () -> requests.count(endpoint) > requestsBefore);
    var runner = new JobRunner(engine, inputs, states, properties);
    String type = "test.after-the-work." + UUID.randomUUID();
    worker =
        camunda
            .newWorker()
            .jobType(type)
            .handler(
                (client, job) -> {
                  try {
                    runner.handle(
                        failing(client, fault, () -> requests.count(endpoint) > requestsBefore),
                        job,
                        handler);
                  } catch (WorkerDied dead) {
                    // Nothing more is sent: the engine hands the job out again once its timeout
                    // passes.
                  }
                })
            .timeout(Duration.ofSeconds(2))
            .open();

    String processId = "after-the-work-" + jobType.replace('.', '-').replace('_', '-');
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask(
                    "Create",
                    task -> task.zeebeJobType(type).zeebeTaskHeader("resultVariable", "created"))
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long key = start(processId, variables);

    assertThatProcessInstance(byKey(key)).isCompleted();

    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(requests.count(endpoint))
        .as("requests of %s in %s", endpoint, requests.counts())
        .isGreaterThan(requestsBefore);
    if (fault == Fault.WORKER_DIES) {
      assertThat(faults.get()).as("the worker died after the request").isPositive();
    }
    return instance(key).variable("created").orElseThrow();
  }

  /**
   * The engine client, whose set-variables commands fail as {@code fault} says once {@code
   * afterTheWork} holds.
   */
  private CamundaClient failing(CamundaClient client, Fault fault, BooleanSupplier afterTheWork) {
    CamundaClient engine = mock(CamundaClient.class, delegatesTo(client));
    doAnswer(failOr(client, fault, afterTheWork)).when(engine).newSetVariablesCommand(anyLong());
    return engine;
  }

  /**
   * The job's client, whose complete and fail commands fail as {@code fault} says once {@code
   * afterTheWork} holds.
   */
  private JobClient failing(JobClient client, Fault fault, BooleanSupplier afterTheWork) {
    JobClient jobs = mock(JobClient.class, delegatesTo(client));
    doAnswer(failOr(client, fault, afterTheWork))
        .when(jobs)
        .newCompleteCommand(any(ActivatedJob.class));
    doAnswer(failOr(client, fault, afterTheWork))
        .when(jobs)
        .newFailCommand(any(ActivatedJob.class));
    return jobs;
  }

  /**
   * Refuses every set-variables command, or dies at the first command, once the work is done; else
   * delegates.
   */
  private Answer<Object> failOr(Object client, Fault fault, BooleanSupplier afterTheWork) {
    return command -> {
      if (afterTheWork.getAsBoolean()) {
        if (fault == Fault.WRITES_REFUSED
            && command.getMethod().getName().equals("newSetVariablesCommand")) {
          faults.incrementAndGet();
          throw new ProblemException(404, "Not Found", null);
        }
        if (fault == Fault.WORKER_DIES && faults.getAndIncrement() == 0) {
          throw new WorkerDied();
        }
      }
      return command.getMethod().invoke(client, command.getArguments());
    };
  }
}
