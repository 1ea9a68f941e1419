package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Jobs that fail, or complete with warnings, and the documented messages they report. */
class TranscodingFailuresTest extends SandboxTest {

  private static final String DOWNLOAD_ERROR =
      "Download error: unable to download the specified source file/URL.";
  private static final String HLS_DOWNLOAD_ERROR =
      "Download error: failed to download the source with additional details on the cause.";
  private static final String ATTEMPTS_ERROR =
      "Download error: maximum number of download attempts reached.";
  private static final String SAVING_ERROR =
      "Error saving video: the output could not be saved to the destination.";

  @Autowired MediaStorage storage;

  private final SandboxClient sandbox = new SandboxClient(baseUrl());
  private final byte[] sample = TranscodingJobTest.sample();

  @Test
  void unreachableOrFailingSourcesAreDownloadErrors() {
    try (var server =
        new TestServer()
            .on(
                "/missing.mp4",
                exchange -> TestServer.respond(exchange, 404, new byte[0], "text/plain"))) {
      assertFailed(
          sandbox.start(query(server.url("/missing.mp4"), "{\"output\": \"mp4\"}")),
          DOWNLOAD_ERROR);
    }
    String closedPort;
    try (var gone = new TestServer()) {
      closedPort = gone.url("/bars.mp4");
    }
    assertFailed(sandbox.start(query(closedPort, "{\"output\": \"mp4\"}")), DOWNLOAD_ERROR);

    String stitch =
        "{\"query\": {\"stitch\": [\""
            + sandbox.sampleUrl()
            + "\", \""
            + baseUrl()
            + "/sandbox/samples/missing.mp4\"], \"format\": [{\"output\": \"mp4\"}]}}";
    String task = sandbox.createTask();
    assertThat(sandbox.startEncode2(task, stitch).path("error").asInt()).isZero();
    assertFailed(task, DOWNLOAD_ERROR);
  }

  @Test
  void aSourceThatFailsInPassingAtEveryAttemptIsTheMaximumAttemptsError() {
    var requests = new AtomicInteger();
    try (var server =
        new TestServer()
            .on(
                "/busy.mp4",
                exchange -> {
                  requests.incrementAndGet();
                  TestServer.respond(exchange, 503, new byte[0], "text/plain");
                })) {
      assertFailed(
          sandbox.start(query(server.url("/busy.mp4"), "{\"output\": \"mp4\"}")), ATTEMPTS_ERROR);
      assertThat(requests).hasValue(Downloader.ATTEMPTS);
    }
  }

  @Test
  void sourcesThatAreNoMediaContainerAreUnsupported() {
    byte[] noMovieHeader =
        ByteBuffer.allocate(40)
            .putInt(20)
            .put("ftypisom".getBytes(StandardCharsets.US_ASCII))
            .putInt(0)
            .putInt(0)
            .putInt(20)
            .put("mdat".getBytes(StandardCharsets.US_ASCII))
            .array();
    try (var server =
        new TestServer()
            .file(
                "/page.mp4",
                "<html><body>Not found</body></html>".getBytes(StandardCharsets.UTF_8),
                "text/html")
            .file("/empty.mp4", new byte[0], "video/mp4")
            .file("/nomoov.mp4", noMovieHeader, "video/mp4")) {
      for (String path : new String[] {"/page.mp4", "/empty.mp4", "/nomoov.mp4"}) {
        assertFailed(
            sandbox.start(query(server.url(path), "{\"output\": \"mp4\"}")),
            "Unsupported media type.");
      }
    }
  }

  @Test
  void aTruncatedSourceCompletesWithADecodingWarning() {
    // the header announces 4 s; ffmpeg decodes what arrived and complains about the rest
    try (var server =
        new TestServer()
            .file("/cut.mp4", Arrays.copyOf(sample, sample.length * 6 / 10), "video/mp4")) {
      JsonNode status =
          sandbox.awaitFinished(
              sandbox.start(query(server.url("/cut.mp4"), "{\"output\": \"mp4\"}")));
      assertThat(status.path("status").asText()).isEqualTo("completed");
      assertThat(status.path("warnings").get(0).path("kind").asText()).isEqualTo("source_decoding");
      assertThat(status.path("warnings").get(0).path("message").asText()).contains("corrupt");
    }
  }

  @Test
  void audioOnlySourcesMakeAudioButNoVideo() {
    try (var server = new TestServer().file("/tone.wav", TestMedia.wav(2), "audio/wav")) {
      JsonNode audio =
          sandbox.awaitFinished(
              sandbox.start(
                  query(
                      server.url("/tone.wav"),
                      "{\"output\": \"mp3\", \"audio_bitrate\": 24}",
                      "{\"output\": \"flac\"}")));
      assertThat(audio.path("status").asText()).isEqualTo("completed");
      assertThat(audio.path("duration").asDouble()).isEqualTo(2.0);
      assertThat(audio.path("audios")).hasSize(2);
      // measured: LAME's lowest rate at the default 44.1 kHz is 32 kbps
      assertThat(audio.path("audios").get(0).path("bitrate").asInt()).isBetween(24, 40);
      assertThat(audio.path("warnings").get(0).path("kind").asText())
          .isEqualTo("low_audio_bitrate");
      assertThat(audio.path("warnings").get(0).path("tag").asText()).isEqualTo("audio-0-0");

      assertFailed(
          sandbox.start(query(server.url("/tone.wav"), "{\"output\": \"mp4\"}")),
          "Extract video error.");

      JsonNode soft =
          sandbox.awaitFinished(
              sandbox.start(
                  query(
                      server.url("/tone.wav"),
                      "{\"output\": \"mp4\", \"allow_soft_fail\": 1}",
                      "{\"output\": \"mp3\"}")));
      assertThat(soft.path("status").asText()).isEqualTo("completed");
      assertThat(soft.path("videos").get(0).path("error").asInt()).isEqualTo(1);
      assertThat(soft.path("videos").get(0).path("error_description").asText())
          .isEqualTo("Extract video error.");
      assertThat(soft.path("warnings").get(0).path("kind").asText()).isEqualTo("soft_fail");
      assertThat(soft.path("audios").get(0).path("url").asText()).isNotBlank();
    }
  }

  @Test
  void aThumbnailBeyondTheLastFrameCannotBeExtracted() {
    // the sample has 100 frames: 0 to 99
    assertFailed(
        sandbox.start(
            query(sandbox.sampleUrl(), "{\"output\": \"thumbnail\", \"frame_number\": 100}")),
        "Image extract error.");
    JsonNode last =
        sandbox.awaitFinished(
            sandbox.start(
                query(sandbox.sampleUrl(), "{\"output\": \"thumbnail\", \"frame_number\": 99}")));
    assertThat(last.path("status").asText()).isEqualTo("completed");
  }

  @Test
  void aThumbnailPastTheEndOfThePictureCannotBeExtracted() {
    // the picture lasts 1 s of the source's 4 (its sound goes on): three quarters in, it has no
    // frame
    try (var server =
        new TestServer().file("/short.mp4", MediaTools.source(160, 90, 1, 4), "video/mp4")) {
      assertFailed(
          sandbox.start(
              query(server.url("/short.mp4"), "{\"output\": \"thumbnail\", \"time\": 0.75}")),
          "Image extract error.");
    }
  }

  /** 40 images of 480 pixels in one row: 19200 pixels, wider than a WebP image can be (16383). */
  @Test
  void aSpriteWiderThanItsImageFormatAllowsIsACreateVttError() {
    String sprite =
        "{\"output\": \"thumbnails\", \"sprite\": 1, \"columns\": 40, \"size\": \"480x270\","
            + " \"image_format\": \"webp\", \"interval\": ";
    assertFailed(
        sandbox.start(query(sandbox.sampleUrl(), sprite + "0.1}")), "Thumbnails create vtt error.");
    assertFailed(
        sandbox.start(
            stitch(
                "\"" + sandbox.sampleUrl() + "\", \"" + sandbox.sampleUrl() + "\"",
                sprite + "0.2}")),
        "Stitching thumbnails create vtt error.");
  }

  @Test
  void subtitleFilesOfAdaptiveOutputsThatAreNoSubtitlesAreSubtitlesPrepareErrors() {
    try (var server =
        new TestServer()
            .file(
                "/en.srt",
                "1\n00:00:01,000 --> 00:00:02,000\nHello\n".getBytes(StandardCharsets.UTF_8),
                "text/plain")
            .file(
                "/de.srt",
                "1\n00:00:01 --> 00:00:02\nHallo\n".getBytes(StandardCharsets.UTF_8),
                "text/plain")
            .file(
                "/fr.srt",
                "<html><body>Not found</body></html>".getBytes(StandardCharsets.UTF_8),
                "text/html")) {
      assertFailed(
          sandbox.start(
              query(
                  sandbox.sampleUrl(),
                  "{\"output\": \"advanced_hls\", \"subtitles\":"
                      + " {\"sources\": ["
                      + subtitle(server.url("/en.srt"), "en")
                      + ", "
                      + subtitle(server.url("/de.srt"), "de")
                      + "]}}")),
          "Subtitles prepare error (HLS).");
      assertFailed(
          sandbox.start(
              query(
                  sandbox.sampleUrl(),
                  "{\"output\": \"advanced_dash\", \"subtitles\":"
                      + " {\"sources\": ["
                      + subtitle(server.url("/fr.srt"), "fr")
                      + "]}}")),
          "Subtitles prepare error (DASH).");
    }
  }

  @Test
  void aStitchClipStartingAtItsEndCannotBeCut() {
    // the sample lasts 4 s: nothing of it follows 4 s
    assertFailed(
        sandbox.start(
            stitch(
                "\""
                    + sandbox.sampleUrl()
                    + "\", {\"url\": \""
                    + sandbox.sampleUrl()
                    + "\", \"start_time\": 4}",
                "{\"output\": \"mp4\"}")),
        "Split stitching video error.");
  }

  /** Two samples of 100 frames each: frames 0 to 199 once joined. */
  @Test
  void aStitchedThumbnailPastTheLastJoinedFrameIsAStitchingImageExtractError() {
    String samples = "\"" + sandbox.sampleUrl() + "\", \"" + sandbox.sampleUrl() + "\"";
    assertFailed(
        sandbox.start(stitch(samples, "{\"output\": \"thumbnail\", \"frame_number\": 200}")),
        "Stitching image extract error.");
    JsonNode second =
        sandbox.awaitFinished(
            sandbox.start(stitch(samples, "{\"output\": \"thumbnail\", \"frame_number\": 150}")));
    assertThat(second.path("status").asText())
        .as("a frame of the second clip")
        .isEqualTo("completed");
  }

  @Test
  void stitchedThumbnailsPastTheJoinedEndAreAStitchingThumbnailsExtractError() {
    assertFailed(
        sandbox.start(
            stitch(
                "\"" + sandbox.sampleUrl() + "\", \"" + sandbox.sampleUrl() + "\"",
                "{\"output\": \"thumbnails\", \"start_time\": 10}")),
        "Stitching thumbnails extract error.");
  }

  @Test
  void theSoundOfStitchClipsOneOfWhichHasNoneIsAStitchingExtractAudioError() {
    try (var server =
        new TestServer().file("/silent.mp4", MediaTools.source(160, 90, 1, 0), "video/mp4")) {
      assertFailed(
          sandbox.start(
              stitch(
                  "\"" + sandbox.sampleUrl() + "\", \"" + server.url("/silent.mp4") + "\"",
                  "{\"output\": \"mp3\"}")),
          "Stitching extract audio error.");
    }
  }

  @Test
  void hlsSourcesAreDownloadedSegmentBySegmentAndDecrypted() {
    byte[] key = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    byte[] first = MediaTools.transportStream(4, 0);
    byte[] second = MediaTools.transportStream(2.5, 4);
    byte[] sequenceIv = ByteBuffer.allocate(16).putLong(8, 8).array();
    try (var server =
        new TestServer()
            .file(
                "/live/master.m3u8",
                ("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000\nlow/index.m3u8\n"
                        + "#EXT-X-STREAM-INF:BANDWIDTH=900000\nhigh/index.m3u8\n")
                    .getBytes(StandardCharsets.UTF_8),
                "application/vnd.apple.mpegurl")
            .file(
                "/live/high/index.m3u8",
                ("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:7\n#EXTINF:4.0,\n"
                        + "s0.ts\n#EXT-X-KEY:METHOD=AES-128,URI=\"/keys/k1\"\n#EXTINF:2.5,\ns1.ts\n#EXT-X-ENDLIST\n")
                    .getBytes(StandardCharsets.UTF_8),
                "application/vnd.apple.mpegurl")
            .file("/live/high/s0.ts", first, "video/mp2t")
            .file("/live/high/s1.ts", TestMedia.aes128(second, key, sequenceIv), "video/mp2t")
            .file("/keys/k1", key, "application/octet-stream")) {
      JsonNode status =
          sandbox.awaitFinished(
              sandbox.start(query(server.url("/live/master.m3u8"), "{\"output\": \"metadata\"}")));
      assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("completed");
      assertThat(status.path("source_size").asLong()).isEqualTo(first.length + second.length);
      assertThat(status.path("duration").asDouble()).isCloseTo(6.5, within(0.1));

      // a media playlist instead of a master
      assertFailed(
          sandbox.start(query(server.url("/live/high/index.m3u8"), "{\"output\": \"mp4\"}")),
          HLS_DOWNLOAD_ERROR);
    }
  }

  /**
   * The storage has only buckets named by its rule (3 to 63 lower-case letters...): no other can be
   * saved to.
   */
  @Test
  void anOutputThatCannotBeSavedToItsDestinationIsASavingError() {
    assertFailed(
        sandbox.start(
            query(
                sandbox.sampleUrl(),
                "{\"output\": \"thumbnail\", \"destination\":"
                    + " {\"url\": \"s3://Not_A_Bucket/bars.png\", \"key\": \"AKIA-SANDBOX\", \"secret\": \"s3cr3t\"}}")),
        SAVING_ERROR);
  }

  @Test
  void anOutputSavedToOneOfItsDestinationsCompletesWithAWarning() {
    JsonNode status =
        sandbox.awaitFinished(
            sandbox.start(
                query(
                    sandbox.sampleUrl(),
                    "{\"output\": \"thumbnail\","
                        + " \"destination\": [{\"url\": \"s3://Not_A_Bucket/bars.png\", \"secret\": \"s3cr3t\"},"
                        + " {\"url\": \"s3://failures-test-bucket/bars.png\", \"secret\": \"s3cr3t\"}]}")));

    assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("completed");
    assertThat(status.path("images").get(0).path("url").asText())
        .isEqualTo("s3://failures-test-bucket/bars.png");
    assertThat(storage.get("failures-test-bucket", "bars.png")).isPresent();
    JsonNode warning = status.path("warnings").get(0);
    assertThat(warning.path("kind").asText()).isEqualTo("destination");
    assertThat(warning.path("message").asText()).isEqualTo(SAVING_ERROR);
    assertThat(warning.path("details").asText())
        .startsWith("s3://Not_A_Bucket/bars.png: no bucket Not_A_Bucket");
    assertThat(warning.path("tag").asText()).isEqualTo("image-0-0");
    assertThat(status.toString()).doesNotContain("s3cr3t");
  }

  /** A stitch job of {@code items} (the JSON of the array's items) and one format. */
  private static String stitch(String items, String format) {
    return "{\"query\": {\"stitch\": [" + items + "], \"format\": [" + format + "]}}";
  }

  private static String subtitle(String url, String language) {
    return "{\"source\": \"" + url + "\", \"language\": \"" + language + "\"}";
  }

  private void assertFailed(String task, String description) {
    JsonNode status = sandbox.awaitFinished(task);
    assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("error");
    assertThat(status.path("error").asInt()).isEqualTo(1);
    assertThat(status.path("error_description").asText()).isEqualTo(description);
  }
}
