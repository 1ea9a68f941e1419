package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluatedDecision;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluatedDecisionInput;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluatedDecisionOutput;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MatchedDecisionRule;
import io.camunda.zeebe.protocol.impl.record.value.decision.DecisionEvaluationRecord;
import io.camunda.zeebe.protocol.record.value.EvaluatedDecisionValue;
import org.agrona.DirectBuffer;

/**
 * gRPC's {@code EvaluateDecision} as Zeebe's gateway maps it: the request becomes the engine's
 * {@code DECISION_EVALUATION EVALUATE} command, and the engine's {@code EVALUATED} or {@code
 * FAILED} event becomes the response (a failed evaluation is an answer with its {@code
 * failureMessage}, as Zeebe's, not an error).
 */
final class DecisionEvaluations {

  private DecisionEvaluations() {}

  /** The command: by key when given, otherwise the latest version of the decision id. */
  static DecisionEvaluationRecord command(EvaluateDecisionRequest request, DirectBuffer variables) {
    var command = new DecisionEvaluationRecord();
    if (request.getDecisionKey() > 0) {
      command.setDecisionKey(request.getDecisionKey());
    } else {
      command.setDecisionId(request.getDecisionId());
    }
    if (variables != null) {
      command.setVariables(variables);
    }
    if (!request.getTenantId().isEmpty()) {
      command.setTenantId(request.getTenantId());
    }
    return command;
  }

  static EvaluateDecisionResponse response(EngineResponse response) {
    var evaluation = response.read(new DecisionEvaluationRecord());
    var answer =
        EvaluateDecisionResponse.newBuilder()
            .setDecisionKey(evaluation.getDecisionKey())
            .setDecisionId(evaluation.getDecisionId())
            .setDecisionName(evaluation.getDecisionName())
            .setDecisionVersion(evaluation.getDecisionVersion())
            .setDecisionRequirementsId(evaluation.getDecisionRequirementsId())
            .setDecisionRequirementsKey(evaluation.getDecisionRequirementsKey())
            .setDecisionOutput(evaluation.getDecisionOutput())
            .setFailedDecisionId(evaluation.getFailedDecisionId())
            .setFailureMessage(evaluation.getEvaluationFailureMessage())
            .setTenantId(evaluation.getTenantId())
            .setDecisionInstanceKey(response.key())
            .setDecisionEvaluationKey(response.key());
    evaluation
        .getEvaluatedDecisions()
        .forEach(
            decision ->
                answer.addEvaluatedDecisions(evaluated(decision, evaluation.getTenantId())));
    return answer.build();
  }

  private static EvaluatedDecision evaluated(EvaluatedDecisionValue decision, String tenantId) {
    var evaluated =
        EvaluatedDecision.newBuilder()
            .setDecisionKey(decision.getDecisionKey())
            .setDecisionId(decision.getDecisionId())
            .setDecisionName(decision.getDecisionName())
            .setDecisionVersion(decision.getDecisionVersion())
            .setDecisionType(decision.getDecisionType())
            .setDecisionOutput(decision.getDecisionOutput())
            .setTenantId(tenantId)
            .setDecisionEvaluationInstanceKey(decision.getDecisionEvaluationInstanceKey());
    decision
        .getEvaluatedInputs()
        .forEach(
            input ->
                evaluated.addEvaluatedInputs(
                    EvaluatedDecisionInput.newBuilder()
                        .setInputId(input.getInputId())
                        .setInputName(input.getInputName())
                        .setInputValue(input.getInputValue())));
    decision
        .getMatchedRules()
        .forEach(
            rule -> {
              var matched =
                  MatchedDecisionRule.newBuilder()
                      .setRuleId(rule.getRuleId())
                      .setRuleIndex(rule.getRuleIndex());
              rule.getEvaluatedOutputs()
                  .forEach(
                      output ->
                          matched.addEvaluatedOutputs(
                              EvaluatedDecisionOutput.newBuilder()
                                  .setOutputId(output.getOutputId())
                                  .setOutputName(output.getOutputName())
                                  .setOutputValue(output.getOutputValue())));
              evaluated.addMatchedRules(matched);
            });
    return evaluated.build();
  }
}
