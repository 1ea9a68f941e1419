package io.mediaflow;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.EvaluateDecisionResponse;
import io.camunda.client.api.search.response.DecisionInstance;
import io.camunda.client.api.search.response.DecisionInstanceState;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Decisions on the embedded default, as Camunda's Java client uses them over REST and over gRPC: a
 * DMN deployed beside a process with a business rule task, evaluated directly and by the task, and
 * every evaluation then found among the decision instances with its inputs and matched rule.
 */
class DecisionsTest extends MediaflowTest {

  private CamundaClient rest;
  private CamundaClient grpc;
  private String decisionId;
  private String processId;

  @BeforeEach
  void connect() {
    rest = userClient(true);
    grpc = userClient(false);
    String unique = UUID.randomUUID().toString().substring(0, 8);
    decisionId = "ladder-" + unique;
    processId = "choose-ladder-" + unique;
  }

  @AfterEach
  void disconnect() {
    rest.close();
    grpc.close();
  }

  @Test
  void aDecisionIsEvaluatedOverRestGrpcAndByATaskAndEachEvaluationIsFound() {
    var deployment =
        rest.newDeployResourceCommand()
            .addResourceStringUtf8(RenditionLadder.dmn(decisionId), decisionId + ".dmn")
            .addProcessModel(
                Bpmn.createExecutableProcess(processId)
                    .startEvent()
                    .businessRuleTask(
                        "ChooseLadder",
                        task ->
                            task.zeebeCalledDecisionId(decisionId).zeebeResultVariable("ladder"))
                    .endEvent()
                    .done(),
                processId + ".bpmn")
            .send()
            .join();
    long decisionKey = deployment.getDecisions().get(0).getDecisionKey();
    long requirementsKey = deployment.getDecisionRequirements().get(0).getDecisionRequirementsKey();

    EvaluateDecisionResponse overRest =
        rest.newEvaluateDecisionCommand()
            .decisionId(decisionId)
            .variables(Map.of("height", 1080))
            .send()
            .join();
    assertThat(overRest.getDecisionOutput()).isEqualTo("\"hd\"");
    assertThat(overRest.getDecisionKey()).isEqualTo(decisionKey);
    assertThat(overRest.getEvaluatedDecisions())
        .singleElement()
        .satisfies(
            decision -> {
              assertThat(decision.getMatchedRules())
                  .singleElement()
                  .satisfies(
                      rule -> {
                        assertThat(rule.getRuleId()).isEqualTo("hd");
                        assertThat(rule.getRuleIndex()).isEqualTo(2);
                      });
              assertThat(decision.getEvaluatedInputs().get(0).getInputValue()).isEqualTo("1080");
            });
    EvaluateDecisionResponse overGrpc =
        grpc.newEvaluateDecisionCommand()
            .decisionKey(decisionKey)
            .variables(Map.of("height", 480))
            .send()
            .join();
    assertThat(overGrpc.getDecisionOutput()).isEqualTo("\"sd\"");
    assertThat(overGrpc.getDecisionRequirementsKey()).isEqualTo(requirementsKey);

    long instance = start(processId, Map.of("height", 2160));
    assertThatProcessInstance(byKey(instance)).isCompleted();
    assertThat(instance(instance).variable("ladder").orElseThrow().asText()).isEqualTo("uhd");

    assertThat(
            rest.newDecisionInstanceSearchRequest()
                .filter(f -> f.decisionDefinitionId(decisionId))
                .send()
                .join()
                .items())
        .extracting(DecisionInstance::getResult)
        .containsExactlyInAnyOrder("\"hd\"", "\"sd\"", "\"uhd\"");
    DecisionInstance byTask =
        rest.newDecisionInstanceSearchRequest()
            .filter(f -> f.processInstanceKey(instance))
            .send()
            .join()
            .items()
            .get(0);
    assertThat(byTask.getState()).isEqualTo(DecisionInstanceState.EVALUATED);
    assertThat(byTask.getDecisionDefinitionKey()).isEqualTo(decisionKey);
    assertThat(byTask.getElementInstanceKey()).isPositive();
    DecisionInstance evaluated =
        rest.newDecisionInstanceGetRequest(
                overRest.getEvaluatedDecisions().get(0).getDecisionEvaluationInstanceKey())
            .send()
            .join();
    assertThat(evaluated.getEvaluatedInputs().get(0).getInputValue()).isEqualTo("1080");
    assertThat(evaluated.getMatchedRules().get(0).getEvaluatedOutputs().get(0).getOutputValue())
        .isEqualTo("\"hd\"");
    assertThat(evaluated.getProcessInstanceKey()).as("no process").isEqualTo(-1L);

    assertThat(rest.newDecisionDefinitionGetRequest(decisionKey).send().join().getDmnDecisionId())
        .isEqualTo(decisionId);
    assertThat(rest.newDecisionDefinitionGetXmlRequest(decisionKey).send().join())
        .contains("id=\"" + decisionId + "\"");
    assertThat(
            rest.newDecisionRequirementsSearchRequest()
                .filter(f -> f.decisionRequirementsKey(requirementsKey))
                .send()
                .join()
                .items())
        .singleElement()
        .satisfies(drg -> assertThat(drg.getResourceName()).isEqualTo(decisionId + ".dmn"));
    assertThat(rest.newDecisionRequirementsGetXmlRequest(requirementsKey).send().join())
        .contains("Ladders " + decisionId);
  }

  @Test
  void anUnknownDecisionIsNotFoundAndAnAmbiguousRequestIsRefused() {
    assertThatThrownBy(
            () -> rest.newEvaluateDecisionCommand().decisionId("no-such-decision").send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, missing -> assertThat(missing.code()).isEqualTo(404));
    assertThatThrownBy(
            () -> grpc.newEvaluateDecisionCommand().decisionId("no-such-decision").send().join())
        .isInstanceOf(ClientStatusException.class)
        .hasMessageContaining("no-such-decision");
    var both =
        post(
            "/v2/decision-definitions/evaluation",
            Map.of("decisionDefinitionId", "a", "decisionDefinitionKey", "1"));
    assertThat(both.statusCode()).isEqualTo(400);
    assertThat(json(both).path("detail").asText())
        .contains("decisionDefinitionId and decisionDefinitionKey");
    assertThat(get("/v2/decision-instances/1-1").statusCode()).isEqualTo(404);
  }
}
