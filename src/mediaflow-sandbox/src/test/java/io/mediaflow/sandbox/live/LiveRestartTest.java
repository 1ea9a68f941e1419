package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.mediaflow.sandbox.FreePorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The live streaming sandbox over a data folder, stopped and started again as the embedded default
 * is: what a client knows of its streams is back unchanged over the API, a stream that was live
 * goes on from idle, and an encoder pushes to the same URL with the same key again.
 */
class LiveRestartTest {

  private static final Duration MEDIA = RtmpIngestTest.MEDIA;

  /**
   * An application that adds nothing: what it serves comes from the sandbox's auto-configuration.
   */
  @SpringBootApplication(scanBasePackages = "io.mediaflow.sandbox.none")
  static class SandboxOnly {}

  @TempDir Path data;
  @RegisterExtension final RealMedia.Processes processes = new RealMedia.Processes();
  final int port = FreePorts.take();
  final String baseUrl = "http://localhost:" + port;
  HttpServer endpoint;
  final List<JsonNode> callbacks = new CopyOnWriteArrayList<>();

  @BeforeEach
  void startEndpoint() throws IOException {
    endpoint = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    endpoint.createContext(
        "/hooks/live",
        exchange -> {
          try (exchange) {
            callbacks.add(LiveApi.JSON.readTree(exchange.getRequestBody()).get("stream"));
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
  void streamsKeysPlaybackIdsTargetsAndRecordingsSurviveAndALiveStreamGoesOnFromIdle() {
    String callbackUrl = "http://localhost:" + endpoint.getAddress().getPort() + "/hooks/live";
    String liveId;
    String waitingId;
    JsonNode before;
    JsonNode recordingsBefore;
    RealMedia.Encoder encoder;
    try (var sandbox = start()) {
      LiveApi api = LiveApi.connect(baseUrl);
      liveId =
          api.create(
                  """
          {"name": "evening show", "stream_timeout": 6000, "callback_url": "%s",
           "dvr": {"enabled": 1, "format": ["mp4", "hls"], "max_file_duration": 2,
                   "destination": {"url": "s3://live-recordings/shows", "access_key": "%s", "secret_key": "%s"}}}
          """
                      .formatted(
                          callbackUrl,
                          LiveStreamLifecycleTest.ACCESS_KEY,
                          LiveStreamLifecycleTest.SECRET_KEY))
              .get("id")
              .asText();
      api
          .post("/live-streams/" + liveId + "/playback-ids", "{\"policy\": \"authenticated\"}")
          .stream();
      // Nothing listens at the target: the relay is left out and the show goes on.
      api
          .post(
              "/live-streams/" + liveId + "/simulcast-targets",
              """
          {"url": "rtmp://127.0.0.1:%d/relay", "stream_key": "target-key"}"""
                  .formatted(FreePorts.take()))
          .stream();
      String createdId = api.create("{\"name\": \"never started\"}").get("id").asText();
      String publicId = api.stream(createdId).at("/playback_ids/0/id").asText();
      api
          .post("/live-streams/" + createdId + "/playback-ids", "{\"policy\": \"authenticated\"}")
          .stream();
      api.delete("/live-streams/" + createdId + "/playback-ids/" + publicId).stream();
      api
          .post(
              "/live-streams/" + createdId + "/simulcast-targets",
              """
          {"url": "rtmps://live-api-s.facebook.com:443/rtmp/", "stream_key": "fb-key"}""")
          .stream();
      waitingId =
          api.create("{\"name\": \"waiting\", \"stream_timeout\": 6000}").get("id").asText();
      api.post("/live-streams/" + waitingId + "/start", null).stream();
      api.post("/live-streams/" + liveId + "/start", null).stream();
      Poll.status(api, waitingId, "waiting");
      Poll.status(api, liveId, "waiting");

      encoder = processes.add(RealMedia.push(ingest(api.stream(liveId)), 120));
      Poll.status(api, liveId, "live", MEDIA);
      Poll.until(() -> api.recordings(liveId).size(), count -> count >= 2, MEDIA);
      before = api.get("/live-streams").body().get("streams");
      recordingsBefore = api.recordings(liveId);
      Poll.until(() -> statuses(liveId).size(), count -> count == 5);
    }
    // The push ended with the sandbox, and the stream kept its status for the restart: no callback
    // came.
    encoder.await(60);
    assertThat(statuses(liveId))
        .containsExactlyInAnyOrder("created", "starting", "waiting", "launching", "live");

    try (var sandbox = start()) {
      LiveApi api = LiveApi.connect(baseUrl);
      JsonNode after = api.get("/live-streams").body().get("streams");
      assertThat(ids(after)).containsExactlyElementsOf(ids(before));
      for (int i = 0; i < before.size(); i++) {
        JsonNode was = before.get(i);
        JsonNode is = after.get(i);
        if (was.get("id").asText().equals(liveId)) {
          assertThat(is.at("/status/name").asText()).isEqualTo("idle");
          assertThat(withoutStatus(is)).isEqualTo(withoutStatus(was));
        } else {
          assertThat(is).isEqualTo(was);
        }
      }
      assertThat(api.status(waitingId)).isEqualTo("waiting");
      Poll.until(() -> statuses(liveId).size(), count -> count == 6);
      assertThat(statuses(liveId).getLast()).isEqualTo("idle");

      JsonNode recordingsAfter = api.recordings(liveId);
      assertThat(withoutUrls(recordingsAfter)).containsAll(withoutUrls(recordingsBefore));
      recordingsAfter.forEach(
          recording ->
              assertThat(LiveApi.fetch(recording.get("url").asText()).statusCode())
                  .as(recording.get("location").asText())
                  .isEqualTo(200));
      assertThat(data.resolve("files/dvr/live-recordings/shows/" + liveId)).isDirectory();

      // The same URL and key take a push again.
      processes.add(RealMedia.push(ingest(api.stream(liveId)), 120));
      Poll.status(api, liveId, "live", MEDIA);
    }
  }

  @Test
  void aStreamThatWasStartingOrStoppingFinishesItsStepAndASimulatedLiveOneIsIdle() {
    String callbackUrl = "http://localhost:" + endpoint.getAddress().getPort() + "/hooks/live";
    String startingId;
    String stoppingId;
    String liveId;
    // Allocation and shutdown take 10^6 nominal seconds here: the restart comes in the middle of
    // both.
    try (var sandbox =
        start(
            "mediaflow.sandbox.live.allocation=1000000s",
            "mediaflow.sandbox.live.shutdown=1000000s")) {
      LiveApi api = LiveApi.connect(baseUrl);
      startingId = api.create("{\"name\": \"starting\"}").get("id").asText();
      api.post("/live-streams/" + startingId + "/start", null).stream();
      stoppingId = api.create("{\"name\": \"stopping\"}").get("id").asText();
      api.ingest(stoppingId, "{\"action\": \"start\"}").stream();
      api.post("/live-streams/" + stoppingId + "/stop", null).stream();
      liveId =
          api.create("{\"stream_timeout\": 6000, \"callback_url\": \"" + callbackUrl + "\"}")
              .get("id")
              .asText();
      api.ingest(liveId, "{\"action\": \"start\"}").stream();
      Poll.status(api, liveId, "live");
      assertThat(api.status(startingId)).isEqualTo("starting");
      assertThat(api.status(stoppingId)).isEqualTo("stopping");
    }

    try (var sandbox = start()) {
      LiveApi api = LiveApi.connect(baseUrl);
      Poll.status(api, startingId, "waiting");
      Poll.status(api, stoppingId, "stopped");
      assertThat(api.status(liveId)).isEqualTo("idle");
      // The simulated encoder ended with the sandbox: it can connect again.
      api.ingest(liveId, "{\"action\": \"start\"}").stream();
      Poll.status(api, liveId, "live");
      Poll.until(() -> statuses(liveId).size(), count -> count == 6);
      assertThat(statuses(liveId))
          .containsExactlyInAnyOrder("created", "launching", "live", "idle", "launching", "live");
    }
  }

  private ConfigurableApplicationContext start(String... settings) {
    return new SpringApplicationBuilder(SandboxOnly.class)
        .properties(
            "server.port=" + port,
            "mediaflow.sandbox.enabled=true",
            "mediaflow.sandbox.test-controls=true",
            "mediaflow.sandbox.public-url=" + baseUrl + "/sandbox",
            "mediaflow.sandbox.time-scale=0.01",
            "mediaflow.sandbox.state.directory=" + data)
        .properties(settings)
        .run();
  }

  private static String ingest(JsonNode stream) {
    return stream.at("/server_urls/rtmp").asText() + "/" + stream.get("stream_key").asText();
  }

  /**
   * The statuses of the stream's callbacks, in the order they came (which may not be the order they
   * were sent).
   */
  private List<String> statuses(String id) {
    return callbacks.stream()
        .filter(stream -> stream.get("id").asText().equals(id))
        .map(stream -> stream.at("/status/name").asText())
        .toList();
  }

  private static List<String> ids(JsonNode streams) {
    var ids = new ArrayList<String>();
    streams.forEach(stream -> ids.add(stream.get("id").asText()));
    return ids;
  }

  private static JsonNode withoutStatus(JsonNode stream) {
    ObjectNode copy = stream.deepCopy();
    copy.remove("status");
    return copy;
  }

  /** Recordings less their links, which are presigned anew on every read. */
  private static List<JsonNode> withoutUrls(JsonNode recordings) {
    var copies = new ArrayList<JsonNode>();
    recordings.forEach(recording -> copies.add(((ObjectNode) recording.deepCopy()).without("url")));
    return copies;
  }
}
