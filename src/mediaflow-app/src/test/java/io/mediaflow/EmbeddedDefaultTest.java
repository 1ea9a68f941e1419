package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class EmbeddedDefaultTest extends MediaflowTest {

  @Autowired CamundaClient client;

  @Test
  void aProcessStartedOverHttpShowsItsVariables() {
    // Stopped by the ladder's incident at the encode's start: unfitted, since reading the source
    // first would meet the unreachable example.com source before the ladder.
    var started =
        post(
            "/v2/process-instances",
            Map.of(
                "processDefinitionId",
                "transcode-with-approval",
                "variables",
                Map.of(
                    "source",
                    "https://example.com/in.mp4",
                    "fitLadder",
                    false,
                    "ladder",
                    List.of(Map.of("resolution", 720, "quality", 99)))));
    assertThat(started.statusCode()).as(started.body()).isEqualTo(200);
    String key = json(started).path("processInstanceKey").asText();
    assertThat(json(started).path("processDefinitionId").asText())
        .isEqualTo("transcode-with-approval");

    instance(Long.parseLong(key)).awaitIncident();
    var variables =
        json(
            post(
                "/v2/variables/search",
                Map.of("filter", Map.of("processInstanceKey", key, "scopeKey", key))));

    var byName = new java.util.HashMap<String, String>();
    variables
        .path("items")
        .forEach(v -> byName.put(v.path("name").asText(), v.path("value").asText()));
    assertThat(byName.get("source")).isEqualTo("\"https://example.com/in.mp4\"");
    assertThat(byName.get("ladder")).contains("\"resolution\":720");
  }

  @Test
  void unknownThingsAreProblems() {
    var unknownProcess =
        post("/v2/process-instances", Map.of("processDefinitionId", "no-such-process"));
    assertThat(unknownProcess.statusCode()).isEqualTo(404);
    assertThat(unknownProcess.headers().firstValue("Content-Type"))
        .hasValue("application/problem+json");
    assertThat(json(unknownProcess).path("title").asText()).isEqualTo("NOT_FOUND");
    assertThat(json(unknownProcess).path("detail").asText()).contains("no-such-process");
    assertThat(json(unknownProcess).path("instance").asText()).isEqualTo("/v2/process-instances");

    var unknownInstance = get("/v2/process-instances/1");
    assertThat(unknownInstance.statusCode()).isEqualTo(404);
    assertThat(json(unknownInstance).path("status").asInt()).isEqualTo(404);
  }

  @Test
  void workersReachTheEmbeddedEngine() {
    var topology = client.newTopologyRequest().send().join();
    assertThat(topology.getBrokers()).hasSize(1);
    assertThat(
            json(get("/v2/topology"))
                .path("brokers")
                .get(0)
                .path("partitions")
                .get(0)
                .path("role")
                .asText())
        .isEqualTo("leader");
  }
}
