package io.mediaflow.app.engine.gateway;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UserTaskProperties;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.value.JobKind;
import io.camunda.zeebe.protocol.record.value.TenantOwned;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Activated jobs as the gateway hands them to workers, and handing one back when no worker could
 * take it.
 */
final class Jobs {

  /** Reads the candidate lists the engine writes into a listener job's headers. */
  private static final JsonMapper JSON = new JsonMapper();

  private Jobs() {}

  static ActivatedJob activated(long key, JobRecord job) {
    var activated =
        ActivatedJob.newBuilder()
            .setKey(key)
            .setType(job.getType())
            .setProcessInstanceKey(job.getProcessInstanceKey())
            .setBpmnProcessId(job.getBpmnProcessId())
            .setProcessDefinitionVersion(job.getProcessDefinitionVersion())
            .setProcessDefinitionKey(job.getProcessDefinitionKey())
            .setElementId(job.getElementId())
            .setElementInstanceKey(job.getElementInstanceKey())
            .setCustomHeaders(MsgPackConverter.convertToJson(job.getCustomHeadersBuffer()))
            .setWorker(job.getWorker())
            .setRetries(job.getRetries())
            .setDeadline(job.getDeadline())
            .setVariables(MsgPackConverter.convertToJson(job.getVariablesBuffer()))
            .setTenantId(job.getTenantId())
            .setKind(ActivatedJob.JobKind.valueOf(job.getJobKind().name()))
            .setListenerEventType(
                ActivatedJob.ListenerEventType.valueOf(job.getJobListenerEventType().name()))
            .addAllTags(job.getTags());
    if (job.getJobKind() == JobKind.TASK_LISTENER && !job.getCustomHeaders().isEmpty()) {
      activated.setUserTask(userTask(job.getCustomHeaders()));
    }
    return activated.build();
  }

  /**
   * A task listener's job carries its task's attributes as headers, which Zeebe's gateway hands the
   * worker as the job's {@code userTask} (a value it cannot read is left out, as there).
   */
  private static UserTaskProperties userTask(Map<String, String> headers) {
    var task = UserTaskProperties.newBuilder();
    headers.forEach(
        (name, value) -> {
          switch (name) {
            case Protocol.USER_TASK_ACTION_HEADER_NAME -> task.setAction(value);
            case Protocol.USER_TASK_ASSIGNEE_HEADER_NAME -> task.setAssignee(value);
            case Protocol.USER_TASK_CANDIDATE_GROUPS_HEADER_NAME ->
                task.addAllCandidateGroups(list(value));
            case Protocol.USER_TASK_CANDIDATE_USERS_HEADER_NAME ->
                task.addAllCandidateUsers(list(value));
            case Protocol.USER_TASK_CHANGED_ATTRIBUTES_HEADER_NAME ->
                task.addAllChangedAttributes(list(value));
            case Protocol.USER_TASK_DUE_DATE_HEADER_NAME -> task.setDueDate(value);
            case Protocol.USER_TASK_FOLLOW_UP_DATE_HEADER_NAME -> task.setFollowUpDate(value);
            case Protocol.USER_TASK_FORM_KEY_HEADER_NAME ->
                number(value).ifPresent(task::setFormKey);
            case Protocol.USER_TASK_PRIORITY_HEADER_NAME ->
                number(value).ifPresent(priority -> task.setPriority(priority.intValue()));
            case Protocol.USER_TASK_KEY_HEADER_NAME ->
                number(value).ifPresent(task::setUserTaskKey);
            default -> {} // the model's own headers
          }
        });
    return task.build();
  }

  /** A header holding a JSON list of texts, as the engine writes candidates. */
  private static List<String> list(String json) {
    if (json.isEmpty()) {
      return List.of();
    }
    try {
      return JSON.readValue(json, new TypeReference<List<String>>() {});
    } catch (JsonProcessingException notAList) {
      return List.of();
    }
  }

  private static Optional<Long> number(String text) {
    try {
      return Optional.of(Long.parseLong(text));
    } catch (NumberFormatException notANumber) {
      return Optional.empty();
    }
  }

  /**
   * Makes an activated job that never reached a worker activatable again at once, as a broker does
   * with a job its stream could not deliver, rather than leaving it to its timeout.
   */
  static void yield(CommandLog log, long key, JobRecord job) {
    log.write(key, ValueType.JOB, JobIntent.YIELD, job, CommandLog.NO_REQUEST);
  }

  /**
   * The tenants a worker asked for; none named means the default tenant, as without multi-tenancy.
   */
  static List<String> tenants(List<String> requested) {
    return requested.isEmpty() ? List.of(TenantOwned.DEFAULT_TENANT_IDENTIFIER) : requested;
  }
}
