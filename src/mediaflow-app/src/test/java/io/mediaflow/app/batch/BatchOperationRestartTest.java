package io.mediaflow.app.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch operation as users run it, in a JVM of its own: acknowledged, then the application is
 * killed ({@code kill -9}) while it may still be sending the items' commands; after the restart the
 * operation goes on and completes, every item completed once.
 */
class BatchOperationRestartTest {

  private static final int INSTANCES = 20;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path data;

  @Test
  void anAcknowledgedOperationCompletesAfterACrash() throws Exception {
    var application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    List<Long> instances = new ArrayList<>();
    String key;
    Process app = application.start();
    try {
      try (CamundaClient client = client(application)) {
        client
            .newDeployResourceCommand()
            .addProcessModel(
                Bpmn.createExecutableProcess("batch-restart")
                    .startEvent()
                    .userTask("Wait", task -> task.zeebeUserTask())
                    .endEvent()
                    .done(),
                "batch-restart.bpmn")
            .send()
            .join();
      }
      for (int i = 0; i < INSTANCES; i++) {
        instances.add(application.startInstance("batch-restart", Map.of()));
      }
      key =
          application
              .postOk(
                  "/v2/process-instances/cancellation",
                  Map.of("filter", Map.of("processDefinitionId", "batch-restart")))
              .path("batchOperationKey")
              .asText();
    } finally {
      app.destroyForcibly(); // SIGKILL, right after the acknowledgement
      app.waitFor();
    }

    app = application.start();
    try {
      JsonNode done =
          Awaitility.await("batch operation " + key + " completed")
              .atMost(Duration.ofMinutes(2))
              .until(
                  () -> JSON.readTree(application.get("/v2/batch-operations/" + key).body()),
                  operation -> operation.path("state").asText().equals("COMPLETED"));
      assertThat(done.path("operationsTotalCount").asInt()).isEqualTo(INSTANCES);
      assertThat(done.path("operationsCompletedCount").asInt()).isEqualTo(INSTANCES);
      assertThat(done.path("operationsFailedCount").asInt()).isZero();
      JsonNode found =
          application.search(
              "/v2/process-instances/search", Map.of("processDefinitionId", "batch-restart"));
      assertThat(found)
          .extracting(instance -> instance.path("processInstanceKey").asLong())
          .containsExactlyInAnyOrderElementsOf(instances);
      assertThat(found)
          .extracting(instance -> instance.path("state").asText())
          .containsOnly("TERMINATED");
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  private static CamundaClient client(EmbeddedDefaultProcess application) {
    return CamundaClient.newClientBuilder()
        .grpcAddress(application.gateway())
        .restAddress(URI.create(application.baseUrl()))
        .build();
  }
}
