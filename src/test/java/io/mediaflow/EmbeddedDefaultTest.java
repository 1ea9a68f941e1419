package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class EmbeddedDefaultTest extends MediaflowTest {

  @Autowired CamundaClient client;

  @Test
  void workersReachTheEmbeddedEngine() {
    var topology = client.newTopologyRequest().send().join();
    assertThat(topology.getBrokers()).hasSize(1);
  }
}
