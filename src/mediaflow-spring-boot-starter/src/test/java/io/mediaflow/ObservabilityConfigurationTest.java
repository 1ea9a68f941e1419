package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.observability.internal.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.okhttp3.OkHttpObservationInterceptor;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The plugin takes what the application has: Micrometer and its registries where they are, and
 * nothing where they are not.
 */
class ObservabilityConfigurationTest {

  private static final MediaflowHttpClient HTTP = MediaflowHttpClient.standard(1);

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withUserConfiguration(ObservabilityConfiguration.class)
          .withBean(MediaflowHttpClient.class, () -> HTTP);

  @Test
  void anApplicationWithAMeterRegistryGetsThePluginsMeters() {
    runner
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .run(
            context ->
                assertThat(context.getBean(MediaflowMetrics.class))
                    .isInstanceOf(MicrometerMetrics.class));
  }

  @Test
  void anApplicationWithoutARegistryRunsTheSameRecordingNothing() {
    runner.run(
        context -> {
          assertThat(context.getBean(MediaflowMetrics.class)).isSameAs(MediaflowMetrics.NONE);
          assertThat(context.getBean(MediaflowHttpClient.class)).isSameAs(HTTP);
        });
  }

  /**
   * micrometer-core is optional: where the application does not have it, nothing of the plugin
   * touches it, whatever registries it declares.
   */
  @Test
  void anApplicationWithoutMicrometerCoreRunsTheSameRecordingNothing() {
    runner
        .withClassLoader(new FilteredClassLoader("io.micrometer.core"))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withBean(ObservationRegistry.class, ObservationRegistry::create)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(MediaflowMetrics.class)).isSameAs(MediaflowMetrics.NONE);
              assertThat(context.getBean(MediaflowHttpClient.class)).isSameAs(HTTP);
            });
  }

  @Test
  void withAnObservationRegistryTheHttpClientObservesEachCall() {
    runner
        .withBean(ObservationRegistry.class, ObservationRegistry::create)
        .run(
            context ->
                assertThat(context.getBean(MediaflowHttpClient.class).okHttp().interceptors())
                    .hasAtLeastOneElementOfType(OkHttpObservationInterceptor.class));
  }

  @Test
  void theLogContextCanBeSwitchedOff() {
    runner
        .withPropertyValues("mediaflow.observability.log-context.enabled=false")
        .run(
            context -> {
              try (var restore = context.getBean(LogContext.class).put(Map.of("jobKey", "7"))) {
                assertThat(MDC.get("jobKey")).isNull();
              }
            });
    runner.run(
        context -> {
          try (var restore = context.getBean(LogContext.class).put(Map.of("jobKey", "7"))) {
            assertThat(MDC.get("jobKey")).as("on by default").isEqualTo("7");
          }
        });
  }
}
