package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.DecisionDefinitionResult;
import io.camunda.client.protocol.rest.DecisionDefinitionTypeEnum;
import io.camunda.client.protocol.rest.DecisionEvaluationInstruction;
import io.camunda.client.protocol.rest.DecisionInstanceResult;
import io.camunda.client.protocol.rest.DecisionInstanceStateEnum;
import io.camunda.client.protocol.rest.DecisionRequirementsResult;
import io.camunda.client.protocol.rest.EvaluateDecisionResult;
import io.camunda.client.protocol.rest.EvaluatedDecisionInputItem;
import io.camunda.client.protocol.rest.EvaluatedDecisionOutputItem;
import io.camunda.client.protocol.rest.EvaluatedDecisionResult;
import io.camunda.client.protocol.rest.MatchedDecisionRuleItem;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluatedDecision;
import io.mediaflow.app.engine.history.DecisionHistory;
import io.mediaflow.app.engine.history.DecisionHistory.DecisionDefinition;
import io.mediaflow.app.engine.history.DecisionHistory.DecisionInstance;
import io.mediaflow.app.engine.history.DecisionHistory.DecisionRequirements;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Decisions, as Camunda's REST API has them: evaluation (through the engine, as a business rule
 * task evaluates), and the decision definitions, decision requirements (with their DMN) and
 * decision instances the engine's records tell of ({@link DecisionHistory}).
 */
@RestController
@RequestMapping("/v2")
class DecisionController {

  private final DecisionHistory decisions;
  private final GatewayCalls gateway;

  DecisionController(DecisionHistory decisions, GatewayCalls gateway) {
    this.decisions = decisions;
    this.gateway = gateway;
  }

  /**
   * {@code decisionDefinitionKey} or {@code decisionDefinitionId} (its latest version), with {@code
   * variables}; a decision that fails to evaluate is an answer with its {@code failureMessage}, as
   * Camunda's.
   */
  @PostMapping("/decision-definitions/evaluation")
  ObjectNode evaluate(@RequestBody DecisionEvaluationInstruction request) {
    String key = request.getDecisionDefinitionKey();
    if ((request.getDecisionDefinitionId() == null) == (key == null)) {
      throw ApiProblem.invalid(
          "Exactly one of decisionDefinitionId and decisionDefinitionKey must be given");
    }
    var command =
        EvaluateDecisionRequest.newBuilder()
            .setVariables(GatewayCalls.json(request.getVariables()));
    if (key != null) {
      command.setDecisionKey(RequestValues.key("decisionDefinitionKey", key));
    } else {
      command.setDecisionId(request.getDecisionDefinitionId());
    }
    if (request.getTenantId() != null) {
      command.setTenantId(request.getTenantId());
    }
    return evaluated(gateway.await(gateway.gateway().evaluateDecision(command.build())));
  }

  @PostMapping("/decision-definitions/search")
  ObjectNode searchDefinitions(@RequestBody(required = false) JsonNode query) {
    return Search.of(query)
        .apply(decisions.definitions().stream().map(DecisionController::definition));
  }

  @GetMapping("/decision-definitions/{decisionDefinitionKey}")
  ObjectNode definition(@PathVariable long decisionDefinitionKey) {
    return definition(findDefinition(decisionDefinitionKey));
  }

  /** The DMN the decision was deployed in, with the rest of its DRG, as Camunda answers. */
  @GetMapping("/decision-definitions/{decisionDefinitionKey}/xml")
  ResponseEntity<String> definitionXml(@PathVariable long decisionDefinitionKey) {
    DecisionDefinition definition = findDefinition(decisionDefinitionKey);
    return xml(findRequirements(definition.requirementsKey()));
  }

  @PostMapping("/decision-requirements/search")
  ObjectNode searchRequirements(@RequestBody(required = false) JsonNode query) {
    return Search.of(query)
        .apply(decisions.requirements().stream().map(DecisionController::requirements));
  }

  @GetMapping("/decision-requirements/{decisionRequirementsKey}")
  ObjectNode requirements(@PathVariable long decisionRequirementsKey) {
    return requirements(findRequirements(decisionRequirementsKey));
  }

  @GetMapping("/decision-requirements/{decisionRequirementsKey}/xml")
  ResponseEntity<String> requirementsXml(@PathVariable long decisionRequirementsKey) {
    return xml(findRequirements(decisionRequirementsKey));
  }

  @PostMapping("/decision-instances/search")
  ObjectNode searchInstances(@RequestBody(required = false) JsonNode query) {
    return Search.of(query).apply(decisions.instanceLookup(), DecisionController::instance);
  }

  /**
   * One decision instance with its inputs and matched rules ({@code
   * DecisionInstanceGetQueryResult}: the search's shape and those two).
   */
  @GetMapping("/decision-instances/{decisionEvaluationInstanceKey}")
  ObjectNode instance(@PathVariable String decisionEvaluationInstanceKey) {
    DecisionInstance instance =
        decisions
            .instance(decisionEvaluationInstanceKey)
            .orElseThrow(
                () ->
                    ApiProblem.notFound(
                        "No decision instance with key " + decisionEvaluationInstanceKey));
    ObjectNode shape = instance(instance);
    shape.set(
        "evaluatedInputs",
        CamundaJson.MAPPER.valueToTree(
            instance.inputs().stream()
                .map(
                    input ->
                        new EvaluatedDecisionInputItem()
                            .inputId(input.id())
                            .inputName(input.name())
                            .inputValue(input.value()))
                .toList()));
    shape.set(
        "matchedRules",
        CamundaJson.MAPPER.valueToTree(
            instance.matchedRules().stream()
                .map(
                    rule ->
                        new MatchedDecisionRuleItem()
                            .ruleId(rule.id())
                            .ruleIndex(rule.index())
                            .evaluatedOutputs(
                                rule.outputs().stream()
                                    .map(
                                        output ->
                                            new EvaluatedDecisionOutputItem()
                                                .outputId(output.id())
                                                .outputName(output.name())
                                                .outputValue(output.value()))
                                    .toList()))
                .toList()));
    return shape;
  }

  private DecisionDefinition findDefinition(long key) {
    return decisions
        .definition(key)
        .orElseThrow(() -> ApiProblem.notFound("No decision definition with key " + key));
  }

  private DecisionRequirements findRequirements(long key) {
    return decisions
        .requirements(key)
        .orElseThrow(() -> ApiProblem.notFound("No decision requirements with key " + key));
  }

  private static ResponseEntity<String> xml(DecisionRequirements requirements) {
    return ResponseEntity.ok()
        .contentType(MediaType.TEXT_XML)
        .body(new String(requirements.resource(), StandardCharsets.UTF_8));
  }

  private static ObjectNode definition(DecisionDefinition definition) {
    return Shapes.tree(
        new DecisionDefinitionResult()
            .decisionDefinitionId(definition.decisionId())
            .name(definition.name())
            .version(definition.version())
            .decisionRequirementsId(definition.requirementsId())
            .tenantId(Shapes.tenant(definition.tenantId()))
            .decisionDefinitionKey(Shapes.key(definition.key()))
            .decisionRequirementsKey(Shapes.key(definition.requirementsKey())));
  }

  private static ObjectNode requirements(DecisionRequirements requirements) {
    return Shapes.tree(
        new DecisionRequirementsResult()
            .decisionRequirementsName(requirements.name())
            .version(requirements.version())
            .decisionRequirementsId(requirements.requirementsId())
            .resourceName(requirements.resourceName())
            .tenantId(Shapes.tenant(requirements.tenantId()))
            .decisionRequirementsKey(Shapes.key(requirements.key())));
  }

  /**
   * An evaluation outside any process has no process keys: -1 as Camunda answers them (its Java
   * client reads every key as a number).
   */
  static ObjectNode instance(DecisionInstance instance) {
    return Shapes.tree(
        new DecisionInstanceResult()
            .decisionEvaluationInstanceKey(instance.key())
            .state(state(instance))
            .evaluationDate(Shapes.date(instance.evaluationDate()))
            .evaluationFailure(instance.failureMessage())
            .decisionDefinitionId(instance.decisionId())
            .decisionDefinitionName(instance.decisionName())
            .decisionDefinitionVersion(instance.decisionVersion())
            .decisionDefinitionType(type(instance.decisionType()))
            .result(instance.output())
            .tenantId(Shapes.tenant(instance.tenantId()))
            .decisionEvaluationKey(Shapes.key(instance.evaluationKey()))
            .processDefinitionKey(Shapes.key(instance.processDefinitionKey()))
            .processInstanceKey(Shapes.key(instance.processInstanceKey()))
            .decisionDefinitionKey(Shapes.key(instance.decisionKey()))
            .elementInstanceKey(Shapes.key(instance.elementInstanceKey())));
  }

  private static DecisionInstanceStateEnum state(DecisionInstance instance) {
    return instance.failed()
        ? DecisionInstanceStateEnum.FAILED
        : DecisionInstanceStateEnum.EVALUATED;
  }

  /** The engine names the types as the API's enum does; anything else is {@code UNKNOWN}. */
  private static DecisionDefinitionTypeEnum type(String engineType) {
    for (DecisionDefinitionTypeEnum type : DecisionDefinitionTypeEnum.values()) {
      if (type.getValue().equals(engineType)) {
        return type;
      }
    }
    return DecisionDefinitionTypeEnum.UNKNOWN;
  }

  private static ObjectNode evaluated(EvaluateDecisionResponse response) {
    return Shapes.tree(
        new EvaluateDecisionResult()
            .decisionDefinitionId(response.getDecisionId())
            .decisionDefinitionName(response.getDecisionName())
            .decisionDefinitionVersion(response.getDecisionVersion())
            .decisionRequirementsId(response.getDecisionRequirementsId())
            .output(response.getDecisionOutput())
            .failedDecisionDefinitionId(emptyAsNull(response.getFailedDecisionId()))
            .failureMessage(emptyAsNull(response.getFailureMessage()))
            .tenantId(Shapes.tenant(response.getTenantId()))
            .decisionDefinitionKey(Shapes.key(response.getDecisionKey()))
            .decisionRequirementsKey(Shapes.key(response.getDecisionRequirementsKey()))
            .decisionInstanceKey(Shapes.key(response.getDecisionInstanceKey()))
            .decisionEvaluationKey(Shapes.key(response.getDecisionEvaluationKey()))
            .evaluatedDecisions(
                response.getEvaluatedDecisionsList().stream()
                    .map(DecisionController::evaluated)
                    .toList()));
  }

  private static EvaluatedDecisionResult evaluated(EvaluatedDecision decision) {
    return new EvaluatedDecisionResult()
        .decisionDefinitionId(decision.getDecisionId())
        .decisionDefinitionName(decision.getDecisionName())
        .decisionDefinitionVersion(decision.getDecisionVersion())
        .decisionDefinitionType(decision.getDecisionType())
        .output(decision.getDecisionOutput())
        .tenantId(Shapes.tenant(decision.getTenantId()))
        .decisionDefinitionKey(Shapes.key(decision.getDecisionKey()))
        .decisionEvaluationInstanceKey(decision.getDecisionEvaluationInstanceKey())
        .evaluatedInputs(
            decision.getEvaluatedInputsList().stream()
                .map(
                    input ->
                        new EvaluatedDecisionInputItem()
                            .inputId(input.getInputId())
                            .inputName(input.getInputName())
                            .inputValue(input.getInputValue()))
                .toList())
        .matchedRules(
            decision.getMatchedRulesList().stream()
                .map(
                    rule ->
                        new MatchedDecisionRuleItem()
                            .ruleId(rule.getRuleId())
                            .ruleIndex(rule.getRuleIndex())
                            .evaluatedOutputs(
                                rule.getEvaluatedOutputsList().stream()
                                    .map(
                                        output ->
                                            new EvaluatedDecisionOutputItem()
                                                .outputId(output.getOutputId())
                                                .outputName(output.getOutputName())
                                                .outputValue(output.getOutputValue()))
                                    .toList()))
                .toList());
  }

  private static String emptyAsNull(String text) {
    return text == null || text.isEmpty() ? null : text;
  }
}
