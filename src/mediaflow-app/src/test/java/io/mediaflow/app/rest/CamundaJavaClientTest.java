package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.search.enums.ProcessInstanceState;
import io.camunda.client.api.search.enums.UserTaskState;
import io.camunda.client.api.search.response.ElementInstance;
import io.camunda.client.api.search.response.UserTask;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import io.mediaflow.RenditionLadder;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Camunda's Java client (camunda-client-java 8.8) over REST, its default, drives one call of every
 * kind against the embedded default as users run it (a JVM of its own), the same kinds as the Node
 * SDK's check ({@link CamundaSdkNodeTest}): what a user's application or test set-up calls.
 */
class CamundaJavaClientTest {

  @TempDir static Path data;

  private static Process running;
  private static EmbeddedDefaultProcess app;
  private static CamundaClient client;

  /** Names of this run's own, so that nothing waited for is another run's. */
  private final String run = UUID.randomUUID().toString().substring(0, 8);

  @BeforeAll
  static void startTheApp() throws Exception {
    app = new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    running = app.start();
    client =
        CamundaClient.newClientBuilder()
            .restAddress(URI.create(app.baseUrl()))
            .grpcAddress(app.gateway())
            .build();
  }

  @AfterAll
  static void stopTheApp() throws InterruptedException {
    if (client != null) {
      client.close();
    }
    if (running != null) {
      running.destroy();
      running.waitFor();
    }
  }

  @Test
  void theClientTalksRestByDefault() {
    assertThat(client.getConfiguration().preferRestOverGrpc()).isTrue();
    assertThat(client.newTopologyRequest().send().join().getBrokers()).isNotEmpty();
  }

  @Test
  void messagesASignalVariablesAndAUserTaskCarryAnInstanceToItsEnd() {
    String processId = "java-client-" + run;
    String orderId = "order-" + run;
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .intermediateCatchEvent("WaitPublished")
                .message(m -> m.name("published-" + run).zeebeCorrelationKeyExpression("orderId"))
                .intermediateCatchEvent("WaitCorrelated")
                .message(m -> m.name("correlated-" + run).zeebeCorrelationKeyExpression("orderId"))
                .intermediateCatchEvent("WaitSignal")
                .signal("signal-" + run)
                .userTask("Review")
                .zeebeUserTask()
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();

    client
        .newPublishMessageCommand()
        .messageName("published-" + run)
        .correlationKey(orderId)
        .messageId("published-" + run)
        .timeToLive(Duration.ofMinutes(5))
        .variables(Map.of("publishedWith", "java"))
        .send()
        .join();
    long instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId(processId)
            .latestVersion()
            .variables(Map.of("orderId", orderId))
            .send()
            .join()
            .getProcessInstanceKey();

    activeElement(instance, "WaitCorrelated");
    var correlation =
        client
            .newCorrelateMessageCommand()
            .messageName("correlated-" + run)
            .correlationKey(orderId)
            .variables(Map.of("correlatedWith", "java"))
            .send()
            .join();
    assertThat(correlation.getProcessInstanceKey()).isEqualTo(instance);

    activeElement(instance, "WaitSignal");
    client
        .newBroadcastSignalCommand()
        .signalName("signal-" + run)
        .variables(Map.of("signalledWith", "java"))
        .send()
        .join();

    UserTask task = until(() -> userTask(instance, null));
    client.newSetVariablesCommand(instance).variables(Map.of("stage", "reviewing")).send().join();
    assertThat(client.newUserTaskGetRequest(task.getUserTaskKey()).send().join().getElementId())
        .isEqualTo("Review");

    client.newAssignUserTaskCommand(task.getUserTaskKey()).assignee("ada").send().join();
    until(() -> userTask(instance, "ada"));
    client.newUnassignUserTaskCommand(task.getUserTaskKey()).send().join();
    until(() -> userTask(instance, null).filter(unassigned -> unassigned.getAssignee() == null));
    client
        .newUpdateUserTaskCommand(task.getUserTaskKey())
        .candidateGroups(List.of("editors"))
        .priority(80)
        .send()
        .join();
    until(() -> userTask(instance, null).filter(updated -> updated.getPriority() == 80));
    client.newAssignUserTaskCommand(task.getUserTaskKey()).assignee("ada").send().join();
    client
        .newCompleteUserTaskCommand(task.getUserTaskKey())
        .variables(Map.of("approved", true))
        .send()
        .join();

    awaitState(instance, ProcessInstanceState.COMPLETED);
    assertThat(variables(instance))
        .containsEntry("publishedWith", "\"java\"")
        .containsEntry("correlatedWith", "\"java\"")
        .containsEntry("signalledWith", "\"java\"")
        .containsEntry("stage", "\"reviewing\"")
        .containsEntry("approved", "true");
  }

  @Test
  void aDecisionIsEvaluatedAloneAndByABusinessRuleTaskWhoseResultAWorkerTakes() {
    String decisionId = "ladder-" + run;
    String processId = "rules-" + run;
    String jobType = "encode-" + run;
    var deployment =
        client
            .newDeployResourceCommand()
            .addResourceStringUtf8(RenditionLadder.dmn(decisionId), decisionId + ".dmn")
            .addProcessModel(
                Bpmn.createExecutableProcess(processId)
                    .startEvent()
                    .businessRuleTask(
                        "Decide",
                        task -> task.zeebeCalledDecisionId(decisionId).zeebeResultVariable("top"))
                    .serviceTask("Encode", task -> task.zeebeJobType(jobType))
                    .endEvent()
                    .done(),
                processId + ".bpmn")
            .send()
            .join();
    assertThat(deployment.getDecisions()).extracting("dmnDecisionId").containsExactly(decisionId);

    var evaluated =
        client
            .newEvaluateDecisionCommand()
            .decisionId(decisionId)
            .variables(Map.of("height", 2160))
            .send()
            .join();
    assertThat(evaluated.getDecisionOutput()).isEqualTo("\"uhd\"");

    List<Object> worked = new CopyOnWriteArrayList<>();
    try (var worker =
        client
            .newWorker()
            .jobType(jobType)
            .handler(
                (jobs, job) -> {
                  worked.add(job.getVariablesAsMap().get("top"));
                  jobs.newCompleteCommand(job).variables(Map.of("encoded", true)).send().join();
                })
            .open()) {
      long instance =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(processId)
              .latestVersion()
              .variables(Map.of("height", 720))
              .send()
              .join()
              .getProcessInstanceKey();
      awaitState(instance, ProcessInstanceState.COMPLETED);
      assertThat(worked).containsExactly("hd");
      assertThat(variables(instance)).containsEntry("top", "\"hd\"");
      assertThat(
              client
                  .newDecisionInstanceSearchRequest()
                  .filter(filter -> filter.processInstanceKey(instance))
                  .send()
                  .join()
                  .items())
          .hasSize(1);
    }
  }

  @Test
  void anInstanceIsCancelledAndTheClockPinnedDatesWhatStartsThen() {
    String processId = "waits-" + run;
    deploy(Bpmn.createExecutableProcess(processId).startEvent().userTask("Wait").endEvent().done());
    Instant pinned = Instant.parse("2031-01-02T03:04:05Z");
    client.newPinClockCommand().time(pinned).send().join();
    long instance;
    try {
      instance = start(processId);
    } finally {
      client.newResetClockCommand().send().join();
    }
    until(() -> instance(instance).filter(found -> found.getStartDate() != null));
    assertThat(instance(instance).orElseThrow().getStartDate())
        .isEqualTo(OffsetDateTime.parse("2031-01-02T03:04:05Z"));

    client.newCancelInstanceCommand(instance).send().join();
    awaitState(instance, ProcessInstanceState.TERMINATED);
  }

  /**
   * The history's retention (30 days by default) counts on the engine's clock, as the end dates do:
   * with the clock pinned 31 days after the first instance ended, it is no longer found, while one
   * that ended two days later still is.
   */
  @Test
  void anEndedInstanceIsFoundUntilTheRetentionPassedOnTheEnginesClock() {
    String processId = "ends-" + run;
    deploy(Bpmn.createExecutableProcess(processId).startEvent().endEvent().done());
    long first = start(processId);
    awaitState(first, ProcessInstanceState.COMPLETED);
    Instant ended = instance(first).orElseThrow().getEndDate().toInstant();
    long second;
    try {
      client.newPinClockCommand().time(ended.plus(Duration.ofDays(2))).send().join();
      second = start(processId);
      awaitState(second, ProcessInstanceState.COMPLETED);
      client
          .newPinClockCommand()
          .time(ended.plus(Duration.ofDays(31)).plusSeconds(1))
          .send()
          .join();
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> instance(first).isEmpty());
      assertThat(instance(second)).as("ended 29 days before the engine's clock").isPresent();
    } finally {
      client.newResetClockCommand().send().join();
    }
  }

  @Test
  void aWaitingInstanceIsMigratedToTheNextVersionOfItsProcess() {
    String processId = "migrated-" + run;
    deploy(Bpmn.createExecutableProcess(processId).startEvent().userTask("Wait").endEvent().done());
    long instance = start(processId);
    activeElement(instance, "Wait");
    long target =
        deploy(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .userTask("Wait")
                .endEvent("Published")
                .done());
    client
        .newMigrateProcessInstanceCommand(instance)
        .migrationPlan(target)
        .addMappingInstruction("Wait", "Wait")
        .send()
        .join();
    until(() -> instance(instance).filter(found -> found.getProcessDefinitionKey() == target));
    client.newCancelInstanceCommand(instance).send().join();
  }

  @Test
  void aDocumentIsUploadedDownloadedAndDeleted() throws Exception {
    String content = "a source video's sidecar, run " + run;
    var reference =
        client
            .newCreateDocumentCommand()
            .content(content)
            .contentType("text/plain")
            .fileName("sidecar-" + run + ".txt")
            .send()
            .join();
    assertThat(reference.getContentHash()).isNotBlank();
    try (InputStream read = client.newDocumentContentGetRequest(reference).send().join()) {
      assertThat(new String(read.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(content);
    }
    client.newDeleteDocumentCommand(reference).send().join();
    assertThatThrownBy(() -> client.newDocumentContentGetRequest(reference).send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, gone -> assertThat(gone.code()).isEqualTo(404));
  }

  @Test
  void aDeletedResourceStartsNoInstance() {
    String processId = "deleted-" + run;
    long key = deploy(Bpmn.createExecutableProcess(processId).startEvent().endEvent().done());
    client.newDeleteResourceCommand(key).send().join();
    assertThatThrownBy(
            () -> client.newCreateInstanceCommand().processDefinitionKey(key).send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, missing -> assertThat(missing.code()).isEqualTo(404));
  }

  private long deploy(BpmnModelInstance model) {
    String processId =
        model.getModelElementsByType(io.camunda.zeebe.model.bpmn.instance.Process.class).stream()
            .findFirst()
            .orElseThrow()
            .getId();
    return client
        .newDeployResourceCommand()
        .addProcessModel(model, processId + ".bpmn")
        .send()
        .join()
        .getProcesses()
        .get(0)
        .getProcessDefinitionKey();
  }

  private long start(String processId) {
    return client
        .newCreateInstanceCommand()
        .bpmnProcessId(processId)
        .latestVersion()
        .send()
        .join()
        .getProcessInstanceKey();
  }

  private void activeElement(long instance, String elementId) {
    until(
        () ->
            client
                .newElementInstanceSearchRequest()
                .filter(
                    filter ->
                        filter
                            .processInstanceKey(instance)
                            .elementId(elementId)
                            .state(io.camunda.client.api.search.enums.ElementInstanceState.ACTIVE))
                .send()
                .join()
                .items()
                .stream()
                .findFirst()
                .map(ElementInstance::getElementInstanceKey));
  }

  private Optional<UserTask> userTask(long instance, String assignee) {
    return client
        .newUserTaskSearchRequest()
        .filter(
            filter -> {
              filter.processInstanceKey(instance).state(UserTaskState.CREATED);
              if (assignee != null) {
                filter.assignee(assignee);
              }
            })
        .send()
        .join()
        .items()
        .stream()
        .findFirst();
  }

  private Optional<io.camunda.client.api.search.response.ProcessInstance> instance(long key) {
    return client
        .newProcessInstanceSearchRequest()
        .filter(filter -> filter.processInstanceKey(key))
        .send()
        .join()
        .items()
        .stream()
        .findFirst();
  }

  private void awaitState(long instance, ProcessInstanceState state) {
    until(() -> instance(instance).filter(found -> found.getState() == state));
  }

  private Map<String, String> variables(long instance) {
    var found = new java.util.HashMap<String, String>();
    client
        .newVariableSearchRequest()
        .filter(filter -> filter.processInstanceKey(instance))
        .send()
        .join()
        .items()
        .forEach(variable -> found.put(variable.getName(), variable.getValue()));
    return found;
  }

  /** What {@code read} finds once it finds it: the searches follow the engine's records. */
  private static <T> T until(Supplier<Optional<T>> read) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .until(read::get, Optional::isPresent)
        .orElseThrow();
  }
}
