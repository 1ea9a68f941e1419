package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.mediaflow.app.engine.history.ElementInstance;
import io.mediaflow.app.engine.history.Incident;
import io.mediaflow.app.engine.history.IncidentState;
import io.mediaflow.app.engine.history.InstanceState;
import io.mediaflow.app.engine.history.Job;
import io.mediaflow.app.engine.history.ProcessInstance;
import io.mediaflow.app.engine.history.TaskState;
import io.mediaflow.app.engine.history.UserTaskInstance;
import io.mediaflow.app.engine.history.Variable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shapes as Camunda's clients read them: every field of Camunda 8.8's result, null where there
 * is no value (a filter's {@code $exists} looks for it), keys as text, states as the API's enums.
 */
class ShapesTest {

  private static final Instant AT = Instant.parse("2026-01-01T10:00:00Z");

  @Test
  void aProcessInstanceHasEveryFieldOfCamundasResult() {
    JsonNode shape =
        Shapes.processInstance(
            new ProcessInstance(
                2251799813685249L,
                7,
                "review",
                3,
                -1,
                -1,
                "",
                AT,
                null,
                InstanceState.ACTIVE,
                false,
                null),
            null);
    assertThat(fields(shape))
        .containsExactlyInAnyOrder(
            "endDate",
            "hasIncident",
            "parentElementInstanceKey",
            "parentProcessInstanceKey",
            "processDefinitionId",
            "processDefinitionKey",
            "processDefinitionName",
            "processDefinitionVersion",
            "processDefinitionVersionTag",
            "processInstanceKey",
            "startDate",
            "state",
            "tags",
            "tenantId");
    assertThat(shape.get("processInstanceKey").isTextual()).as("a key as text").isTrue();
    assertThat(shape.get("processInstanceKey").asText()).isEqualTo("2251799813685249");
    assertThat(shape.get("state").asText()).isEqualTo("ACTIVE");
    assertThat(shape.get("endDate").isNull()).as("written, as null").isTrue();
    assertThat(shape.get("parentProcessInstanceKey").isNull()).isTrue();
    assertThat(shape.get("tenantId").asText()).isEqualTo("<default>");
    assertThat(shape.get("startDate").asText()).isEqualTo("2026-01-01T10:00:00Z");
  }

  @Test
  void elementsTasksVariablesIncidentsAndJobsHaveEveryFieldOfCamundasResults() {
    assertThat(
            fields(
                Shapes.elementInstance(
                    new ElementInstance(
                        5,
                        1,
                        1,
                        7,
                        "review",
                        "Review",
                        null,
                        BpmnElementType.USER_TASK,
                        "",
                        AT,
                        AT,
                        InstanceState.COMPLETED,
                        null))))
        .containsExactlyInAnyOrder(
            "elementId",
            "elementInstanceKey",
            "elementName",
            "endDate",
            "hasIncident",
            "incidentKey",
            "processDefinitionId",
            "processDefinitionKey",
            "processInstanceKey",
            "startDate",
            "state",
            "tenantId",
            "type");
    JsonNode task =
        Shapes.userTask(
            new UserTaskInstance(
                9,
                5,
                1,
                7,
                "review",
                1,
                "Review",
                "Review",
                null,
                Map.of("io.camunda.zeebe:formKey", "12", "team", "editors"),
                "",
                AT,
                null,
                TaskState.CREATED,
                Map.of(),
                UserTaskInstance.Implementation.JOB_WORKER,
                null,
                null,
                null),
            null,
            null);
    assertThat(fields(task))
        .containsExactlyInAnyOrder(
            "assignee",
            "candidateGroups",
            "candidateUsers",
            "completionDate",
            "creationDate",
            "customHeaders",
            "dueDate",
            "elementId",
            "elementInstanceKey",
            "externalFormReference",
            "followUpDate",
            "formKey",
            "name",
            "priority",
            "processDefinitionId",
            "processDefinitionKey",
            "processDefinitionVersion",
            "processInstanceKey",
            "processName",
            "state",
            "tenantId",
            "userTaskKey");
    assertThat(task.get("customHeaders"))
        .as("the engine's own headers left out")
        .isEqualTo(Shapes.object().put("team", "editors"));
    assertThat(task.get("candidateGroups").isArray()).isTrue();
    assertThat(fields(Shapes.variable(new Variable(20, 1, 1, "source", "\"x\"", ""), true)))
        .containsExactlyInAnyOrder(
            "isTruncated",
            "name",
            "processInstanceKey",
            "scopeKey",
            "tenantId",
            "value",
            "variableKey");
    assertThat(
            fields(
                Shapes.incident(
                    new Incident(
                        30,
                        1,
                        7,
                        "review",
                        "Work",
                        6,
                        8,
                        "JOB_NO_RETRIES",
                        "boom",
                        "",
                        AT,
                        IncidentState.ACTIVE))))
        .containsExactlyInAnyOrder(
            "creationTime",
            "elementId",
            "elementInstanceKey",
            "errorMessage",
            "errorType",
            "incidentKey",
            "jobKey",
            "processDefinitionId",
            "processDefinitionKey",
            "processInstanceKey",
            "state",
            "tenantId");
    JsonNode job =
        Shapes.job(
            new Job(
                8,
                "work",
                null,
                "FAILED",
                2,
                null,
                null,
                "boom",
                true,
                null,
                "Work",
                6,
                1,
                7,
                "review",
                Map.of("a", "b"),
                "BPMN_ELEMENT",
                "UNSPECIFIED",
                ""));
    assertThat(fields(job))
        .containsExactlyInAnyOrder(
            "customHeaders",
            "deadline",
            "deniedReason",
            "elementId",
            "elementInstanceKey",
            "endTime",
            "errorCode",
            "errorMessage",
            "hasFailedWithRetriesLeft",
            "isDenied",
            "jobKey",
            "kind",
            "listenerEventType",
            "processDefinitionId",
            "processDefinitionKey",
            "processInstanceKey",
            "retries",
            "state",
            "tenantId",
            "type",
            "worker");
    assertThat(job.get("state").asText()).isEqualTo("FAILED");
    assertThat(job.get("kind").asText()).isEqualTo("BPMN_ELEMENT");
  }

  private static List<String> fields(JsonNode shape) {
    var names = new ArrayList<String>();
    shape.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
