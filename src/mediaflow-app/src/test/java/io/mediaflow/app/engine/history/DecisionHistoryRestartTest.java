package io.mediaflow.app.engine.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import io.mediaflow.RenditionLadder;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decisions as users see them across a restart, in a JVM of its own: a DMN deployed and evaluated,
 * the application stopped (a snapshot, below which the history no longer reads the log) and started
 * again on the same data folder; the decision, its DRG and its decision instance are still found.
 */
class DecisionHistoryRestartTest {

  @TempDir Path data;

  @Test
  void decisionsAndTheirInstancesAreFoundAfterARestart() throws Exception {
    var application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    String evaluationKey;
    Process app = application.start();
    try {
      try (CamundaClient client =
          CamundaClient.newClientBuilder()
              .grpcAddress(application.gateway())
              .restAddress(URI.create(application.baseUrl()))
              .build()) {
        client
            .newDeployResourceCommand()
            .addResourceStringUtf8(RenditionLadder.dmn("restart-ladder"), "restart-ladder.dmn")
            .send()
            .join();
      }
      evaluationKey =
          application
              .postOk(
                  "/v2/decision-definitions/evaluation",
                  Map.of(
                      "decisionDefinitionId",
                      "restart-ladder",
                      "variables",
                      Map.of("height", 1080)))
              .path("decisionEvaluationKey")
              .asText();
    } finally {
      app.destroy(); // SIGTERM: a graceful stop, with a snapshot
      app.waitFor();
    }

    app = application.start();
    try {
      JsonNode instances =
          application.search(
              "/v2/decision-instances/search", Map.of("decisionDefinitionId", "restart-ladder"));
      assertThat(instances)
          .singleElement()
          .satisfies(
              instance -> {
                assertThat(instance.path("decisionEvaluationKey").asText())
                    .isEqualTo(evaluationKey);
                assertThat(instance.path("result").asText()).isEqualTo("\"hd\"");
              });
      JsonNode definitions =
          application.search(
              "/v2/decision-definitions/search", Map.of("decisionDefinitionId", "restart-ladder"));
      assertThat(definitions).hasSize(1);
      String requirementsKey = definitions.get(0).path("decisionRequirementsKey").asText();
      assertThat(application.get("/v2/decision-requirements/" + requirementsKey + "/xml").body())
          .contains("Ladders restart-ladder");
    } finally {
      app.destroy();
      app.waitFor();
    }
  }
}
