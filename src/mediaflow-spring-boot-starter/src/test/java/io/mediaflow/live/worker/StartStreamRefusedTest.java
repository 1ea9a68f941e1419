package io.mediaflow.live.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.LiveProperties;
import io.mediaflow.live.StartStream;
import java.time.Clock;
import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A start the service refused is not taken as started, nor as not started: the stream is read, and
 * its status decides.
 */
class StartStreamRefusedTest {

  private final MockWebServer server = new MockWebServer();
  private LiveClient client;

  @BeforeEach
  void start() throws Exception {
    server.start();
    client =
        new LiveClient(
            new LiveProperties(
                true,
                server.url("/live").toString(),
                "key",
                Duration.ofHours(1),
                Duration.ofSeconds(5),
                "https://s3.amazonaws.com",
                "us-east-1",
                "https://{domain}/{path}",
                java.time.ZoneOffset.UTC),
            new OkHttpClient(),
            Clock.systemUTC());
    server.enqueue(json(200, "{\"access_token\":\"t\"}"));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aRefusedStartOfAStreamThatRunsIsTheStream() throws Exception {
    server.enqueue(json(409, "{\"status\":\"failed\",\"error\":\"already started\"}"));
    server.enqueue(json(200, stream("waiting")));

    var result = Streams.handle(client, new StartStream("s1"));

    assertThat(result.statusName()).isEqualTo("waiting");
    server.takeRequest();
    server.takeRequest();
    assertThat(server.takeRequest().getMethod()).as("looked up").isEqualTo("GET");
  }

  @Test
  void aRefusedStartOfAStreamThatDidNotStartIsTheRefusalNamingItsStatus() {
    server.enqueue(json(409, "{\"status\":\"failed\",\"error\":\"busy\"}"));
    server.enqueue(json(200, stream("created")));

    assertThatThrownBy(() -> Streams.handle(client, new StartStream("s1")))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.code()).isEqualTo("CONFLICT");
              assertThat(refused.httpStatus()).hasValue(409);
            })
        .hasMessageContaining("live stream s1 shows status created: it did not start");
  }

  private static String stream(String status) {
    return "{\"stream\":{\"id\":\"s1\",\"status\":{\"name\":\""
        + status
        + "\",\"timestamp\":\"2026-01-02 03:04:05\"}}}";
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }
}
