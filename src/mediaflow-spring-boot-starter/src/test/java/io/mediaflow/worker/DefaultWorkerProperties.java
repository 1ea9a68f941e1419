package io.mediaflow.worker;

import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The worker settings as an application gets them with nothing configured, bound by Spring Boot
 * from {@link WorkerProperties}' own defaults (so tests cannot drift from them), with a fixed state
 * secret: a test can read what a job recorded.
 */
public final class DefaultWorkerProperties {

  private DefaultWorkerProperties() {}

  public static WorkerProperties withStateSecret(String secret) {
    return new Binder(
            new MapConfigurationPropertySource(Map.of("mediaflow.worker.state-secret", secret)))
        .bindOrCreate("mediaflow.worker", WorkerProperties.class);
  }

  public static WorkerProperties get() {
    return withStateSecret("test-state-secret");
  }
}
