package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Deployed resources over REST, as Camunda's Java client reads and deletes them: a process and a
 * form, each found with its content, then deleted in the engine and no longer found or started.
 */
class ResourcesTest extends MediaflowTest {

  private CamundaClient client;

  @BeforeEach
  void connect() {
    client = userClient(true);
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  @Test
  void aResourceIsReadWithItsContentThenDeleted() {
    String processId = "resource-" + UUID.randomUUID();
    String formId = "form-" + UUID.randomUUID();
    var deployment =
        client
            .newDeployResourceCommand()
            .addProcessModel(
                Bpmn.createExecutableProcess(processId)
                    .startEvent()
                    .userTask("Wait")
                    .endEvent()
                    .done(),
                processId + ".bpmn")
            .addResourceStringUtf8(
                "{\"id\": \"" + formId + "\", \"type\": \"default\", \"components\": []}",
                formId + ".form")
            .send()
            .join();
    long processKey = deployment.getProcesses().get(0).getProcessDefinitionKey();
    long formKey = deployment.getForm().get(0).getFormKey();

    var process = json(get("/v2/resources/" + processKey));
    assertThat(process.path("resourceName").asText()).isEqualTo(processId + ".bpmn");
    assertThat(process.path("resourceId").asText()).isEqualTo(processId);
    assertThat(process.path("resourceKey").asText()).isEqualTo(Long.toString(processKey));
    assertThat(process.path("version").asInt()).isEqualTo(1);
    assertThat(get("/v2/resources/" + processKey + "/content").body())
        .contains("id=\"" + processId + "\"");
    assertThat(json(get("/v2/resources/" + formKey)).path("resourceId").asText()).isEqualTo(formId);
    assertThat(get("/v2/resources/" + formKey + "/content").body()).contains(formId);

    client.newDeleteResourceCommand(processKey).send().join();
    var gone = get("/v2/resources/" + processKey);
    assertThat(gone.statusCode()).isEqualTo(404);
    assertThat(json(gone).path("detail").asText()).contains(Long.toString(processKey));
    assertThatThrownBy(
            () -> client.newCreateInstanceCommand().processDefinitionKey(processKey).send().join())
        .isInstanceOfSatisfying(
            ProblemException.class, missing -> assertThat(missing.code()).isEqualTo(404));
    var again = post("/v2/resources/" + processKey + "/deletion", Map.of());
    assertThat(again.statusCode()).isEqualTo(404);
    var misspelt = post("/v2/resources/" + formKey + "/deletion", Map.of("operationRef", 1));
    assertThat(misspelt.statusCode()).isEqualTo(400);
    assertThat(post("/v2/resources/" + formKey + "/deletion", Map.of()).statusCode())
        .isEqualTo(200);
    assertThat(get("/v2/resources/" + formKey).statusCode()).isEqualTo(404);
  }
}
