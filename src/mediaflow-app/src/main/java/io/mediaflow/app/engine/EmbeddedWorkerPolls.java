package io.mediaflow.app.engine;

import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * How long the workers' polls wait at the embedded gateway when there is no job: {@link #TIMEOUT},
 * unless {@code camunda.client.worker.defaults.request-timeout} is configured. Each worker streams
 * its jobs and, beside the stream, polls for jobs made activatable before it opened; the gateway
 * holds an empty poll until a job of its type comes (so a job never waits for the next poll) or the
 * poll's request timeout passes, and the worker asks again up to 5 s after an empty answer. At the
 * client's 10 s, the application's 48 workers kept an idle engine writing, forcing and answering
 * some three polls a second: most of its idle CPU (docs/performance.md, "Idle").
 *
 * <p>Only beside the embedded engine: a cluster elsewhere may be reached through proxies that cut a
 * call left open for minutes, and keeps the client's default.
 */
class EmbeddedWorkerPolls implements EnvironmentPostProcessor {

  static final String PROPERTY = "camunda.client.worker.defaults.request-timeout";
  static final String TIMEOUT = "5m";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (environment.getProperty("mediaflow.engine.embedded", Boolean.class, true)) {
      // Last: any configured value wins.
      environment
          .getPropertySources()
          .addLast(
              new MapPropertySource("mediaflowEmbeddedWorkerPolls", Map.of(PROPERTY, TIMEOUT)));
    }
  }
}
