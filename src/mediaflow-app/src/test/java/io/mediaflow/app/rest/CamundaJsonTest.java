package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.camunda.client.protocol.rest.ClockPinRequest;
import io.camunda.client.protocol.rest.JobActivationRequest;
import io.camunda.client.protocol.rest.JobUpdateRequest;
import io.camunda.client.protocol.rest.ProcessInstanceCreationInstruction;
import io.camunda.client.protocol.rest.ProcessInstanceModificationInstruction;
import io.camunda.client.protocol.rest.ProcessInstanceResult;
import io.camunda.client.protocol.rest.UserTaskAssignmentRequest;
import io.camunda.client.protocol.rest.UserTaskCompletionRequest;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The REST layer's mappers write Camunda's REST model, not the media service's API's settings, and
 * read its request model as strictly as Camunda 8.8 does, the refusal naming the property.
 */
class CamundaJsonTest {

  @Test
  void aRequestIsReadIntoTheGeneratedModel() throws Exception {
    var update =
        CamundaJson.REQUESTS.readValue(
            "{\"changeset\": {\"retries\": 3, \"timeout\": 1000}}", JobUpdateRequest.class);

    assertThat(update.getChangeset().getRetries()).isEqualTo(3);
    assertThat(update.getChangeset().getTimeout()).isEqualTo(1000L);
  }

  @Test
  void anUnknownPropertyIsRefusedByItsPath() {
    assertThat(refusal("{\"changeset\": {\"retriez\": 3}}", JobUpdateRequest.class))
        .isEqualTo(
            "Request property [changeset.retriez] is unknown; changeset takes [retries, timeout]");
    assertThat(refusal("{\"timestamp\": 1, \"at\": 2}", ClockPinRequest.class))
        .isEqualTo("Request property [at] is unknown; the request body takes [timestamp]");
  }

  @Test
  void aNumberGivenAsTextIsRefused() {
    assertThat(refusal("{\"changeset\": {\"retries\": \"3\"}}", JobUpdateRequest.class))
        .startsWith("changeset.retries must be a whole number");
    assertThat(refusal("{\"timestamp\": 1.5}", ClockPinRequest.class))
        .startsWith("timestamp must be a whole number");
  }

  @Test
  void aValueOfTheWrongKindIsRefusedNamingTheKind() {
    assertThat(
            refusal(
                "{\"type\": \"t\", \"timeout\": 1, \"maxJobsToActivate\": 1,"
                    + " \"fetchVariable\": \"a\"}",
                JobActivationRequest.class))
        .isEqualTo("fetchVariable must be a list of texts");
    assertThat(
            refusal(
                "{\"assignee\": \"ann\", \"allowOverride\": \"no\"}",
                UserTaskAssignmentRequest.class))
        .startsWith("allowOverride must be true or false");
    assertThat(refusal("{\"assignee\": true}", UserTaskAssignmentRequest.class))
        .startsWith("assignee must be a text");
    assertThat(refusal("{\"variables\": [1]}", UserTaskCompletionRequest.class))
        .startsWith("variables must be a JSON object");
    assertThat(refusal("[]", UserTaskCompletionRequest.class))
        .isEqualTo("The request body must be a JSON object");
    assertThat(refusal("{\"timestamp\": ", ClockPinRequest.class))
        .startsWith("The request body is not valid JSON");
  }

  @Test
  void aRequiredPropertyLeftOutIsRefusedByItsPath() {
    assertThat(refusal("{}", ClockPinRequest.class)).isEqualTo("timestamp is required");
    assertThat(refusal("{\"timestamp\": null}", ClockPinRequest.class))
        .isEqualTo("timestamp is required");
    assertThat(
            refusal(
                "{\"terminateInstructions\": [{\"elementInstanceKey\": \"1\"}, {}]}",
                ProcessInstanceModificationInstruction.class))
        .isEqualTo("terminateInstructions[1].elementInstanceKey is required");
  }

  @Test
  void aKeyIsText() throws Exception {
    assertThat(
            CamundaJson.REQUESTS
                .readValue(
                    "{\"processDefinitionKey\": \"2251799813685249\"}",
                    ProcessInstanceCreationInstruction.class)
                .getProcessDefinitionKey())
        .isEqualTo("2251799813685249");
    assertThat(
            refusal(
                "{\"processDefinitionKey\": 2251799813685249}",
                ProcessInstanceCreationInstruction.class))
        .startsWith("processDefinitionKey must be a text");
  }

  private static String refusal(String body, Class<?> type) {
    try {
      CamundaJson.REQUESTS.readValue(body, type);
    } catch (JsonProcessingException e) {
      return Problems.refusal(e, "");
    }
    throw new AssertionError(body + " was read");
  }

  @Test
  void aVariableWhoseValueIsNullIsWritten() {
    Map<String, Object> variables = new HashMap<>();
    variables.put("approved", null);

    assertThat(CamundaJson.MAPPER.valueToTree(variables).toString())
        .isEqualTo("{\"approved\":null}");
  }

  @Test
  void anOptionalFieldOfAShapeIsWrittenAsNull() {
    var node = CamundaJson.MAPPER.valueToTree(new ProcessInstanceResult().processInstanceKey("1"));

    assertThat(node.has("endDate"))
        .as("endDate, though the generated class marks it NON_NULL")
        .isTrue();
    assertThat(node.get("endDate").isNull()).isTrue();
  }

  @Test
  void datesAreIsoText() {
    assertThat(CamundaJson.MAPPER.valueToTree(Instant.parse("2026-11-27T20:00:00Z")).asText())
        .isEqualTo("2026-11-27T20:00:00Z");
  }
}
