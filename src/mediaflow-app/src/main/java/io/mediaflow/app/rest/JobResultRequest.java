package io.mediaflow.app.rest;

import io.camunda.client.api.command.CompleteJobCommandStep1;
import io.camunda.client.api.command.CompleteJobCommandStep1.CompleteJobCommandJobResultStep;
import io.camunda.client.api.command.CompleteJobResult;
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
  static CompleteJobCommandStep1 apply(CompleteJobCommandStep1 command, RequestObject body) {
    if (!body.has("result") || body.get("result").isNull()) {
      return command;
    }
    if (!body.get("result").isObject()) {
      throw ApiProblem.invalid("result must be a JSON object");
    }
    // Camunda reads a result without a type as a user task's.
    String type = body.get("result").path("type").asText("userTask");
    return switch (type) {
      case "userTask" -> command.withResult(result -> userTask(result, body));
      case "adHocSubProcess" -> command.withResult(result -> adHocSubProcess(result, body));
      default ->
          throw ApiProblem.invalid(
              "result.type must be 'userTask' or 'adHocSubProcess', got '" + type + "'");
    };
  }

  private static CompleteJobResult userTask(
      CompleteJobCommandJobResultStep step, RequestObject body) {
    RequestObject result =
        body.object("result", Set.of("type", "denied", "deniedReason", "corrections"));
    var userTask = step.forUserTask().deny(result.bool("denied", false));
    String reason = result.text("deniedReason", null);
    if (reason != null) {
      userTask = userTask.deniedReason(reason);
    }
    RequestObject corrections =
        result.object(
            "corrections",
            Set.of(
                "assignee",
                "dueDate",
                "followUpDate",
                "candidateUsers",
                "candidateGroups",
                "priority"));
    if (corrections.has("assignee")) {
      userTask = userTask.correctAssignee(corrections.text("assignee", null));
    }
    if (corrections.has("dueDate")) {
      userTask = userTask.correctDueDate(corrections.text("dueDate", null));
    }
    if (corrections.has("followUpDate")) {
      userTask = userTask.correctFollowUpDate(corrections.text("followUpDate", null));
    }
    if (corrections.has("candidateUsers")) {
      userTask = userTask.correctCandidateUsers(corrections.texts("candidateUsers"));
    }
    if (corrections.has("candidateGroups")) {
      userTask = userTask.correctCandidateGroups(corrections.texts("candidateGroups"));
    }
    if (corrections.has("priority")) {
      userTask = userTask.correctPriority((int) corrections.number("priority", 0, 0));
    }
    return userTask;
  }

  private static CompleteJobResult adHocSubProcess(
      CompleteJobCommandJobResultStep step, RequestObject body) {
    RequestObject result =
        body.object(
            "result",
            Set.of(
                "type",
                "activateElements",
                "isCompletionConditionFulfilled",
                "isCancelRemainingInstances"));
    var adHoc =
        step.forAdHocSubProcess()
            .completionConditionFulfilled(result.bool("isCompletionConditionFulfilled", false))
            .cancelRemainingInstances(result.bool("isCancelRemainingInstances", false));
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
        adHoc = adHoc.activateElement(elementId).variables(activate.variables());
      }
    }
    return adHoc;
  }
}
