package io.mediaflow.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.observability.internal.MicrometerMetrics;
import io.mediaflow.transcoding.query.Format;
import io.mediaflow.transcoding.query.Query;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each call to the transcoding API is timed once with how it ended, read as the API's rules read
 * it: an error the service reports in a 200 body is that error, by its documented code.
 */
class TranscodingCallMetricsTest {

  private static final String CREATE_TASK = "mediaflow.transcoding.create_task";
  private static final String START = "mediaflow.transcoding.start_encode2";

  private final MockWebServer server = new MockWebServer();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final MicrometerMetrics metrics = new MicrometerMetrics(meters);
  private TranscodingClient client;

  @BeforeEach
  void start() throws Exception {
    server.start();
    var properties =
        new TranscodingProperties(
            true,
            server.url("/base").toString(),
            "project-key",
            2_000_000,
            Duration.ofMinutes(5),
            Duration.ofSeconds(5),
            null,
            ",",
            ",");
    // The starter's client: a connection that fails is not tried again on its own.
    client =
        new TranscodingClient(
            properties, MediaflowHttpClient.standard(1).okHttp(), Clock.systemUTC(), metrics);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aSuccessIsTimedForItsJobTypeTheSessionTokenItNeededToo() {
    server.enqueue(json(200, "{\"token\":\"t1\",\"expire\":\"2999-01-01 00:00:00\"}"));
    server.enqueue(json(200, "{\"error\":0,\"task_token\":\"a\",\"upload_url\":\"http://up\"}"));

    try (var running = metrics.running(CREATE_TASK)) {
      client.createTask();
    }

    assertThat(calls())
        .containsExactly(
            Map.of(
                "api",
                "transcoding",
                "operation",
                CREATE_TASK,
                "outcome",
                "success",
                "code",
                "none"));
    assertThat(meters.get(MicrometerMetrics.CALLS).timer().count())
        .as("the token's call and the task's")
        .isEqualTo(2);
    assertThat(tokens("first")).isEqualTo(1);
  }

  @Test
  void eachFailureIsTimedWithItsOutcomeAndItsDocumentedCodeOrStatus() {
    server.enqueue(json(200, "{\"error\":19,\"message\":\"invalid parameters\"}"));
    server.enqueue(json(200, "{\"error\":22,\"message\":\"limit of queued tasks reached\"}"));
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(
        new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());

    try (var running = metrics.running(START)) {
      for (int call = 0; call < 4; call++) {
        assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4(), null)))
            .as("call %d", call)
            .isInstanceOf(ApiException.class);
      }
    }

    assertThat(calls())
        .containsExactlyInAnyOrder(
            call("client_error", "ERROR_VALID_PARAMS"),
            call("busy", "ERROR_LIMIT_EXCEEDED"),
            call("server_error", "HTTP_503"),
            call("transport", "TRANSPORT"));
  }

  @Test
  void aSessionTokenTheServiceNoLongerKnowsIsFetchedAgainAndCountedAsRefused() {
    server.enqueue(json(200, "{\"token\":\"t1\",\"expire\":\"2999-01-01 00:00:00\"}"));
    server.enqueue(json(200, "{\"error\":5,\"message\":\"token not found\"}"));
    server.enqueue(json(200, "{\"token\":\"t2\",\"expire\":\"2999-01-01 00:00:00\"}"));
    server.enqueue(json(200, "{\"error\":0,\"task_token\":\"a\",\"upload_url\":\"http://up\"}"));

    client.createTask();

    assertThat(tokens("first")).isEqualTo(1);
    assertThat(tokens("refused")).isEqualTo(1);
    assertThat(calls())
        .as("outside a job, a call is counted for no operation")
        .contains(
            Map.of(
                "api",
                "transcoding",
                "operation",
                "none",
                "outcome",
                "client_error",
                "code",
                "ERROR_TOKEN_NOT_FOUND"));
  }

  /** The tags of each timer of calls. */
  private List<Map<String, String>> calls() {
    return meters.get(MicrometerMetrics.CALLS).timers().stream()
        .map(Meter::getId)
        .map(id -> id.getTags().stream().collect(Collectors.toMap(Tag::getKey, Tag::getValue)))
        .toList();
  }

  private static Map<String, String> call(String outcome, String code) {
    return Map.of("api", "transcoding", "operation", START, "outcome", outcome, "code", code);
  }

  private double tokens(String reason) {
    return meters.get(MicrometerMetrics.TOKENS).tag("reason", reason).counter().count();
  }

  private static Query mp4() {
    return Query.of("https://example.com/in.mp4", List.of(Format.of("mp4")));
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }
}
