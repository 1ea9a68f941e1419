package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;

class LiveStreamLifecycleTest extends SandboxTest {

  static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
  static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  LiveApi api;

  @BeforeEach
  void connect() {
    api = LiveApi.connect(baseUrl());
  }

  @Test
  void wholeLifeWithDvrAndSimulcast() throws IOException {
    String folder = "shows/" + UUID.randomUUID();
    JsonNode created =
        api.create(
            """
        {"name": "evening show", "stream_timeout": 600,
         "dvr": {"enabled": 1, "format": ["mp4", "hls"], "max_file_duration": 10,
                 "destination": {"url": "s3://live-recordings/%s", "access_key": "%s", "secret_key": "%s"}}}
        """
                .formatted(folder, ACCESS_KEY, SECRET_KEY));
    String id = created.get("id").asText();
    assertThat(created.at("/status/name").asText()).isEqualTo("created");
    assertThat(created.toString()).doesNotContain(SECRET_KEY);
    api
        .post(
            "/live-streams/" + id + "/simulcast-targets",
            """
        {"url": "rtmp://a.rtmp.youtube.com/live2", "stream_key": "yt-key"}""")
        .stream();
    JsonNode withTargets =
        api
            .post(
                "/live-streams/" + id + "/simulcast-targets",
                """
        {"url": "rtmps://live-api-s.facebook.com:443/rtmp/", "stream_key": "fb-key"}""")
            .stream();
    assertThat(withTargets.get("simulcast_targets")).hasSize(2);

    JsonNode starting = api.post("/live-streams/" + id + "/start", null).stream();
    assertThat(starting.at("/status/name").asText()).isEqualTo("starting");
    assertThat(starting.has("origin_host")).isFalse();
    assertThat(starting.get("server_urls").has("webrtc")).isFalse();

    Poll.status(api, id, "waiting");
    JsonNode waiting = api.stream(id);
    assertThat(waiting.get("server_urls").fieldNames())
        .toIterable()
        .containsExactly("rtmp", "rtmps", "webrtc", "srt");
    assertThat(waiting.get("origin_host").asText()).isEqualTo("localhost");
    assertThat(waiting.get("origin_url").asText())
        .endsWith("/sandbox/live-origin/" + id + "/playlist.m3u8");

    assertThat(api.ingest(id, "{\"action\": \"start\"}").stream().at("/status/name").asText())
        .isEqualTo("launching");
    Poll.status(api, id, "live");
    String playbackUrl = created.at("/playback_ids/0/playback_url").asText();
    // Four segments of the 4 s clip: at least 16 s of nominal live time, so at least two 10 s DVR
    // files. A segment lasts 40 ms at the tests' time scale and the playlist holds three: wait for
    // the newest, not for one file name.
    String playlist =
        Poll.until(() -> text(LiveApi.fetch(playbackUrl).body()), p -> newestSegment(p) >= 4);
    assertThat(playlist)
        .startsWith("#EXTM3U\n")
        .contains("#EXT-X-TARGETDURATION:4")
        .doesNotContain("#EXT-X-ENDLIST");
    var segment = LiveApi.fetch(playbackUrl.replace("playlist.m3u8", "segment-4.ts"));
    assertThat(segment.statusCode()).isEqualTo(200);
    assertThat(segment.body()).isEqualTo(classpath("io/mediaflow/sandbox/live/bars.ts"));
    assertThat(text(LiveApi.fetch(waiting.get("origin_url").asText()).body()))
        .startsWith("#EXTM3U\n");

    JsonNode idle = api.ingest(id, "{\"action\": \"stop\"}").stream();
    assertThat(idle.at("/status/name").asText()).isEqualTo("idle");
    assertThat(idle.has("origin_url")).isTrue();
    assertThat(LiveApi.fetch(playbackUrl).statusCode()).isEqualTo(404);
    int firstPeriodFiles = api.recordings(id).size();
    assertThat(firstPeriodFiles).isGreaterThanOrEqualTo(2 * 2);

    api.ingest(id, "{\"action\": \"start\"}").stream();
    Poll.status(api, id, "live");
    Poll.until(() -> text(LiveApi.fetch(playbackUrl).body()), p -> newestSegment(p) >= 3);
    JsonNode stopping = api.post("/live-streams/" + id + "/stop", null).stream();
    assertThat(stopping.at("/status/name").asText()).isEqualTo("stopping");
    assertThat(stopping.has("origin_host")).isFalse();
    Poll.status(api, id, "stopped");
    JsonNode stopped = api.stream(id);
    assertThat(stopped.get("server_urls").has("srt")).isFalse();
    assertThat(stopped.get("simulcast_targets")).hasSize(2);

    assertRecordings(id, "live-recordings", folder, firstPeriodFiles);
  }

  /**
   * Two live periods, each split into 10 s files, numbered on across both, each written as mp4 and
   * as hls.
   */
  private void assertRecordings(String id, String bucket, String folder, int firstPeriodFiles)
      throws IOException {
    JsonNode recordings = api.recordings(id);
    assertThat(recordings.size()).isGreaterThan(firstPeriodFiles).isEven();
    byte[] mp4 = classpath("sandbox/samples/bars.mp4");
    byte[] ts = classpath("io/mediaflow/sandbox/live/bars.ts");
    List<Double> durations = new ArrayList<>();
    for (int i = 0; i < recordings.size(); i += 2) {
      String name = "recording-%04d".formatted(i / 2 + 1);
      JsonNode asMp4 = recordings.get(i);
      JsonNode asHls = recordings.get(i + 1);
      String path = folder + "/" + id + "/" + name;
      assertThat(asMp4.get("location").asText()).isEqualTo("s3://" + bucket + "/" + path + ".mp4");
      assertThat(asMp4.get("format").asText()).isEqualTo("mp4");
      assertThat(asHls.get("path").asText()).isEqualTo(path + ".m3u8");
      assertThat(asHls.get("duration").asDouble()).isEqualTo(asMp4.get("duration").asDouble());
      assertThat(asMp4.get("url").asText())
          .as("presigned with the destination's key")
          .startsWith(
              baseUrl()
                  + "/sandbox/dvr/"
                  + bucket
                  + "/"
                  + path
                  + ".mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256");
      // The clip repeated for as long as the file lasts (the clip alone when it lasts no longer).
      assertThat(playsFor(LiveApi.fetch(asMp4.get("url").asText()).body(), ".mp4", mp4))
          .isCloseTo(
              Math.max(4.0, asMp4.get("duration").asDouble()),
              org.assertj.core.api.Assertions.offset(0.5));
      String playlistUrl = asHls.get("url").asText();
      String segmentUrl =
          S3Signatures.presign(
              baseUrl() + "/sandbox/dvr/" + bucket + "/" + path + ".ts",
              DvrAccess.REGION,
              ACCESS_KEY,
              SECRET_KEY,
              Instant.now(),
              Duration.ofMinutes(5));
      assertThat(playsFor(LiveApi.fetch(segmentUrl).body(), ".ts", ts))
          .isCloseTo(
              Math.max(4.0, asMp4.get("duration").asDouble()),
              org.assertj.core.api.Assertions.offset(0.5));
      assertThat(text(LiveApi.fetch(playlistUrl).body()))
          .contains(name + ".ts")
          .endsWith("#EXT-X-ENDLIST\n");
      durations.add(asMp4.get("duration").asDouble());
    }
    // Within a live period every file but the last holds max_file_duration; each period ends with
    // one partial file.
    int lastOfFirstPeriod = firstPeriodFiles / 2 - 1;
    for (int i = 0; i < durations.size(); i++) {
      if (i == lastOfFirstPeriod || i == durations.size() - 1) {
        assertThat(durations.get(i)).isGreaterThan(0).isLessThanOrEqualTo(10);
      } else {
        assertThat(durations.get(i)).isEqualTo(10);
      }
    }
    // The files cover the live time: the playlists showed segment 4 (16 s) and then segment 3 (12
    // s) of 4 s each.
    double first = durations.subList(0, lastOfFirstPeriod + 1).stream().mapToDouble(d -> d).sum();
    double second =
        durations.subList(lastOfFirstPeriod + 1, durations.size()).stream()
            .mapToDouble(d -> d)
            .sum();
    assertThat(first).isGreaterThanOrEqualTo(16);
    assertThat(second).isGreaterThanOrEqualTo(12);
  }

  @Test
  void autoStopsWhenNoInputArrivesWithinTheTimeout() {
    String id = api.create("{}").get("id").asText();
    api.post("/live-streams/" + id + "/start", null).stream();
    Poll.status(api, id, "waiting");
    // 120 s nominal at time scale 0.01: 1.2 s without input, then stopping and stopped.
    Poll.status(api, id, "stopped");
    assertThat(api.stream(id).at("/params/stream_timeout").asInt()).isEqualTo(120);
  }

  @Test
  void rtmpIngestWithoutStartGoesLiveAndAnIdleStreamTimesOut() {
    String id = api.create("{\"stream_timeout\": 30}").get("id").asText();
    JsonNode launching = api.ingest(id, "{\"action\": \"start\"}").stream();
    assertThat(launching.at("/status/name").asText()).isEqualTo("launching");
    assertThat(launching.has("origin_host")).isTrue();
    Poll.status(api, id, "live");
    assertThat(api.ingest(id, "{\"action\": \"stop\"}").stream().at("/status/name").asText())
        .isEqualTo("idle");
    Poll.status(api, id, "stopped");
    assertThat(api.recordings(id)).isEmpty();
  }

  @Test
  void webrtcAndSrtIngestNeedAStartedStream() {
    // 600 s without input (6 s here), not the default's 1.2 s: the ingest below must find the
    // stream still waiting.
    String id =
        api.create("{\"input_format\": \"webrtc\", \"stream_timeout\": 600}").get("id").asText();
    assertThat(api.ingest(id, "{\"action\": \"start\"}").error(409))
        .contains("webrtc")
        .contains("started");
    assertThat(api.ingest(id, "{\"action\": \"start\", \"input_format\": \"srt\"}").error(409))
        .contains("srt");

    api.post("/live-streams/" + id + "/start", null).stream();
    Poll.status(api, id, "waiting");
    JsonNode launching =
        api.ingest(id, "{\"action\": \"start\", \"input_format\": \"srt\"}").stream();
    assertThat(launching.at("/status/name").asText()).isEqualTo("launching");
    // The system changes input_format to the server URL actually used.
    assertThat(launching.at("/params/input_format").asText()).isEqualTo("srt");
    assertThat(api.ingest(id, "{\"action\": \"start\"}").error(409)).contains("already connected");
    api.post("/live-streams/" + id + "/stop", null).stream();
    Poll.status(api, id, "stopped");
  }

  @Test
  void startAndStopAnswerForEveryStatus() {
    // 600 s without input (6 s here), not the default's 1.2 s: only the test's own calls move the
    // stream.
    String id = api.create("{\"stream_timeout\": 600}").get("id").asText();
    assertThat(api.post("/live-streams/" + id + "/stop", null).error(409))
        .contains("never started");
    assertThat(api.ingest(id, "{\"action\": \"stop\"}").error(409)).contains("no input");

    api.post("/live-streams/" + id + "/start", null).stream();
    // Start again while starting: nothing changes.
    assertThat(
            api.post("/live-streams/" + id + "/start", null).stream().at("/status/name").asText())
        .isIn("starting", "waiting");
    api.post("/live-streams/" + id + "/stop", null).stream();
    Poll.status(api, id, "stopped");
    assertThat(api.post("/live-streams/" + id + "/stop", null).stream().at("/status/name").asText())
        .isEqualTo("stopped");

    // A stopped stream starts again with a newly allocated transcoder.
    assertThat(
            api.post("/live-streams/" + id + "/start", null).stream().at("/status/name").asText())
        .isEqualTo("starting");
    // Stopping lasts only while the transcoder is freed (30 ms at the tests' time scale): a start
    // sent right after the stop may find the stream stopped already, and so start it. Stop it again
    // until a start meets it stopping.
    LiveApi.Answer refused =
        Poll.until(
            () -> {
              Poll.status(api, id, "waiting");
              api.post("/live-streams/" + id + "/stop", null).stream();
              return api.post("/live-streams/" + id + "/start", null);
            },
            answer -> answer.status() != 200);
    assertThat(refused.error(409)).contains("stopping");
    Poll.status(api, id, "stopped");
  }

  @Test
  void unknownStreamsAre404() {
    String unknown = UUID.randomUUID().toString();
    assertThat(api.get("/live-streams/" + unknown).error(404)).contains(unknown);
    assertThat(api.post("/live-streams/" + unknown + "/start", null).error(404)).contains("stream");
    assertThat(api.ingest(unknown, "{\"action\": \"start\"}").error(404)).contains(unknown);
    assertThat(
            LiveApi.fetch(baseUrl() + "/sandbox/live-playback/nosuchid/playlist.m3u8").statusCode())
        .isEqualTo(404);
  }

  /** The number of the newest segment a live playlist lists, -1 if it lists none. */
  static long newestSegment(String playlist) {
    return playlist
        .lines()
        .filter(line -> line.matches("segment-\\d+\\.ts"))
        .mapToLong(
            line ->
                Long.parseLong(line.substring("segment-".length(), line.length() - ".ts".length())))
        .max()
        .orElse(-1);
  }

  static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * How long a DVR file plays: the sample clip's 4 s when it is the clip, else ffprobe's duration
   * of what was stored.
   */
  private static double playsFor(byte[] stored, String extension, byte[] clip) throws IOException {
    if (java.util.Arrays.equals(stored, clip)) {
      return 4.0;
    }
    java.nio.file.Path file = java.nio.file.Files.createTempFile("recording", extension);
    try {
      java.nio.file.Files.write(file, stored);
      return RealMedia.duration(file);
    } finally {
      java.nio.file.Files.delete(file);
    }
  }

  static byte[] classpath(String path) throws IOException {
    try (var in = new ClassPathResource(path).getInputStream()) {
      return in.readAllBytes();
    }
  }
}
