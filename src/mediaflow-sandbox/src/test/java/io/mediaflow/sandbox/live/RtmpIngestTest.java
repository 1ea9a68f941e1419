package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.FreePorts;
import io.mediaflow.sandbox.SandboxTest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real encoder pushing over RTMP, and what comes out: live HLS, DVR files, a simulcast relay,
 * checked by ffprobe.
 */
class RtmpIngestTest extends SandboxTest {

  static final int PUSH_SECONDS = 6;

  /**
   * Long enough to be seen live: a push is live from its first 2 s HLS segment until it ends, so a
   * 3 s push was live for only 0.3 to 0.8 s, while a status poll on a loaded machine was seen to
   * stall for 0.6 s.
   */
  static final int RECONNECT_SECONDS = 6;

  /**
   * Far longer than a refusal takes, so that only the refusal can end this push: a 3 s push could
   * end on its own, with 0, before a refusal slowed down by a busy machine reached it.
   */
  static final int REFUSED_PUSH_SECONDS = 30;

  /** How long real media may take on a busy machine: encoders start, connect and fill a segment. */
  static final Duration MEDIA = Duration.ofSeconds(60);

  @TempDir Path folder;
  @RegisterExtension final RealMedia.Processes processes = new RealMedia.Processes();
  LiveApi api;

  @BeforeEach
  void connect() {
    api = LiveApi.connect(baseUrl());
  }

  @Test
  void aPushGoesLivePlaysRecordsAndRelays() throws Exception {
    String bucketFolder = "shows/" + UUID.randomUUID();
    JsonNode created =
        api.create(
            """
        {"name": "rtmp show", "stream_timeout": 6000,
         "dvr": {"enabled": 1, "format": ["mp4", "hls"], "max_file_duration": 2,
                 "destination": {"url": "s3://live-recordings/%s", "access_key": "AKIAIOSFODNN7EXAMPLE",
                                 "secret_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}}}
        """
                .formatted(bucketFolder));
    String id = created.get("id").asText();
    int ingestPort = URI.create(created.at("/server_urls/rtmp").asText()).getPort();
    // Free until its listener starts: a relay target there would receive the refused push itself.
    FreePorts.exclude(ingestPort);
    int targetPort = FreePorts.take();
    api
        .post(
            "/live-streams/" + id + "/simulcast-targets",
            """
        {"url": "rtmp://127.0.0.1:%d/relay", "stream_key": "target-key"}"""
                .formatted(targetPort))
        .stream();
    // A target that refuses the connection is left out; the show goes on.
    api
        .post(
            "/live-streams/" + id + "/simulcast-targets",
            """
        {"url": "rtmp://127.0.0.1:%d/relay", "stream_key": "nobody"}"""
                .formatted(FreePorts.take()))
        .stream();
    Path relayed = folder.resolve("relayed.flv");
    Process target =
        processes.add(
            RealMedia.receive("rtmp://127.0.0.1:" + targetPort + "/relay/target-key", relayed));
    api.post("/live-streams/" + id + "/start", null).stream();
    Poll.status(api, id, "waiting");
    JsonNode waiting = api.stream(id);
    String ingest = waiting.at("/server_urls/rtmp").asText();
    assertThat(ingest).matches("rtmp://127\\.0\\.0\\.1:\\d+/live");

    // Another stream key is refused: the encoder is cut off and the stream keeps waiting.
    assertThat(
            processes.add(RealMedia.push(ingest + "/not-the-key", REFUSED_PUSH_SECONDS)).await(60))
        .isNotZero();
    assertThat(api.status(id)).isEqualTo("waiting");

    RealMedia.Encoder encoder =
        processes.add(
            RealMedia.push(ingest + "/" + waiting.get("stream_key").asText(), PUSH_SECONDS));
    Poll.until(() -> api.status(id), status -> !status.equals("waiting"), MEDIA);
    assertThat(api.status(id)).isIn("launching", "live");
    Poll.status(api, id, "live", MEDIA);
    String playbackUrl = waiting.at("/playback_ids/0/playback_url").asText();
    String playlist = LiveStreamLifecycleTest.text(LiveApi.fetch(playbackUrl).body());
    assertThat(playlist)
        .startsWith("#EXTM3U")
        .contains("#EXTINF:")
        .doesNotContain("#EXT-X-ENDLIST");
    String firstSegment =
        playlist.lines().filter(line -> line.endsWith(".ts")).findFirst().orElseThrow();
    Path segment =
        Files.write(
            folder.resolve("live.ts"),
            LiveApi.fetch(playbackUrl.replace("playlist.m3u8", firstSegment)).body());
    assertThat(RealMedia.codecTypes(segment)).contains("video", "audio");

    assertThat(encoder.await(60)).isZero();
    Poll.status(api, id, "idle", MEDIA);
    assertThat(LiveApi.fetch(playbackUrl).statusCode()).isEqualTo(404);
    assertThat(RealMedia.await(target, 30)).isZero();
    assertThat(RealMedia.codecTypes(relayed)).contains("video", "audio");
    assertThat(RealMedia.duration(relayed)).isGreaterThan(PUSH_SECONDS - 1);

    // The encoder comes back: live again, and the recording goes on.
    RealMedia.Encoder again =
        processes.add(
            RealMedia.push(ingest + "/" + waiting.get("stream_key").asText(), RECONNECT_SECONDS));
    Poll.status(api, id, "live", MEDIA);
    assertThat(again.await(60)).isZero();
    Poll.status(api, id, "idle", MEDIA);

    api.post("/live-streams/" + id + "/stop", null).stream();
    Poll.status(api, id, "stopped");
    assertRecordings(id, bucketFolder);
  }

  /**
   * 2 s files as mp4 and as hls, numbered from 0001 on across both pushes, adding up to them; each
   * probed.
   */
  private void assertRecordings(String id, String bucketFolder) throws IOException {
    JsonNode recordings = api.recordings(id);
    var mp4Seconds = new ArrayList<Double>();
    var hls = new ArrayList<String>();
    for (JsonNode recording : recordings) {
      assertThat(recording.get("location").asText())
          .matches(
              "s3://live-recordings/" + bucketFolder + "/" + id + "/recording-\\d{4}\\.(mp4|m3u8)");
      if (recording.get("format").asText().equals("mp4")) {
        Path file = Files.write(folder.resolve("dvr.mp4"), download(recording));
        assertThat(RealMedia.codecTypes(file)).contains("video", "audio");
        double seconds = RealMedia.duration(file);
        assertThat(seconds).isCloseTo(recording.get("duration").asDouble(), offset(0.2));
        mp4Seconds.add(seconds);
      } else {
        hls.add(LiveStreamLifecycleTest.text(download(recording)));
      }
    }
    assertThat(mp4Seconds)
        .hasSizeGreaterThanOrEqualTo((PUSH_SECONDS + RECONNECT_SECONDS) / 2)
        .allSatisfy(seconds -> assertThat(seconds).isLessThanOrEqualTo(2.5));
    assertThat(mp4Seconds.stream().mapToDouble(Double::doubleValue).sum())
        .isCloseTo(PUSH_SECONDS + RECONNECT_SECONDS, offset(1.0));
    assertThat(hls)
        .hasSameSizeAs(mp4Seconds)
        .allSatisfy(
            playlist ->
                assertThat(playlist)
                    .contains("#EXT-X-ENDLIST")
                    .containsPattern("recording-\\d{4}\\.ts"));
    assertThat(recordings.get(0).get("location").asText()).endsWith("recording-0001.mp4");
    var locations = new ArrayList<String>();
    recordings.forEach(recording -> locations.add(recording.get("location").asText()));
    assertThat(locations).doesNotHaveDuplicates();
  }

  private static byte[] download(JsonNode recording) {
    var answer = LiveApi.fetch(recording.get("url").asText());
    assertThat(answer.statusCode()).as(recording.get("url").asText()).isEqualTo(200);
    return answer.body();
  }
}
