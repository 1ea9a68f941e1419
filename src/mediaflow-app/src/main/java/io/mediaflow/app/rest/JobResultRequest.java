package io.mediaflow.app.rest;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.camunda.client.protocol.rest.JobResult;
import io.camunda.client.protocol.rest.JobResultActivateElement;
import io.camunda.client.protocol.rest.JobResultAdHocSubProcess;
import io.camunda.client.protocol.rest.JobResultCorrections;
import io.camunda.client.protocol.rest.JobResultUserTask;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StringList;
import java.util.Objects;

/**
 * A job completion's {@code result} over REST ({@code JobResultUserTask} or {@code
 * JobResultAdHocSubProcess} by its {@code type}), handed on with the completion, so that the engine
 * applies or refuses it: a task listener's denial and corrections, or the elements an ad-hoc
 * sub-process's job activates.
 */
final class JobResultRequest {

  private JobResultRequest() {}

  /**
   * How {@link CamundaJson#REQUESTS} reads a {@link JobResult}: by its {@code type} as generated,
   * and without one as a user task's, as Camunda does for the clients that came before the type.
   */
  @JsonTypeInfo(
      use = JsonTypeInfo.Id.NAME,
      include = JsonTypeInfo.As.PROPERTY,
      property = "type",
      visible = true,
      defaultImpl = JobResultUserTask.class)
  interface UserTaskByDefault {}

  /** The completion with {@code result} when there is one, as it came otherwise. */
  static CompleteJobRequest.Builder apply(CompleteJobRequest.Builder command, JobResult result) {
    return switch (result) {
      case null -> command;
      case JobResultUserTask userTask -> command.setResult(userTask(userTask));
      case JobResultAdHocSubProcess adHoc -> command.setResult(adHocSubProcess(adHoc));
      default -> throw new IllegalStateException("A job result of no known type: " + result);
    };
  }

  private static GatewayOuterClass.JobResult userTask(JobResultUserTask result) {
    var userTask =
        GatewayOuterClass.JobResult.newBuilder()
            .setType("userTask")
            .setDenied(Boolean.TRUE.equals(result.getDenied()));
    if (result.getDeniedReason() != null) {
      userTask.setDeniedReason(result.getDeniedReason());
    }
    JobResultCorrections requested = result.getCorrections();
    if (requested == null) {
      return userTask.build();
    }
    var corrections = GatewayOuterClass.JobResultCorrections.newBuilder();
    if (requested.getAssignee() != null) {
      corrections.setAssignee(requested.getAssignee());
    }
    if (requested.getDueDate() != null) {
      corrections.setDueDate(requested.getDueDate());
    }
    if (requested.getFollowUpDate() != null) {
      corrections.setFollowUpDate(requested.getFollowUpDate());
    }
    if (requested.getCandidateUsers() != null) {
      corrections.setCandidateUsers(
          StringList.newBuilder().addAllValues(requested.getCandidateUsers()));
    }
    if (requested.getCandidateGroups() != null) {
      corrections.setCandidateGroups(
          StringList.newBuilder().addAllValues(requested.getCandidateGroups()));
    }
    if (requested.getPriority() != null) {
      corrections.setPriority(
          (int)
              RequestValues.atLeast("result.corrections.priority", requested.getPriority(), 0, 0));
    }
    return userTask.setCorrections(corrections).build();
  }

  private static GatewayOuterClass.JobResult adHocSubProcess(JobResultAdHocSubProcess result) {
    var adHoc =
        GatewayOuterClass.JobResult.newBuilder()
            .setType("adHocSubProcess")
            .setIsCompletionConditionFulfilled(
                Boolean.TRUE.equals(result.getIsCompletionConditionFulfilled()))
            .setIsCancelRemainingInstances(
                Boolean.TRUE.equals(result.getIsCancelRemainingInstances()));
    var elements =
        Objects.requireNonNullElse(
            result.getActivateElements(), java.util.List.<JobResultActivateElement>of());
    for (int i = 0; i < elements.size(); i++) {
      String elementId = elements.get(i).getElementId();
      if (elementId == null || elementId.isBlank()) {
        throw ApiProblem.invalid("result.activateElements[" + i + "].elementId is required");
      }
      adHoc.addActivateElements(
          GatewayOuterClass.JobResultActivateElement.newBuilder()
              .setElementId(elementId)
              .setVariables(GatewayCalls.json(elements.get(i).getVariables())));
    }
    return adHoc.build();
  }
}
