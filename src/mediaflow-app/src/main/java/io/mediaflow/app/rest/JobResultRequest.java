package io.mediaflow.app.rest;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResultActivateElement;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResultCorrections;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StringList;
import java.util.Set;

/**
 * A job completion's {@code result} over REST ({@code JobResultUserTask} or {@code
 * JobResultAdHocSubProcess} by its {@code type}), read strictly and handed on with the completion,
 * so that the engine applies or refuses it: a task listener's denial and corrections, or the
 * elements an ad-hoc sub-process's job activates.
 */
final class JobResultRequest {

  private JobResultRequest() {}

  /** The completion with {@code result} when the body has one, as it came otherwise. */
  static CompleteJobRequest.Builder apply(CompleteJobRequest.Builder command, RequestObject body) {
    if (!body.has("result") || body.get("result").isNull()) {
      return command;
    }
    if (!body.get("result").isObject()) {
      throw ApiProblem.invalid("result must be a JSON object");
    }
    // Camunda reads a result without a type as a user task's.
    String type = body.get("result").path("type").asText("userTask");
    return switch (type) {
      case "userTask" -> command.setResult(userTask(body));
      case "adHocSubProcess" -> command.setResult(adHocSubProcess(body));
      default ->
          throw ApiProblem.invalid(
              "result.type must be 'userTask' or 'adHocSubProcess', got '" + type + "'");
    };
  }

  private static JobResult userTask(RequestObject body) {
    RequestObject result =
        body.object("result", Set.of("type", "denied", "deniedReason", "corrections"));
    var userTask =
        JobResult.newBuilder().setType("userTask").setDenied(result.bool("denied", false));
    String reason = result.text("deniedReason", null);
    if (reason != null) {
      userTask.setDeniedReason(reason);
    }
    RequestObject requested =
        result.object(
            "corrections",
            Set.of(
                "assignee",
                "dueDate",
                "followUpDate",
                "candidateUsers",
                "candidateGroups",
                "priority"));
    var corrections = JobResultCorrections.newBuilder();
    if (requested.text("assignee", null) != null) {
      corrections.setAssignee(requested.text("assignee", null));
    }
    if (requested.text("dueDate", null) != null) {
      corrections.setDueDate(requested.text("dueDate", null));
    }
    if (requested.text("followUpDate", null) != null) {
      corrections.setFollowUpDate(requested.text("followUpDate", null));
    }
    if (requested.has("candidateUsers")) {
      corrections.setCandidateUsers(
          StringList.newBuilder().addAllValues(requested.texts("candidateUsers")));
    }
    if (requested.has("candidateGroups")) {
      corrections.setCandidateGroups(
          StringList.newBuilder().addAllValues(requested.texts("candidateGroups")));
    }
    if (requested.has("priority")) {
      corrections.setPriority((int) requested.number("priority", 0, 0));
    }
    if (result.has("corrections")) {
      userTask.setCorrections(corrections);
    }
    return userTask.build();
  }

  private static JobResult adHocSubProcess(RequestObject body) {
    RequestObject result =
        body.object(
            "result",
            Set.of(
                "type",
                "activateElements",
                "isCompletionConditionFulfilled",
                "isCancelRemainingInstances"));
    var adHoc =
        JobResult.newBuilder()
            .setType("adHocSubProcess")
            .setIsCompletionConditionFulfilled(result.bool("isCompletionConditionFulfilled", false))
            .setIsCancelRemainingInstances(result.bool("isCancelRemainingInstances", false));
    if (result.has("activateElements")) {
      if (!result.get("activateElements").isArray()) {
        throw ApiProblem.invalid("result.activateElements must be a list");
      }
      for (var element : result.get("activateElements")) {
        RequestObject activate =
            RequestObject.of(
                element, "a result.activateElements entry", Set.of("elementId", "variables"));
        String elementId = activate.text("elementId", null);
        if (elementId == null || elementId.isBlank()) {
          throw ApiProblem.invalid("result.activateElements[].elementId is required");
        }
        adHoc.addActivateElements(
            JobResultActivateElement.newBuilder()
                .setElementId(elementId)
                .setVariables(GatewayCalls.json(activate.variables())));
      }
    }
    return adHoc.build();
  }
}
