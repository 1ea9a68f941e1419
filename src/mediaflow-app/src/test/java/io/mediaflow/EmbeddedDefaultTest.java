package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class EmbeddedDefaultTest extends MediaflowTest {

  @Autowired CamundaClient client;

  @Test
  void aProcessStartedOverHttpShowsItsVariables() {
    var started = post("/processes/transcode-with-approval/instances",
        java.util.Map.of("source", "https://example.com/in.mp4", "ladder", java.util.List.of(java.util.Map.of("resolution", 720, "quality", 99))));
    assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
    long key = json(started).path("processInstanceKey").asLong();

    instance(key).awaitIncident();
    var variables = json(get("/processes/instances/" + key + "/variables"));

    assertThat(variables.path("source").asText()).isEqualTo("https://example.com/in.mp4");
    assertThat(variables.path("ladder").get(0).path("resolution").asInt()).isEqualTo(720);
    assertThat(get("/processes/instances/1/variables").statusCode()).isEqualTo(404);
    assertThat(post("/processes/no-such-process/instances", java.util.Map.of()).statusCode()).isEqualTo(404);
  }

  @Test
  void workersReachTheEmbeddedEngine() {
    var topology = client.newTopologyRequest().send().join();
    assertThat(topology.getBrokers()).hasSize(1);
  }
}
