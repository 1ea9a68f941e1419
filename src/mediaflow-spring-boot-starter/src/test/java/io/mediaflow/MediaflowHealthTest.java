package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.health.CompositeHealth;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The {@code mediaflow} health group of a plain application with the starter and Spring Boot's
 * actuator: one indicator per API, each asking the API's token endpoint with the configured key.
 */
class MediaflowHealthTest {

  private static final String REVOKED = "revoked-delivery-key";

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class UserApplication {}

  private final MockWebServer service = new MockWebServer();

  @BeforeEach
  void startService() throws Exception {
    service.setDispatcher(new TokenEndpoints());
    service.start();
  }

  @AfterEach
  void stopService() {
    service.close();
  }

  @Test
  void eachApiIsUpWhenItsTokenEndpointAcceptsTheKey() {
    try (var context = run(Map.of())) {
      var group = (CompositeHealth) health(context).healthForPath("mediaflow");

      assertThat(group.getStatus()).isEqualTo(Status.UP);
      assertThat(((CompositeHealth) group.getComponents().get("mediaflow")).getComponents())
          .containsOnlyKeys("transcoding", "live", "delivery");
    }
  }

  @Test
  void aRefusedKeyTakesItsApiDownWithTheServicesAnswerButNotReadiness() {
    try (var context =
        run(
            Map.of(
                "mediaflow.delivery.api-key",
                REVOKED,
                "management.endpoint.health.probes.enabled",
                "true"))) {
      var endpoint = health(context);
      var delivery = (Health) endpoint.healthForPath("mediaflow", "mediaflow", "delivery");

      assertThat(endpoint.healthForPath("mediaflow").getStatus()).isEqualTo(Status.DOWN);
      assertThat(delivery.getStatus()).isEqualTo(Status.DOWN);
      assertThat(delivery.getDetails())
          .containsEntry("code", "BAD_API_KEY")
          .containsEntry("httpStatus", 401)
          .containsEntry("requestId", "req-42");
      assertThat(delivery.getDetails().toString()).doesNotContain(REVOKED);
      assertThat(endpoint.healthForPath("mediaflow", "mediaflow", "live").getStatus())
          .isEqualTo(Status.UP);
      assertThat(endpoint.healthForPath("readiness").getStatus()).isEqualTo(Status.UP);
    }
  }

  @Test
  void anApplicationsOwnGroupOfThatNameIsKept() {
    try (var context =
        run(Map.of("management.endpoint.health.group.mediaflow.include", "mediaflow/delivery"))) {
      var group = (CompositeHealth) health(context).healthForPath("mediaflow");

      assertThat(((CompositeHealth) group.getComponents().get("mediaflow")).getComponents())
          .containsOnlyKeys("delivery");
    }
  }

  @Test
  void switchedOffThereIsNeitherIndicatorNorGroup() {
    try (var context = run(Map.of("management.health.mediaflow.enabled", "false"))) {
      assertThat(health(context).healthForPath("mediaflow")).isNull();
      assertThat(service.getRequestCount()).isZero();
    }
  }

  private ConfigurableApplicationContext run(Map<String, Object> overrides) {
    String base = "http://127.0.0.1:" + service.getPort();
    var properties =
        new HashMap<String, Object>(
            Map.of(
                "camunda.client.mode", "self-managed",
                "camunda.client.grpc-address", "http://127.0.0.1:9",
                "camunda.client.rest-address", "http://127.0.0.1:9",
                "mediaflow.transcoding.base-url", base + "/transcoding",
                "mediaflow.transcoding.api-key", "transcoding-key",
                "mediaflow.live.base-url", base + "/live",
                "mediaflow.live.api-key", "live-key",
                "mediaflow.delivery.base-url", base + "/cdn",
                "mediaflow.delivery.api-key", "delivery-key",
                "mediaflow.callbacks.enabled", "false"));
    properties.put(
        "mediaflow.delivery.storage-url",
        "https://{bucket}.media-storage.{region}.storage.example/{path}");
    properties.put("mediaflow.delivery.region", "eu-central");
    properties.putAll(overrides);
    return new SpringApplicationBuilder(UserApplication.class)
        .web(WebApplicationType.NONE)
        .properties(properties)
        .run();
  }

  private static HealthEndpoint health(ConfigurableApplicationContext context) {
    return context.getBean(HealthEndpoint.class);
  }

  /** The three token endpoints as the documents describe them; the revoked key gets a 401. */
  private static final class TokenEndpoints extends Dispatcher {
    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String path = request.getUrl().encodedPath();
      if (path.equals("/transcoding/v1/access_token")) {
        String expire =
            LocalDateTime.now(ZoneOffset.UTC)
                .plusHours(6)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        return json(200, "{\"token\":\"t1\",\"expire\":\"" + expire + "\"}");
      }
      if (path.endsWith("/v1/access_token/" + REVOKED)) {
        return new MockResponse.Builder()
            .code(401)
            .addHeader("X-Request-Id", "req-42")
            .addHeader("Content-Type", "application/json")
            .body("{\"error\":\"unknown api key\"}")
            .build();
      }
      if (path.contains("/v1/access_token/")) {
        return json(200, "{\"access_token\":\"token-1\"}");
      }
      return json(404, "{\"error\":\"not found\"}");
    }

    private static MockResponse json(int code, String body) {
      return new MockResponse.Builder()
          .code(code)
          .addHeader("Content-Type", "application/json")
          .body(body)
          .build();
    }
  }
}
