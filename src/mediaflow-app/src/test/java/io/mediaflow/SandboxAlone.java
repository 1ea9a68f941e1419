package io.mediaflow;

import io.camunda.client.spring.configuration.CamundaAutoConfiguration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The sandbox as a service of its own, the way an application reaches the real service: over HTTP,
 * with nothing of the plugin or of Camunda in the same context.
 */
public final class SandboxAlone {

  @SpringBootApplication(
      scanBasePackages = "io.mediaflow.sandbox.none",
      exclude = {MediaflowAutoConfiguration.class, CamundaAutoConfiguration.class})
  static class Application {}

  private SandboxAlone() {}

  /**
   * The sandbox on this port, its jobs taking a hundredth of their nominal time; close it when
   * done.
   */
  public static ConfigurableApplicationContext start(int port) {
    return start(port, new String[0]);
  }

  /**
   * As {@link #start(int)}, with further properties, e.g. {@code mediaflow.sandbox.variations=...}.
   */
  public static ConfigurableApplicationContext start(int port, String... properties) {
    return new SpringApplicationBuilder(Application.class)
        .properties(properties)
        .properties(
            // not the embedded default's application.yml, which is on this module's class path
            "spring.config.name=sandbox-alone",
            "server.port=" + port,
            "mediaflow.sandbox.enabled=true",
            "mediaflow.sandbox.test-controls=true",
            "mediaflow.sandbox.public-url=http://localhost:" + port + "/sandbox",
            "mediaflow.sandbox.time-scale=0.01")
        .run();
  }
}
