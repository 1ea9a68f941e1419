package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass;
import io.camunda.zeebe.protocol.impl.record.value.job.JobResult;
import io.camunda.zeebe.protocol.impl.record.value.job.JobResultActivateElement;
import io.camunda.zeebe.protocol.impl.record.value.job.JobResultCorrections;
import io.camunda.zeebe.protocol.record.value.JobResultType;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.agrona.DirectBuffer;

/**
 * A job completion's {@code result}, as Zeebe's gateway hands it to the engine: for a task
 * listener's job, the task's denial and corrections (each corrected attribute named, as the engine
 * applies only those); for an ad-hoc sub-process's job, the elements to activate, whether its
 * completion condition is fulfilled and whether the remaining instances are cancelled. The engine
 * then accepts or rejects it as a broker does.
 */
final class JobResults {

  static final String USER_TASK = "userTask";
  static final String AD_HOC_SUB_PROCESS = "adHocSubProcess";

  private JobResults() {}

  /**
   * The engine's result for the request's; {@code variables} reads an activated element's variables
   * (JSON) as the engine keeps them.
   */
  static JobResult of(
      GatewayOuterClass.JobResult result, Function<String, DirectBuffer> variables) {
    String type = result.hasType() ? result.getType() : "";
    if (type.isEmpty() || type.equals(USER_TASK)) {
      return forUserTask(result);
    }
    if (type.equals(AD_HOC_SUB_PROCESS)) {
      return forAdHocSubProcess(result, variables);
    }
    throw Status.INVALID_ARGUMENT
        .withDescription(
            "Property 'result.type' must be '"
                + USER_TASK
                + "' or '"
                + AD_HOC_SUB_PROCESS
                + "', got '"
                + type
                + "'")
        .asRuntimeException();
  }

  private static JobResult forUserTask(GatewayOuterClass.JobResult result) {
    var mapped =
        new JobResult()
            .setType(JobResultType.USER_TASK)
            .setDenied(result.getDenied())
            .setDeniedReason(result.getDeniedReason());
    if (result.hasCorrections()) {
      var requested = result.getCorrections();
      var corrections = new JobResultCorrections();
      List<String> corrected = new ArrayList<>();
      // The attribute names are the user task record's, which the engine applies by name.
      if (requested.hasAssignee()) {
        corrections.setAssignee(requested.getAssignee());
        corrected.add("assignee");
      }
      if (requested.hasDueDate()) {
        corrections.setDueDate(requested.getDueDate());
        corrected.add("dueDate");
      }
      if (requested.hasFollowUpDate()) {
        corrections.setFollowUpDate(requested.getFollowUpDate());
        corrected.add("followUpDate");
      }
      if (requested.hasCandidateUsers()) {
        corrections.setCandidateUsersList(requested.getCandidateUsers().getValuesList());
        corrected.add("candidateUsersList");
      }
      if (requested.hasCandidateGroups()) {
        corrections.setCandidateGroupsList(requested.getCandidateGroups().getValuesList());
        corrected.add("candidateGroupsList");
      }
      if (requested.hasPriority()) {
        corrections.setPriority(requested.getPriority());
        corrected.add("priority");
      }
      mapped.setCorrections(corrections).setCorrectedAttributes(corrected);
    }
    return mapped;
  }

  private static JobResult forAdHocSubProcess(
      GatewayOuterClass.JobResult result, Function<String, DirectBuffer> variables) {
    var mapped =
        new JobResult()
            .setType(JobResultType.AD_HOC_SUB_PROCESS)
            .setCompletionConditionFulfilled(result.getIsCompletionConditionFulfilled())
            .setCancelRemainingInstances(result.getIsCancelRemainingInstances());
    for (var element : result.getActivateElementsList()) {
      var activate = new JobResultActivateElement().setElementId(element.getElementId());
      if (!element.getVariables().isEmpty()) {
        activate.setVariables(variables.apply(element.getVariables()));
      }
      mapped.addActivateElement(activate);
    }
    return mapped;
  }
}
