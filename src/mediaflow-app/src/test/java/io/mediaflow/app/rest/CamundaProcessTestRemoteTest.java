package io.mediaflow.app.rest;

import static io.camunda.process.test.api.CamundaAssert.assertThat;
import static io.camunda.process.test.api.CamundaAssert.assertThatUserTask;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ProcessInstanceEvent;
import io.camunda.client.api.search.response.ProcessInstanceSequenceFlow;
import io.camunda.process.test.api.CamundaAssert;
import io.camunda.process.test.api.CamundaProcessTestContext;
import io.camunda.process.test.api.CamundaProcessTestExtension;
import io.camunda.process.test.api.CamundaProcessTestRuntimeMode;
import io.camunda.process.test.api.assertions.DecisionSelectors;
import io.camunda.process.test.api.assertions.UserTaskSelectors;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.util.FileSystemUtils;

/**
 * Camunda Process Test, Camunda's own testing library, in its remote runtime mode against the
 * embedded default as users run it (a JVM of its own, on random ports): no Docker. The process runs
 * on the embedded engine with the real workers and the sandbox; what is asserted, CPT asserts
 * through Camunda's REST API.
 */
class CamundaProcessTestRemoteTest {

  private static final String REVIEW = "ReviewRenditions";

  /**
   * Started before CPT connects to it (extensions run in their order), stopped after CPT let go of
   * it.
   */
  @RegisterExtension
  @Order(1)
  static final EmbeddedDefault APPLICATION =
      new EmbeddedDefault(MediaflowTest.freePort(), MediaflowTest.freePort());

  @RegisterExtension
  @Order(2)
  static final CamundaProcessTestExtension CPT =
      new CamundaProcessTestExtension()
          .withRuntimeMode(CamundaProcessTestRuntimeMode.REMOTE)
          .withRemoteCamundaClientBuilderFactory(
              () ->
                  CamundaClient.newClientBuilder()
                      .restAddress(URI.create(APPLICATION.process.baseUrl()))
                      .grpcAddress(APPLICATION.process.gateway()))
          // Where a Camunda broker has its management API (the clock, the purge); the embedded
          // default's is its own port.
          .withRemoteCamundaMonitoringApiAddress(URI.create(APPLICATION.process.baseUrl()));

  /**
   * Injected by CPT: a client of the embedded default, REST first as Camunda's client is by
   * default.
   */
  private CamundaClient client;

  private CamundaProcessTestContext processTestContext;

  @BeforeEach
  void patience() {
    // CPT's default of 10 s is for mocked workers; here the sandbox really encodes, which can take
    // a minute.
    CamundaAssert.setAssertionTimeout(Duration.ofMinutes(3));
  }

  @Test
  void transcodeWithApprovalRunsToItsReviewAndCompletesOnceApproved() {
    ProcessInstanceEvent instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("transcode-with-approval")
            .latestVersion()
            .variables(
                Map.of(
                    "source",
                    APPLICATION.process.baseUrl() + "/sandbox/samples/bars.mp4",
                    "ladder",
                    List.of(Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p"))))
            .send()
            .join();

    assertThat(instance)
        .isActive()
        .hasActiveElements(REVIEW)
        .hasNoActiveIncidents()
        .hasCompletedElements("CreateTask", "StartJob", "CheckJob")
        .hasVariable("transcodingState", "completed");
    assertThatUserTask(UserTaskSelectors.byElementId(REVIEW, instance.getProcessInstanceKey()))
        .isCreated()
        .hasName("Review renditions")
        .hasProcessInstanceKey(instance.getProcessInstanceKey())
        .hasCandidateGroup("editors")
        .hasPriority(50);
    long review =
        client
            .newUserTaskSearchRequest()
            .filter(
                filter ->
                    filter.processInstanceKey(instance.getProcessInstanceKey()).elementId(REVIEW))
            .send()
            .join()
            .singleItem()
            .getUserTaskKey();
    client.newAssignUserTaskCommand(review).assignee("ann").send().join();
    assertThatUserTask(UserTaskSelectors.byElementId(REVIEW, instance.getProcessInstanceKey()))
        .hasAssignee("ann");

    processTestContext.completeUserTask(
        UserTaskSelectors.byElementId(REVIEW, instance.getProcessInstanceKey()),
        Map.of("approved", true));

    assertThatUserTask(UserTaskSelectors.byElementId(REVIEW, instance.getProcessInstanceKey()))
        .isCompleted();
    assertThat(instance)
        .isCompleted()
        .hasCompletedElements(REVIEW, "RenditionsApproved")
        .hasNotActivatedElements("HandleFailedJob", "TranscodingAbandoned")
        .hasVariable("approved", true);
  }

  /** CPT moves the engine's clock ({@code /actuator/clock}), and resets it after the test. */
  @Test
  void aTimerFiresWhenTheTestMovesTheClock() {
    var model =
        Bpmn.createExecutableProcess("cpt-timer")
            .startEvent()
            .intermediateCatchEvent("WaitADay")
            .timerWithDuration("P1D")
            .endEvent("Waited")
            .done();
    client.newDeployResourceCommand().addProcessModel(model, "cpt-timer.bpmn").send().join();
    ProcessInstanceEvent instance =
        client.newCreateInstanceCommand().bpmnProcessId("cpt-timer").latestVersion().send().join();
    assertThat(instance).isActive().hasActiveElements("WaitADay");
    Instant before = processTestContext.getCurrentTime();

    processTestContext.increaseTime(Duration.ofDays(1));

    assertThat(processTestContext.getCurrentTime())
        .isAfterOrEqualTo(before.plus(Duration.ofDays(1)));
    assertThat(instance).isCompleted().hasCompletedElements("WaitADay", "Waited");
  }

  /**
   * A job type of the test's own is worked by CPT's mock, which polls the REST API for its jobs.
   */
  @Test
  void aMockedJobWorkerCompletesTheTestsOwnJobType() {
    var model =
        Bpmn.createExecutableProcess("cpt-mock")
            .startEvent()
            .serviceTask("Check", task -> task.zeebeJobType("cpt-check"))
            .endEvent("Checked")
            .done();
    client.newDeployResourceCommand().addProcessModel(model, "cpt-mock.bpmn").send().join();
    var mock = processTestContext.mockJobWorker("cpt-check").thenComplete(Map.of("checked", true));

    ProcessInstanceEvent instance =
        client.newCreateInstanceCommand().bpmnProcessId("cpt-mock").latestVersion().send().join();

    assertThat(instance)
        .isCompleted()
        .hasCompletedElements("Check", "Checked")
        .hasVariable("checked", true);
    assertThat(mock.getInvocations()).isEqualTo(1);
  }

  /**
   * CPT's decision assertions: a DMN deployed beside a business rule task, the decision evaluated
   * by the task and directly, each evaluation asserted as CPT reads it (the decision instances).
   */
  @Test
  void aDecisionIsAssertedAsCptReadsIt() {
    String dmn =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/"
            id="cpt-ladders" name="CPT ladders" namespace="http://mediaflow.io/dmn">
          <decision id="cpt-ladder" name="Rendition ladder">
            <decisionTable id="cpt-table" hitPolicy="FIRST">
              <input id="height"><inputExpression id="h" typeRef="number"><text>height</text></inputExpression></input>
              <output id="ladder" name="ladder" typeRef="string"/>
              <rule id="hd"><inputEntry id="hdIn"><text>&gt;= 720</text></inputEntry>
                <outputEntry id="hdOut"><text>"hd"</text></outputEntry></rule>
              <rule id="sd"><inputEntry id="sdIn"><text>-</text></inputEntry>
                <outputEntry id="sdOut"><text>"sd"</text></outputEntry></rule>
            </decisionTable>
          </decision>
        </definitions>
        """;
    var model =
        Bpmn.createExecutableProcess("cpt-decision")
            .startEvent()
            .businessRuleTask(
                "ChooseLadder",
                task -> task.zeebeCalledDecisionId("cpt-ladder").zeebeResultVariable("ladder"))
            .endEvent()
            .done();
    client
        .newDeployResourceCommand()
        .addResourceStringUtf8(dmn, "cpt-ladders.dmn")
        .addProcessModel(model, "cpt-decision.bpmn")
        .send()
        .join();

    ProcessInstanceEvent instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("cpt-decision")
            .latestVersion()
            .variables(Map.of("height", 1080))
            .send()
            .join();
    assertThat(instance).isCompleted().hasVariable("ladder", "hd");
    CamundaAssert.assertThatDecision(
            DecisionSelectors.byProcessInstanceKey(instance.getProcessInstanceKey()))
        .isEvaluated()
        .hasOutput("hd")
        .hasMatchedRules(1);

    var direct =
        client
            .newEvaluateDecisionCommand()
            .decisionId("cpt-ladder")
            .variables(Map.of("height", 480))
            .send()
            .join();
    CamundaAssert.assertThatDecision(direct).isEvaluated().hasOutput("sd").hasMatchedRules(2);
  }

  /** CPT sees an element wait for its message, and the message it took. */
  @Test
  void aCatchEventWaitsForItsMessageAndTakesIt() {
    var model =
        Bpmn.createExecutableProcess("cpt-message")
            .startEvent()
            .intermediateCatchEvent("AwaitGo")
            .message(m -> m.name("cpt-go").zeebeCorrelationKeyExpression("ticket"))
            .endEvent("Gone")
            .done();
    client.newDeployResourceCommand().addProcessModel(model, "cpt-message.bpmn").send().join();
    ProcessInstanceEvent instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("cpt-message")
            .latestVersion()
            .variables(Map.of("ticket", "t-1"))
            .send()
            .join();

    assertThat(instance).isActive().isWaitingForMessage("cpt-go", "t-1");
    client.newPublishMessageCommand().messageName("cpt-go").correlationKey("t-1").send().join();

    assertThat(instance)
        .isCompleted()
        .hasCorrelatedMessage("cpt-go", "t-1")
        .isNotWaitingForMessage("cpt-go", "t-1");
  }

  /**
   * After each test CPT reports which elements and flows the instances took, from their flows and
   * the model.
   */
  @Test
  void coverageReadsTheFlowsAnInstanceTookAndItsModel() {
    var model =
        Bpmn.createExecutableProcess("cpt-coverage")
            .startEvent("Start")
            .sequenceFlowId("ToRoute")
            .exclusiveGateway("Route")
            .sequenceFlowId("ToA")
            .conditionExpression("route = \"a\"")
            .endEvent("EndA")
            .moveToLastGateway()
            .sequenceFlowId("ToB")
            .conditionExpression("route != \"a\"")
            .endEvent("EndB")
            .done();
    long definition =
        client
            .newDeployResourceCommand()
            .addProcessModel(model, "cpt-coverage.bpmn")
            .send()
            .join()
            .getProcesses()
            .getFirst()
            .getProcessDefinitionKey();
    ProcessInstanceEvent instance =
        client
            .newCreateInstanceCommand()
            .processDefinitionKey(definition)
            .variables(Map.of("route", "a"))
            .send()
            .join();

    assertThat(instance).isCompleted().hasCompletedElements("EndA").hasNotActivatedElements("EndB");
    assertThat(
            client
                .newProcessInstanceSequenceFlowsRequest(instance.getProcessInstanceKey())
                .send()
                .join())
        .extracting(ProcessInstanceSequenceFlow::getElementId)
        .containsExactly("ToRoute", "ToA");
    assertThat(client.newProcessDefinitionGetXmlRequest(definition).send().join())
        .contains("id=\"ToB\"");
  }

  /**
   * The embedded default in a JVM of its own over a data folder of its own, for the whole class.
   */
  static final class EmbeddedDefault implements BeforeAllCallback, AfterAllCallback {

    private final Path data;
    final EmbeddedDefaultProcess process;
    private Process running;

    EmbeddedDefault(int httpPort, int enginePort) {
      try {
        data = Files.createTempDirectory("mediaflow-cpt-");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      process = new EmbeddedDefaultProcess(data, httpPort, enginePort);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
      running = process.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
      if (running != null) {
        running.destroy();
        running.waitFor();
      }
      FileSystemUtils.deleteRecursively(data);
    }
  }
}
