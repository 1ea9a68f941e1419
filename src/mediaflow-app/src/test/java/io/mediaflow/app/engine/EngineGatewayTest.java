package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.value.IncidentRecordValue;
import io.camunda.zeebe.protocol.record.value.JobBatchRecordValue;
import io.grpc.Status;
import io.mediaflow.MediaflowTest;
import io.mediaflow.app.engine.gateway.EngineGateway;
import io.mediaflow.app.security.AccessProperties;
import io.mediaflow.app.security.GatewayAccess;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durable engine's own gRPC gateway ({@code io.mediaflow.app.engine.gateway}) as Camunda's
 * client meets it: the calls Mediaflow's workers rely on, long polling, job push and rejections as
 * Zeebe's gateway reports them. Each test deploys its own process, with job types of its own.
 */
class EngineGatewayTest {

  @TempDir static Path data;
  private static DurableEngine engine;
  private static CamundaClient client;

  @BeforeAll
  static void start() {
    int port = MediaflowTest.freePort();
    engine =
        DurableEngine.open(
            data,
            new InetSocketAddress("127.0.0.1", port),
            Duration.ofSeconds(30),
            GatewayAccess.server(new AccessProperties(null, null, null)),
            Duration.ofMinutes(5),
            64L << 20,
            8L << 20,
            new EngineGateway(port));
    client =
        CamundaClient.newClientBuilder()
            .grpcAddress(URI.create("http://127.0.0.1:" + port))
            .preferRestOverGrpc(false)
            .defaultRequestTimeout(Duration.ofSeconds(30))
            .build();
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    engine.close();
  }

  /** A process start → service task of {@code jobType} → end, deployed. */
  private static void deploy(String processId, String jobType) {
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask("task", task -> task.zeebeJobType(jobType))
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
  }

  private static List<ActivatedJob> activate(String jobType, Duration requestTimeout) {
    return client
        .newActivateJobsCommand()
        .jobType(jobType)
        .maxJobsToActivate(5)
        .requestTimeout(requestTimeout)
        .send()
        .join()
        .getJobs();
  }

  @Test
  void failAndCompleteCarryTheirVariables() {
    deploy("fail-then-complete", "fail-then-complete");
    var result =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("fail-then-complete")
            .latestVersion()
            .variables(Map.of("input", "in"))
            .withResult()
            .requestTimeout(Duration.ofSeconds(30))
            .send();

    var first =
        await()
            .until(
                () -> activate("fail-then-complete", Duration.ofSeconds(1)),
                jobs -> !jobs.isEmpty());
    client
        .newFailCommand(first.getFirst())
        .retries(1)
        .retryBackoff(Duration.ZERO)
        .errorMessage("once")
        .variables(Map.of("attempt", 1))
        .send()
        .join();
    var second =
        await()
            .until(
                () -> activate("fail-then-complete", Duration.ofSeconds(1)),
                jobs -> !jobs.isEmpty());
    assertThat(second.getFirst().getVariablesAsMap())
        .as("the failed attempt's local variable")
        .containsEntry("attempt", 1)
        .containsEntry("input", "in");
    assertThat(second.getFirst().getRetries()).isEqualTo(1);
    client.newCompleteCommand(second.getFirst()).variables(Map.of("output", "out")).send().join();

    assertThat(result.join().getVariablesAsMap())
        .containsEntry("output", "out")
        .containsEntry("input", "in")
        .doesNotContainKey("attempt");
  }

  @Test
  void aThrownErrorCarriesItsVariables() {
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess("throws")
                .startEvent()
                .serviceTask("task", task -> task.zeebeJobType("throws"))
                .boundaryEvent("caught")
                .error("E1")
                .zeebeOutputExpression("reason", "reason")
                .endEvent()
                .moveToActivity("task")
                .endEvent()
                .done(),
            "throws.bpmn")
        .send()
        .join();
    var result =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("throws")
            .latestVersion()
            .withResult()
            .requestTimeout(Duration.ofSeconds(30))
            .send();

    var job =
        await()
            .until(() -> activate("throws", Duration.ofSeconds(1)), jobs -> !jobs.isEmpty())
            .getFirst();
    client
        .newThrowErrorCommand(job)
        .errorCode("E1")
        .errorMessage("went wrong")
        .variables(Map.of("reason", "r"))
        .send()
        .join();

    assertThat(result.join().getVariablesAsMap()).containsEntry("reason", "r");
  }

  /**
   * The poll is in the log before the job is created, so the engine finds nothing for it at first:
   * only a poll that waits and asks again once the job is there gets it.
   */
  @Test
  void aWaitingPollGetsTheJobCreatedMeanwhile() {
    deploy("long-poll", "long-poll");
    var records = new CopyOnWriteArrayList<io.camunda.zeebe.protocol.record.Record<?>>();
    var source = engine.recordsAfter(-1);
    var poll =
        client
            .newActivateJobsCommand()
            .jobType("long-poll")
            .maxJobsToActivate(1)
            .requestTimeout(Duration.ofSeconds(20))
            .send();
    await()
        .until(
            () -> {
              source.readNew(records::add);
              return records.stream()
                  .anyMatch(
                      record ->
                          record.getValueType() == ValueType.JOB_BATCH
                              && record.getIntent() == JobBatchIntent.ACTIVATED
                              && ((JobBatchRecordValue) record.getValue())
                                  .getType()
                                  .equals("long-poll"));
            });

    long instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("long-poll")
            .latestVersion()
            .send()
            .join()
            .getProcessInstanceKey();

    assertThat(poll.join().getJobs())
        .singleElement()
        .satisfies(job -> assertThat(job.getProcessInstanceKey()).isEqualTo(instance));
  }

  @Test
  void aPollThatDoesNotWaitEndsWithNoJob() {
    assertThat(activate("no-such-jobs", Duration.ofMillis(-1))).isEmpty();
  }

  @Test
  void aStreamingWorkerIsPushedTheJob() {
    deploy("pushed", "pushed");
    var received = new CopyOnWriteArrayList<ActivatedJob>();
    var stream =
        client
            .newStreamJobsCommand()
            .jobType("pushed")
            .consumer(received::add)
            .workerName("streamer")
            .timeout(Duration.ofMinutes(1))
            .send();
    try {
      // The stream is open once a job created after it is pushed; one created before it waits for a
      // poll.
      await()
          .until(
              () -> {
                client
                    .newCreateInstanceCommand()
                    .bpmnProcessId("pushed")
                    .latestVersion()
                    .send()
                    .join();
                return !received.isEmpty();
              });
      assertThat(received.getFirst().getWorker()).isEqualTo("streamer");
      client.newCompleteCommand(received.getFirst()).send().join();
    } finally {
      stream.cancel(true);
    }
  }

  /**
   * An incident repaired as an operator does: variables set, retries given back, the incident
   * resolved.
   */
  @Test
  void anIncidentIsRepairedAndTheInstanceModified() {
    deploy("repair", "repair");
    long instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("repair")
            .latestVersion()
            .send()
            .join()
            .getProcessInstanceKey();
    var job =
        await()
            .until(() -> activate("repair", Duration.ofSeconds(1)), jobs -> !jobs.isEmpty())
            .getFirst();
    client.newFailCommand(job).retries(0).errorMessage("broken").send().join();
    var records = new CopyOnWriteArrayList<io.camunda.zeebe.protocol.record.Record<?>>();
    var source = engine.recordsAfter(-1);
    long incident =
        await()
            .until(
                () -> {
                  source.readNew(records::add);
                  return records.stream()
                      .filter(
                          record ->
                              record.getValueType() == ValueType.INCIDENT
                                  && record.getIntent() == IncidentIntent.CREATED
                                  && ((IncidentRecordValue) record.getValue()).getJobKey()
                                      == job.getKey())
                      .map(io.camunda.zeebe.protocol.record.Record::getKey)
                      .findFirst()
                      .orElse(-1L);
                },
                key -> key > 0);

    client.newSetVariablesCommand(instance).variables(Map.of("fixed", true)).send().join();
    client.newUpdateRetriesCommand(job).retries(1).send().join();
    client.newResolveIncidentCommand(incident).send().join();
    var again =
        await()
            .until(() -> activate("repair", Duration.ofSeconds(1)), jobs -> !jobs.isEmpty())
            .getFirst();
    assertThat(again.getKey()).isEqualTo(job.getKey());
    assertThat(again.getVariablesAsMap()).containsEntry("fixed", true);

    client
        .newModifyProcessInstanceCommand(instance)
        .activateElement("task")
        .and()
        .terminateElement(again.getElementInstanceKey())
        .send()
        .join();
    var moved =
        await()
            .until(() -> activate("repair", Duration.ofSeconds(1)), jobs -> !jobs.isEmpty())
            .getFirst();
    assertThat(moved.getElementInstanceKey())
        .as("the task activated anew")
        .isNotEqualTo(again.getElementInstanceKey());
  }

  @Test
  void aSignalIsBroadcastAndAResourceDeleted() {
    assertThat(client.newBroadcastSignalCommand().signalName("nobody-waits").send().join().getKey())
        .isPositive();
    long definition =
        client
            .newDeployResourceCommand()
            .addProcessModel(
                Bpmn.createExecutableProcess("deleted").startEvent().endEvent().done(),
                "deleted.bpmn")
            .send()
            .join()
            .getProcesses()
            .getFirst()
            .getProcessDefinitionKey();

    client.newDeleteResourceCommand(definition).send().join();

    assertThat(status(() -> client.newDeleteResourceCommand(definition).send().join()))
        .isEqualTo(Status.Code.NOT_FOUND);
  }

  @Test
  void rejectionsAreTheStatusZeebesGatewayGives() {
    assertThat(status(() -> client.newCompleteCommand(2251799813685249L).send().join()))
        .isEqualTo(Status.Code.NOT_FOUND);
    assertThat(
            status(
                () ->
                    client
                        .newCreateInstanceCommand()
                        .bpmnProcessId("never-deployed")
                        .latestVersion()
                        .send()
                        .join()))
        .isEqualTo(Status.Code.NOT_FOUND);
    client
        .newPublishMessageCommand()
        .messageName("once")
        .correlationKey("k")
        .messageId("id-1")
        .timeToLive(Duration.ofMinutes(1))
        .send()
        .join();
    assertThat(
            status(
                () ->
                    client
                        .newPublishMessageCommand()
                        .messageName("once")
                        .correlationKey("k")
                        .messageId("id-1")
                        .timeToLive(Duration.ofMinutes(1))
                        .send()
                        .join()))
        .isEqualTo(Status.Code.ALREADY_EXISTS);
    deploy("rejections", "rejections");
    assertThat(
            status(
                () ->
                    client
                        .newCreateInstanceCommand()
                        .bpmnProcessId("rejections")
                        .latestVersion()
                        .variables("[1, 2]")
                        .send()
                        .join()))
        .as("variables that are no object")
        .isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(
            status(
                () ->
                    client
                        .newCreateInstanceCommand()
                        .bpmnProcessId("rejections")
                        .latestVersion()
                        .startBeforeElement("no-such-element")
                        .send()
                        .join()))
        .isEqualTo(Status.Code.INVALID_ARGUMENT);
    var instance =
        client.newCreateInstanceCommand().bpmnProcessId("rejections").latestVersion().send().join();
    client.newCancelInstanceCommand(instance.getProcessInstanceKey()).send().join();
    assertThat(
            status(
                () ->
                    client
                        .newCancelInstanceCommand(instance.getProcessInstanceKey())
                        .send()
                        .join()))
        .as("an instance already cancelled")
        .isEqualTo(Status.Code.NOT_FOUND);
    client.newCreateInstanceCommand().bpmnProcessId("rejections").latestVersion().send().join();
    var job =
        await()
            .until(() -> activate("rejections", Duration.ofSeconds(1)), jobs -> !jobs.isEmpty())
            .getFirst();
    client.newFailCommand(job).retries(0).errorMessage("no retries left").send().join();
    assertThat(status(() -> client.newCompleteCommand(job).send().join()))
        .as("a job failed for good")
        .isEqualTo(Status.Code.FAILED_PRECONDITION);
  }

  /**
   * The engine accepts each (a rejection would throw) and answers the next command on the job as
   * usual.
   */
  @Test
  void aJobsTimeoutAndRetriesAreUpdated() {
    deploy("updates", "updates");
    client.newCreateInstanceCommand().bpmnProcessId("updates").latestVersion().send().join();
    var job =
        await()
            .until(() -> activate("updates", Duration.ofSeconds(1)), jobs -> !jobs.isEmpty())
            .getFirst();

    client.newUpdateTimeoutCommand(job).timeout(Duration.ofMinutes(10)).send().join();
    client.newUpdateRetriesCommand(job).retries(7).send().join();
    client.newCompleteCommand(job).send().join();

    assertThat(status(() -> client.newUpdateRetriesCommand(job).retries(3).send().join()))
        .as("the job is gone once completed")
        .isEqualTo(Status.Code.NOT_FOUND);
  }

  private static Status.Code status(Runnable call) {
    try {
      call.run();
    } catch (ClientStatusException e) {
      return e.getStatusCode();
    }
    throw new AssertionError("The call was not rejected");
  }
}
