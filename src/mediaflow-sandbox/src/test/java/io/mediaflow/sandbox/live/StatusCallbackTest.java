package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.mediaflow.sandbox.SandboxTest;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StatusCallbackTest extends SandboxTest {

  /** A callback as the test endpoint received it. */
  record Received(String contentType, JsonNode body) {}

  HttpServer endpoint;
  final List<Received> received = new CopyOnWriteArrayList<>();

  @BeforeEach
  void startEndpoint() throws IOException {
    endpoint = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    endpoint.createContext(
        "/hooks/live",
        exchange -> {
          try (exchange) {
            received.add(
                new Received(
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    LiveApi.JSON.readTree(exchange.getRequestBody())));
            exchange.sendResponseHeaders(204, -1);
          }
        });
    endpoint.start();
  }

  @AfterEach
  void stopEndpoint() {
    endpoint.stop(0);
  }

  @Test
  void everyStatusChangeIsPostedWithTheStream() {
    var api = LiveApi.connect(baseUrl());
    String callbackUrl = "http://localhost:" + endpoint.getAddress().getPort() + "/hooks/live";
    String id =
        api.create("{\"stream_timeout\": 600, \"callback_url\": \"" + callbackUrl + "\"}")
            .get("id")
            .asText();
    api.post("/live-streams/" + id + "/start", null).stream();
    Poll.status(api, id, "waiting");
    api.ingest(id, "{\"action\": \"start\"}").stream();
    Poll.status(api, id, "live");
    api.ingest(id, "{\"action\": \"stop\"}").stream();
    api.ingest(id, "{\"action\": \"start\"}").stream();
    Poll.status(api, id, "live");
    api.post("/live-streams/" + id + "/stop", null).stream();
    Poll.status(api, id, "stopped");

    List<String> expected =
        List.of(
            "created",
            "starting",
            "waiting",
            "launching",
            "live",
            "idle",
            "launching",
            "live",
            "stopping",
            "stopped");
    Poll.until(received::size, count -> count >= expected.size());
    // Deliveries are asynchronous, so they may arrive out of order, as the service's may.
    assertThat(received)
        .extracting(r -> r.body().at("/stream/status/name").asText())
        .containsExactlyInAnyOrderElementsOf(expected);
    for (Received callback : received) {
      assertThat(callback.contentType()).isEqualTo("application/json");
      JsonNode stream = callback.body().get("stream");
      assertThat(stream.get("id").asText()).isEqualTo(id);
      assertThat(stream.at("/params/callback_url").asText()).isEqualTo(callbackUrl);
      assertThat(stream.has("origin_url"))
          .isEqualTo(
              List.of("waiting", "launching", "live", "idle")
                  .contains(stream.at("/status/name").asText()));
    }
    // The final callback is the stream as the API shows it.
    JsonNode last =
        received.stream()
            .map(Received::body)
            .filter(body -> body.at("/stream/status/name").asText().equals("stopped"))
            .findFirst()
            .orElseThrow();
    assertThat(last.get("stream")).isEqualTo(api.stream(id));
  }
}
