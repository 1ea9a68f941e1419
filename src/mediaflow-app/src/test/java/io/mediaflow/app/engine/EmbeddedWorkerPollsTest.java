package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class EmbeddedWorkerPollsTest {

  private static StandardEnvironment configured(Map<String, Object> properties) {
    var environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("configured", properties));
    new EmbeddedWorkerPolls().postProcessEnvironment(environment, new SpringApplication());
    return environment;
  }

  @Test
  void besideTheEmbeddedEngineAnEmptyPollWaitsFiveMinutes() {
    assertThat(configured(Map.of()).getProperty(EmbeddedWorkerPolls.PROPERTY)).isEqualTo("5m");
  }

  @Test
  void aConfiguredTimeoutWins() {
    assertThat(
            configured(Map.of(EmbeddedWorkerPolls.PROPERTY, "30s"))
                .getProperty(EmbeddedWorkerPolls.PROPERTY))
        .isEqualTo("30s");
  }

  @Test
  void aClusterElsewhereKeepsTheClientsDefault() {
    assertThat(
            configured(Map.of("mediaflow.engine.embedded", "false"))
                .getProperty(EmbeddedWorkerPolls.PROPERTY))
        .isNull();
  }
}
