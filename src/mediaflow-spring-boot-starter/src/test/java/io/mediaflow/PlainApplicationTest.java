package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.camunda.client.jobhandling.JobWorkerManager;
import io.mediaflow.live.LiveClient;
import io.mediaflow.transcoding.TranscodingClient;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * The starter as a user adds it: a plain Spring Boot application with {@code
 * camunda-spring-boot-starter}, found through the auto-configuration imports, configured by
 * properties only. The Camunda client points at a port where nothing listens: workers open, and
 * find no jobs.
 */
@ExtendWith(OutputCaptureExtension.class)
class PlainApplicationTest {

  private static final String NOWHERE = "http://127.0.0.1:9";

  /** Everything an application must say for all three APIs, as the README documents it. */
  private static final Map<String, Object> COMPLETE =
      Map.ofEntries(
          Map.entry("camunda.client.mode", "self-managed"),
          Map.entry("camunda.client.grpc-address", NOWHERE),
          Map.entry("camunda.client.rest-address", NOWHERE),
          Map.entry("mediaflow.transcoding.base-url", "https://transcoding.example/api"),
          Map.entry("mediaflow.transcoding.api-key", "transcoding-key"),
          Map.entry("mediaflow.live.base-url", "https://live.example/api"),
          Map.entry("mediaflow.live.api-key", "live-key"),
          Map.entry("mediaflow.delivery.base-url", "https://cdn.example/api"),
          Map.entry("mediaflow.delivery.api-key", "delivery-key"),
          Map.entry(
              "mediaflow.delivery.storage-url",
              "https://{bucket}.media-storage.{region}.storage.example/{path}"),
          Map.entry("mediaflow.delivery.region", "eu-central"),
          Map.entry("mediaflow.callbacks.base-url", "https://workers.example"));

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class UserApplication {}

  /** An application with beans of the types the plugin uses inside: they stay the application's. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class UserApplicationWithItsOwnBeans {

    static final OkHttpClient OWN_HTTP = new OkHttpClient();

    @Bean
    OkHttpClient okHttpClient() {
      return OWN_HTTP;
    }

    @Bean
    Clock clock() {
      return Clock.systemDefaultZone();
    }
  }

  @Test
  void everyOperationGetsAWorkerWhenAllIsConfigured() {
    try (var context = run(UserApplication.class, Map.of())) {
      assertThat(workerTypes(context))
          .contains(
              "mediaflow.transcoding.create_task",
              "mediaflow.live.create_stream",
              "mediaflow.delivery.create_domain");
    }
  }

  /**
   * A graceful stop closes the workers once: the SDK closes every worker it opened when the context
   * closes.
   */
  @Test
  void theWorkersStopWithTheApplicationWithoutAnError(CapturedOutput output) {
    run(UserApplication.class, Map.of()).close();

    assertThat(output.getAll()).doesNotContain("Failed to stop bean 'mediaflowOperationWorkers'");
  }

  @Test
  void aMissingBaseAddressStopsTheStartNamingTheProperty(CapturedOutput output) {
    Throwable failure =
        catchThrowable(
            () ->
                runWithExactly(
                        UserApplication.class, completeWithout("mediaflow.transcoding.base-url"))
                    .close());

    assertThat(failure).as("the start").isNotNull();
    assertThat(output.getOut())
        .as("Spring Boot's report of the failed start")
        .contains(
            "Property: mediaflow.transcoding.baseUrl",
            "Reason: must be set to the API's http:// or https:// address");
  }

  @Test
  void aMissingApiKeyStopsTheStartNamingTheProperty(CapturedOutput output) {
    Throwable failure =
        catchThrowable(
            () ->
                runWithExactly(UserApplication.class, completeWithout("mediaflow.delivery.api-key"))
                    .close());

    assertThat(failure).as("the start").isNotNull();
    assertThat(output.getOut())
        .as("Spring Boot's report of the failed start")
        .contains("Property: mediaflow.delivery.apiKey", "Reason: must not be blank");
  }

  @Test
  void callbacksNeedTheAddressTheServiceReachesThisApplicationAt(CapturedOutput output) {
    Throwable failure =
        catchThrowable(
            () ->
                runWithExactly(
                        UserApplication.class, completeWithout("mediaflow.callbacks.base-url"))
                    .close());

    assertThat(failure).as("the start").isNotNull();
    assertThat(output.getOut())
        .as("Spring Boot's report of the failed start")
        .contains("mediaflow.callbacks.base-url must be set");
  }

  @Test
  void aSwitchedOffApiNeedsNoAddressAndOpensNoWorker() {
    var properties = completeWithout("mediaflow.live.base-url");
    properties.remove("mediaflow.live.api-key");
    properties.put("mediaflow.live.enabled", "false");

    try (var context = runWithExactly(UserApplication.class, properties)) {
      assertThat(context.getBeansOfType(LiveClient.class)).isEmpty();
      assertThat(workerTypes(context))
          .contains("mediaflow.transcoding.create_task")
          .noneMatch(type -> type.startsWith("mediaflow.live."));
    }
  }

  @Test
  void theSdksPerTypeOverrideSwitchesOneWorkerOff() {
    try (var context =
        run(
            UserApplication.class,
            Map.of(
                "camunda.client.worker.override[mediaflow.transcoding.create_task].enabled",
                "false"))) {
      assertThat(workerTypes(context))
          .doesNotContain("mediaflow.transcoding.create_task")
          .contains("mediaflow.transcoding.status");
    }
  }

  @Test
  void theSdksWorkerDefaultsAndOverridesApply() {
    try (var context =
        run(
            UserApplication.class,
            Map.of(
                "camunda.client.worker.defaults.tenant-ids", "studio-a,studio-b",
                "camunda.client.worker.defaults.max-jobs-active", "7",
                "camunda.client.worker.override[mediaflow.live.create_stream].max-jobs-active",
                    "2"))) {
      JobWorkerManager workers = context.getBean(JobWorkerManager.class);

      var createTask =
          workers.findJobWorkerConfigByType("mediaflow.transcoding.create_task").orElseThrow();
      assertThat(createTask.getTenantIds()).contains("studio-a", "studio-b");
      assertThat(createTask.getMaxJobsActive()).isEqualTo(7);
      assertThat(
              workers
                  .findJobWorkerConfigByType("mediaflow.live.create_stream")
                  .orElseThrow()
                  .getMaxJobsActive())
          .isEqualTo(2);
      assertThat(createTask.getFetchVariables())
          .as("only the operation's inputs are fetched")
          .isNotEmpty();
    }
  }

  @Test
  void theApplicationsOwnHttpClientAndClockStayItsOwn() {
    try (var context = run(UserApplicationWithItsOwnBeans.class, Map.of())) {
      assertThat(context.getBeansOfType(OkHttpClient.class)).containsOnlyKeys("okHttpClient");
      assertThat(context.getBean(OkHttpClient.class))
          .isSameAs(UserApplicationWithItsOwnBeans.OWN_HTTP);
      assertThat(context.getBeansOfType(Clock.class)).containsOnlyKeys("clock");
      assertThat(context.getBean(TranscodingClient.class)).isNotNull();
    }
  }

  /** The application with everything configured, and {@code properties} on top. */
  private static ConfigurableApplicationContext run(
      Class<?> application, Map<String, Object> properties) {
    var all = new HashMap<>(COMPLETE);
    all.putAll(properties);
    return runWithExactly(application, all);
  }

  private static ConfigurableApplicationContext runWithExactly(
      Class<?> application, Map<String, Object> properties) {
    return new SpringApplicationBuilder(application)
        .web(WebApplicationType.NONE)
        .properties(properties)
        .run();
  }

  private static Map<String, Object> completeWithout(String property) {
    var properties = new HashMap<>(COMPLETE);
    properties.remove(property);
    return properties;
  }

  private static List<String> workerTypes(ConfigurableApplicationContext context) {
    JobWorkerManager workers = context.getBean(JobWorkerManager.class);
    return List.of(
            "mediaflow.transcoding.create_task",
            "mediaflow.transcoding.status",
            "mediaflow.live.create_stream",
            "mediaflow.delivery.create_domain")
        .stream()
        .filter(type -> workers.findJobWorkerConfigByType(type).isPresent())
        .toList();
  }
}
