package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;
import org.w3c.dom.Element;

/**
 * Jobs that succeed: the state sequence, the outputs of each kind, destinations and preset jobs.
 */
class TranscodingJobTest extends SandboxTest {

  @Autowired ConfigurableApplicationContext context;
  @Autowired MediaStorage storage;

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  /**
   * "Always read status from the last value returned": the job is handed from master to master, and
   * a master that handed it on answers as an unavailable host, so only the last status_url gives
   * the complete status.
   */
  @Test
  void theStatusUrlMovesWithTheJobAndOnlyTheLastOneAnswers() {
    String task = sandbox.createTask();
    String first =
        sandbox
            .startEncode2(task, query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}"))
            .path("status_url")
            .asText();
    JsonNode done = sandbox.awaitFinished(task);

    String last = done.path("status_url").asText();
    assertThat(last).as("the job moved on from the master the start named").isNotEqualTo(first);
    assertThat(sandbox.postForm(first, Map.of("task_tokens", task)).statusCode()).isEqualTo(503);
    JsonNode complete = sandbox.parse(sandbox.postForm(last, Map.of("task_tokens", task)).body());
    assertThat(complete.path("statuses").path(task).has("videos"))
        .as("the last master gives the complete status")
        .isTrue();
    assertThat(sandbox.basicStatus(task).has("videos"))
        .as("the main host gives the basic one")
        .isFalse();
  }

  /**
   * The job of the issue, on a shorter source: an HLS ladder 720/480/360, an MP4 and a thumbnail of
   * a 1280x720 H.264 clip. Every figure of the status is what ffprobe finds in the files, and the
   * files are encodes.
   */
  @Test
  void aLadderJobGoesThroughEveryStateAndItsOutputsAreWhatTheStatusSays() throws IOException {
    byte[] source = MediaTools.source(1280, 720, 4);
    var changes = new CopyOnWriteArrayList<JobStateChanged>();
    ApplicationListener<ApplicationEvent> listener =
        event -> {
          if (event instanceof PayloadApplicationEvent<?> payload
              && payload.getPayload() instanceof JobStateChanged c) {
            changes.add(c);
          }
        };
    context.addApplicationListener(listener);
    String task;
    JsonNode status;
    try (var server = new TestServer().file("/clip.mp4", source, "video/mp4")) {
      task =
          sandbox.start(
              query(
                  server.url("/clip.mp4"),
                  "{\"output\": \"advanced_hls\", \"segment_duration\": 2, \"stream\": [{\"resolution\": 720,"
                      + " \"bitrate\": 2800}, {\"resolution\": 480, \"bitrate\": 1400}, {\"resolution\": 360,"
                      + " \"bitrate\": 800}]}",
                  "{\"output\": \"mp4\", \"size\": \"640x360\", \"bitrate\": 1000, \"user_tag\": \"small\"}",
                  "{\"output\": \"thumbnail\", \"size\": \"320x180\", \"time\": 0.5}"));
      status = sandbox.awaitFinished(task);
    } finally {
      context.removeApplicationListener(listener);
    }
    List<JobStateChanged> mine =
        changes.stream().filter(c -> c.job().taskToken().equals(task)).toList();
    var states = new ArrayList<String>();
    mine.forEach(
        c -> {
          if (states.isEmpty() || !states.getLast().equals(c.state().value())) {
            states.add(c.state().value());
          }
        });
    assertThat(states).containsExactly("downloading", "queued", "encoding", "saving", "completed");
    List<Integer> percents =
        mine.stream()
            .filter(c -> c.state() == Job.State.ENCODING)
            .map(JobStateChanged::percent)
            .toList();
    assertThat(percents)
        .as("percent follows ffmpeg's progress")
        .isSortedAccordingTo(Integer::compare)
        .startsWith(0)
        .hasSizeGreaterThan(1)
        .allMatch(p -> p % JobStateMachine.PERCENT_STEP == 0 && p < 100);

    assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("completed");
    assertThat(status.path("percent").asInt()).isEqualTo(100);
    assertThat(status.path("source_size").asLong()).isEqualTo(source.length);
    assertThat(status.path("duration").asDouble()).isCloseTo(4.0, within(0.05));
    assertThat(status.path("warnings")).as(status.toString()).isEmpty();

    // HLS: three real renditions, each at its size and rate, in TS segments that play alone
    List<JsonNode> hls = items(status.path("videos"), "advanced_hls");
    assertThat(hls)
        .extracting(item -> item.path("tag").asText())
        .containsExactly("video-0-0", "video-0-1", "video-0-2");
    String masterUrl = hls.getFirst().path("url").asText();
    String master = text(masterUrl);
    assertThat(MediaTools.playErrors(masterUrl))
        .as("ffmpeg -v error on the master playlist")
        .isEmpty();
    int[][] sizes = {{1280, 720}, {854, 480}, {640, 360}};
    int[] requested = {2800, 1400, 800};
    for (int i = 0; i < 3; i++) {
      JsonNode item = hls.get(i);
      String chunklistUrl =
          URI.create(masterUrl).resolve("video_" + (i + 1) + "/chunklist.m3u8").toString();
      JsonNode probed = MediaTools.probe(chunklistUrl);
      JsonNode video = MediaTools.stream(probed, "video");
      assertThat(video.path("codec_name").asText()).isEqualTo("h264");
      assertThat(video.path("width").asInt())
          .isEqualTo(sizes[i][0])
          .isEqualTo(item.path("meta").path("width").asInt());
      assertThat(video.path("height").asInt())
          .isEqualTo(sizes[i][1])
          .isEqualTo(item.path("meta").path("height").asInt());
      assertThat(MediaTools.stream(probed, "audio").path("codec_name").asText()).isEqualTo("aac");
      assertThat(probed.path("format").path("duration").asDouble())
          .isCloseTo(item.path("duration").asDouble(), within(0.1));
      assertThat(master).contains("RESOLUTION=" + sizes[i][0] + "x" + sizes[i][1]);

      String chunklist = text(chunklistUrl);
      assertThat(chunklist).doesNotContain("EXT-X-MAP").contains("#EXT-X-ENDLIST");
      List<String> segments = chunklist.lines().filter(line -> line.endsWith(".ts")).toList();
      assertThat(segments).hasSize(2);
      long bytes = 0;
      for (String segment : segments) {
        byte[] media = download(URI.create(chunklistUrl).resolve(segment).toString());
        bytes += media.length;
        JsonNode alone = MediaTools.probe(media);
        assertThat(MediaTools.stream(alone, "video").path("width").asInt())
            .as(segment)
            .isEqualTo(sizes[i][0]);
        assertThat(alone.path("format").path("duration").asDouble())
            .as(segment)
            .isCloseTo(2.0, within(0.1));
      }
      assertThat(item.path("size").asLong()).isEqualTo(bytes);
      assertThat(item.path("bitrate").asInt())
          .isEqualTo((int) Math.round(bytes * 8 / item.path("duration").asDouble() / 1000))
          .as("picture at the requested rate, plus 64 kbps of sound")
          .isBetween(requested[i] / 2, requested[i] * 2);
    }
    Map<String, byte[]> zipped = unzip(download(hls.getFirst().path("download_url").asText()));
    var folder = new ArrayList<>(List.of("playlist.m3u8"));
    for (int i = 1; i <= 3; i++) {
      folder.addAll(
          List.of(
              "video_" + i + "/chunklist.m3u8",
              "video_" + i + "/segment_000.ts",
              "video_" + i + "/segment_001.ts"));
    }
    assertThat(zipped.keySet())
        .as("the zip holds the whole folder")
        .containsExactlyInAnyOrderElementsOf(folder);
    zipped.forEach(
        (name, bytes) ->
            assertThat(bytes)
                .as("zipped " + name)
                .isEqualTo(download(URI.create(masterUrl).resolve(name).toString())));
    assertThat(hls.get(2).path("bitrate").asInt()).isLessThan(hls.get(1).path("bitrate").asInt());
    assertThat(hls.get(1).path("bitrate").asInt()).isLessThan(hls.get(0).path("bitrate").asInt());

    // MP4: an encode at 640x360, not the source
    JsonNode mp4 = items(status.path("videos"), "mp4").getFirst();
    assertThat(mp4.path("tag").asText()).isEqualTo("video-1-0");
    assertThat(mp4.path("user_tag").asText()).isEqualTo("small");
    assertThat(mp4.path("storage").path("type").asText()).isEqualTo("temporary");
    assertThat(mp4.path("url").asText())
        .startsWith(baseUrl() + "/sandbox/transcoding/downloads/" + task + "/")
        .endsWith(".mp4");
    byte[] file = download(mp4.path("url").asText());
    JsonNode probed = MediaTools.probe(file);
    assertThat(MediaTools.stream(probed, "video").path("width").asInt()).isEqualTo(640);
    assertThat(MediaTools.stream(probed, "video").path("height").asInt()).isEqualTo(360);
    assertThat(mp4.path("meta").path("width").asInt()).isEqualTo(640);
    assertThat(mp4.path("meta").path("resolution").asInt()).isEqualTo(360);
    assertThat(mp4.path("size").asLong()).isEqualTo(file.length);
    assertThat(mp4.path("duration").asDouble())
        .isCloseTo(probed.path("format").path("duration").asDouble(), within(0.001));
    assertThat(mp4.path("bitrate").asInt()).isBetween(500, 2000);

    // the thumbnail is the source's frame in the middle, at 320x180
    JsonNode thumbnail = status.path("images").get(0);
    assertThat(thumbnail.path("tag").asText()).isEqualTo("image-2-0");
    BufferedImage image = MediaTools.image(download(thumbnail.path("url").asText()));
    assertThat(image.getWidth())
        .isEqualTo(320)
        .isEqualTo(thumbnail.path("meta").path("width").asInt());
    assertThat(image.getHeight()).isEqualTo(180);
    double atMiddle = MediaTools.difference(image, MediaTools.frame(source, 2.0, 320, 180));
    double atStart = MediaTools.difference(image, MediaTools.frame(source, 0.2, 320, 180));
    assertThat(atMiddle).as("against the frame at 2 s").isLessThan(3).isLessThan(atStart / 3);

    // the main host's basic status has the state, not the outputs
    JsonNode basic =
        sandbox.post("/v1/status", Map.of("task_tokens", task)).path("statuses").path(task);
    assertThat(basic.path("status").asText()).isEqualTo("completed");
    assertThat(basic.has("videos")).isFalse();
  }

  /** Every other output kind, each checked with ffprobe against the request and the status. */
  @Test
  void everyOutputKindIsARealEncodeOfTheRequestedKind() throws Exception {
    byte[] source = MediaTools.source(320, 180, 2);
    JsonNode status;
    try (var server = new TestServer().file("/clip.mp4", source, "video/mp4")) {
      status =
          sandbox.awaitFinished(
              sandbox.start(
                  query(
                      server.url("/clip.mp4"),
                      "{\"output\": \"webm\", \"quality\": 30, \"audio_bitrate\": 48}",
                      "{\"output\": \"webm\", \"video_codec\": \"libvpx\", \"bitrate\": 300}",
                      "{\"output\": \"mp4\", \"video_codec\": \"libx265\", \"framerate\": 10, \"rotate\": 90}",
                      "{\"output\": \"mp4\", \"video_codec\": \"libsvtav1\", \"start_time\": 0.5, \"duration\": 1}",
                      "{\"output\": \"advanced_hls\", \"fmp4\": 1, \"segment_duration\": 1, \"stream\": [{\"height\": 180}]}",
                      "{\"output\": \"advanced_dash\", \"segment_duration\": 1, \"stream\": [{\"resolution\": 180,"
                          + " \"bitrate\": 400}, {\"resolution\": 90, \"bitrate\": 100, \"user_tag\": \"low\"}]}",
                      "{\"output\": \"webm_dash\", \"stream\": [{\"resolution\": 120}]}",
                      "{\"output\": \"repack\"}",
                      "{\"output\": \"mp3\", \"audio_bitrate\": 96}",
                      "{\"output\": \"flac\"}",
                      "{\"output\": \"m4a\", \"audio_bitrate\": 128, \"audio_channels_number\": 1}",
                      "{\"output\": \"hls_audio\", \"segment_duration\": 1}",
                      "{\"output\": \"gif\", \"resolution\": 90}",
                      "{\"output\": \"thumbnails\", \"interval\": 0.5, \"size\": \"160x90\", \"image_format\": \"jpg\","
                          + " \"quality\": 80}",
                      "{\"output\": \"thumbnails\", \"interval\": 0.5, \"width\": 64, \"sprite\": 1, \"columns\": 3}",
                      "{\"output\": \"thumbnail\", \"height\": 90, \"image_format\": \"webp\", \"frame_number\": 10}",
                      "{\"output\": \"smart_thumbnail\", \"image_format\": \"jpg\"}",
                      "{\"output\": \"metadata\"}")));
    }
    assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("completed");
    List<JsonNode> videos = list(status.path("videos"));
    List<JsonNode> audios = list(status.path("audios"));
    List<JsonNode> images = list(status.path("images"));

    JsonNode vp9 = probe(videos.get(0));
    assertThat(MediaTools.stream(vp9, "video").path("codec_name").asText()).isEqualTo("vp9");
    assertThat(MediaTools.stream(vp9, "audio").path("codec_name").asText()).isEqualTo("opus");
    assertThat(vp9.path("format").path("format_name").asText()).contains("webm");
    assertThat(MediaTools.stream(probe(videos.get(1)), "video").path("codec_name").asText())
        .isEqualTo("vp8");

    // no HEVC encoder in the build: H.264 instead, said in a warning; 10 fps; turned a quarter
    JsonNode substituted = probe(videos.get(2));
    assertThat(MediaTools.stream(substituted, "video").path("codec_name").asText())
        .isEqualTo("h264");
    assertThat(MediaTools.stream(substituted, "video").path("r_frame_rate").asText())
        .isEqualTo("10/1");
    assertThat(MediaTools.stream(substituted, "video").path("width").asInt()).isEqualTo(180);
    assertThat(videos.get(2).path("meta").path("height").asInt()).isEqualTo(320);
    assertThat(list(status.path("warnings")))
        .anySatisfy(
            warning -> {
              assertThat(warning.path("kind").asText()).isEqualTo("sandbox");
              assertThat(warning.path("tag").asText()).isEqualTo("video-2-0");
              assertThat(warning.path("details").asText())
                  .contains("libx265")
                  .contains("libopenh264");
            });

    JsonNode av1 = probe(videos.get(3));
    assertThat(MediaTools.stream(av1, "video").path("codec_name").asText()).isEqualTo("av1");
    assertThat(av1.path("format").path("duration").asDouble()).isCloseTo(1.0, within(0.1));
    assertThat(videos.get(3).path("duration").asDouble()).isCloseTo(1.0, within(0.1));

    // HLS in fragmented MP4: an init segment the playlist maps
    String fmp4Master = videos.get(4).path("url").asText();
    String chunklist = text(URI.create(fmp4Master).resolve("video_1/chunklist.m3u8").toString());
    assertThat(chunklist).contains("#EXT-X-MAP:URI=\"init.mp4\"").contains("segment_001.m4s");
    assertThat(MediaTools.playErrors(fmp4Master)).isEmpty();

    // DASH: one representation per stream at the measured rate
    JsonNode dashLow = videos.get(6);
    assertThat(dashLow.path("tag").asText()).isEqualTo("video-5-1");
    assertThat(dashLow.path("user_tag").asText()).isEqualTo("low");
    assertThat(dashLow.path("meta").path("width").asInt()).isEqualTo(160);
    var mpd =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(download(dashLow.path("url").asText())));
    var representations = mpd.getElementsByTagName("Representation");
    assertThat(representations.getLength()).as("two pictures and the sound").isEqualTo(3);
    Element low = (Element) representations.item(1);
    assertThat(low.getAttribute("width")).isEqualTo("160");
    assertThat(low.getAttribute("height")).isEqualTo("90");
    assertThat(low.getAttribute("bandwidth"))
        .isEqualTo(dashLow.path("bitrate").asInt() * 1000 + "");
    byte[] joined =
        concat(
            URI.create(dashLow.path("url").asText()),
            "init-1.m4s",
            "chunk-1-00001.m4s",
            "chunk-1-00002.m4s");
    assertThat(MediaTools.stream(MediaTools.probe(joined), "video").path("height").asInt())
        .isEqualTo(90);
    assertThat(dashLow.path("size").asLong()).isEqualTo(joined.length);

    JsonNode webmDash = videos.get(7);
    assertThat(webmDash.path("meta").path("height").asInt()).isEqualTo(120);
    assertThat(text(webmDash.path("url").asText()))
        .contains("init-$RepresentationID$.webm")
        .contains("video/webm");

    // repack: the source's streams in a new file
    JsonNode repack = probe(videos.get(8));
    assertThat(MediaTools.stream(repack, "video").path("codec_name").asText()).isEqualTo("h264");
    assertThat(repack.path("format").path("duration").asDouble()).isCloseTo(2.0, within(0.1));

    JsonNode mp3 = probe(audios.get(0));
    assertThat(MediaTools.stream(mp3, "audio").path("codec_name").asText()).isEqualTo("mp3");
    assertThat(audios.get(0).path("bitrate").asInt()).isBetween(90, 110);
    assertThat(MediaTools.stream(probe(audios.get(1)), "audio").path("codec_name").asText())
        .isEqualTo("flac");
    JsonNode m4a = MediaTools.stream(probe(audios.get(2)), "audio");
    assertThat(m4a.path("codec_name").asText()).isEqualTo("aac");
    assertThat(m4a.path("channels").asInt()).isEqualTo(1);
    String audioMaster = audios.get(3).path("url").asText();
    assertThat(text(audioMaster)).contains("audio_1/chunklist.m3u8").doesNotContain("RESOLUTION");
    assertThat(MediaTools.playErrors(audioMaster)).isEmpty();

    JsonNode gif = MediaTools.stream(probe(images.get(0)), "video");
    assertThat(gif.path("codec_name").asText()).isEqualTo("gif");
    assertThat(gif.path("height").asInt()).isEqualTo(90);

    // thumbnails every half second of the 2 s clip, and their WebVTT index
    String vtt = text(images.get(1).path("url").asText());
    assertThat(vtt)
        .startsWith("WEBVTT")
        .contains("00:00:01.500 --> 00:00:02.000\nthumbnail_0004.jpg")
        .doesNotContain("thumbnail_0005");
    BufferedImage frame =
        MediaTools.image(
            download(
                URI.create(images.get(1).path("url").asText())
                    .resolve("thumbnail_0004.jpg")
                    .toString()));
    assertThat(frame.getWidth()).isEqualTo(160);
    // JPEG at quality 80 of a busy pattern: close to the frame at 1.5 s, far from the one at 1 s
    double atTime = MediaTools.difference(frame, MediaTools.frame(source, 1.5, 160, 90));
    assertThat(atTime)
        .isLessThan(12)
        .isLessThan(MediaTools.difference(frame, MediaTools.frame(source, 1.0, 160, 90)) / 2);

    // a sprite of 3 columns x 2 rows of 64x36 images
    String spriteVtt = text(images.get(2).path("url").asText());
    assertThat(spriteVtt).contains("00:00:01.500 --> 00:00:02.000\nsprite.png#xywh=0,36,64,36");
    BufferedImage sprite =
        MediaTools.image(
            download(
                URI.create(images.get(2).path("url").asText()).resolve("sprite.png").toString()));
    assertThat(sprite.getWidth()).isEqualTo(192);
    assertThat(sprite.getHeight()).isEqualTo(72);

    JsonNode webp = MediaTools.stream(probe(images.get(3)), "video");
    assertThat(webp.path("codec_name").asText()).isEqualTo("webp");
    assertThat(webp.path("width").asInt()).isEqualTo(160);
    assertThat(images.get(3).path("meta").path("height").asInt()).isEqualTo(90);
    JsonNode smart = MediaTools.stream(probe(images.get(4)), "video");
    assertThat(smart.path("codec_name").asText()).isEqualTo("mjpeg");
    assertThat(smart.path("width").asInt()).isEqualTo(320);

    JsonNode metadata = sandbox.parse(text(status.path("texts").get(0).path("url").asText()));
    assertThat(metadata.path("source").path("width").asInt()).isEqualTo(320);
    assertThat(metadata.path("source").path("video_codec").asText()).isEqualTo("h264");
    assertThat(metadata.path("source").path("frame_count").asInt()).isEqualTo(50);
    assertThat(metadata.path("ffprobe").path("streams")).hasSize(2);
  }

  @Test
  void stitchJobJoinsTheClipsWithFfmpeg() {
    byte[] first = MediaTools.source(320, 180, 2);
    byte[] second = MediaTools.source(320, 180, 2, "smptebars");
    try (var server =
        new TestServer().file("/a.mp4", first, "video/mp4").file("/b.mp4", second, "video/mp4")) {
      String task = sandbox.createTask();
      String query =
          "{\"query\": {\"stitch\": [\""
              + server.url("/a.mp4")
              + "\", {\"url\": \""
              + server.url("/b.mp4")
              + "\", \"start_time\": 0.5, \"duration\": 1}], \"format\": [{\"output\": \"mp4\"},"
              + " {\"output\": \"repack\"}, {\"output\": \"thumbnail\", \"time\": 0.9}]}}";
      assertThat(sandbox.startEncode2(task, query).path("error").asInt()).isZero();
      JsonNode status = sandbox.awaitFinished(task);
      assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("completed");
      assertThat(status.path("duration").asDouble()).isCloseTo(3.0, within(0.05));
      assertThat(status.path("source_size").asLong()).isEqualTo(first.length + second.length);
      for (JsonNode video : list(status.path("videos"))) {
        JsonNode probed = probe(video);
        assertThat(probed.path("format").path("duration").asDouble())
            .as(video.toString())
            .isCloseTo(3.0, within(0.15));
        assertThat(video.path("duration").asDouble()).isCloseTo(3.0, within(0.15));
      }
      // 0.9 of 3 s is in the second clip: the bars, not the first clip's pattern
      BufferedImage thumbnail =
          MediaTools.image(download(status.path("images").get(0).path("url").asText()));
      assertThat(MediaTools.difference(thumbnail, MediaTools.frame(second, 1.2, 320, 180)))
          .isLessThan(3);
    }
  }

  @Test
  void destinationsStoreOutputsInMediaStorage() {
    String task =
        sandbox.start(
            query(
                sandbox.sampleUrl(),
                "{\"output\": \"mp4\", \"destination\": {\"url\": \"s3://job-test-bucket/clips/bars-out.mp4\","
                    + " \"key\": \"AKIA-SANDBOX\", \"secret\": \"not-checked\", \"permissions\": \"public-read\"}}",
                "{\"output\": \"advanced_hls\", \"destination\": [{\"url\": \"b2://job-test-bucket/hls\"},"
                    + " {\"url\": \"sftp://user@other-test-host/upload/hls\"}]}"));
    JsonNode status = sandbox.awaitFinished(task);
    assertThat(status.path("status").asText()).isEqualTo("completed");

    JsonNode mp4 = status.path("videos").get(0);
    assertThat(mp4.path("url").asText()).isEqualTo("s3://job-test-bucket/clips/bars-out.mp4");
    assertThat(mp4.path("storage").path("bucket").asText()).isEqualTo("job-test-bucket");
    assertThat(mp4.path("storage").path("type").asText()).isEqualTo("s3");
    assertThat(mp4.path("storage").path("key").asText()).isEqualTo("clips/bars-out.mp4");
    JsonNode stored =
        MediaTools.probe(
            storage.get("job-test-bucket", "clips/bars-out.mp4").orElseThrow().file().toString());
    assertThat(MediaTools.stream(stored, "video").path("codec_name").asText()).isEqualTo("h264");
    assertThat(status.toString()).doesNotContain("not-checked");

    JsonNode hls = status.path("videos").get(1);
    assertThat(hls.path("url").asText()).isEqualTo("b2://job-test-bucket/hls/playlist.m3u8");
    assertThat(storage.list("job-test-bucket", "hls/"))
        .extracting(MediaStorage.StoredObject::path)
        .containsExactlyInAnyOrder(
            "hls/playlist.m3u8", "hls/video_1/chunklist.m3u8", "hls/video_1/segment_000.ts");
    assertThat(storage.get("other-test-host", "upload/hls/playlist.m3u8")).isPresent();
  }

  @Test
  void presetJobsUseTheProfilesAndNameOutputsByUuid() {
    String task = sandbox.createTask();
    JsonNode status;
    // the HLS output fetches its subtitle file and reads it
    try (var server =
        new TestServer()
            .file(
                "/en.srt",
                "1\n00:00:00,500 --> 00:00:02,000\nHello\n".getBytes(StandardCharsets.UTF_8),
                "application/x-subrip")) {
      JsonNode started =
          sandbox.post(
              "/v1/start_encode",
              Map.of(
                  "task_token",
                  task,
                  "uri",
                  sandbox.sampleUrl(),
                  "profiles",
                  "hls-ladder, thumbnail",
                  "transfer_method",
                  "sandbox-storage",
                  "output_path_variables",
                  "{\"video_id\": \"v42\"}",
                  "subtitles",
                  "[{\"source\": \"" + server.url("/en.srt") + "\", \"language\": \"en\"}]"));
      assertThat(started.path("error").asInt()).as(started.toString()).isZero();
      status = sandbox.awaitFinished(task);
    }
    assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("completed");

    // the ladder's 1080, 720 and 480 renditions would upscale the 360p sample: only 360 is made
    JsonNode hls = status.path("videos");
    assertThat(hls).hasSize(1);
    assertThat(hls.get(0).path("profile").asText()).isEqualTo("hls-ladder");
    assertThat(hls.get(0).path("meta").path("height").asInt()).isEqualTo(360);
    assertThat(hls.get(0).path("url").asText())
        .matches("s3://sandbox-transfer/videos/v42/hls/[0-9a-f-]{36}/playlist\\.m3u8");
    JsonNode thumbnail = status.path("images").get(0);
    assertThat(thumbnail.path("profile").asText()).isEqualTo("thumbnail");
    assertThat(thumbnail.path("url").asText())
        .matches("s3://sandbox-transfer/videos/v42/thumbnails/[0-9a-f-]{36}\\.jpg");
    String key = thumbnail.path("storage").path("key").asText();
    assertThat(storage.get("sandbox-transfer", key).orElseThrow().contentType())
        .isEqualTo("image/jpeg");

    // without a transfer method: default naming in the temporary storage
    String plain = sandbox.createTask();
    sandbox.post(
        "/v1/start_encode",
        Map.of("task_token", plain, "uri", sandbox.sampleUrl(), "profiles", "mp4-720p"));
    JsonNode mp4 = sandbox.awaitFinished(plain).path("videos").get(0);
    assertThat(mp4.path("url").asText()).matches(".*/downloads/" + plain + "/[0-9a-f-]{36}\\.mp4");
    assertThat(mp4.path("meta").path("height").asInt())
        .as("no upscale of the 360p sample")
        .isEqualTo(360);
  }

  @Test
  void jobsOfSeveralProcessesRunAtOnce() throws Exception {
    int jobs = 8;
    try (ExecutorService processes = Executors.newVirtualThreadPerTaskExecutor()) {
      var finished = new ArrayList<Future<JsonNode>>();
      for (int i = 0; i < jobs; i++) {
        String tag = "process-" + i;
        finished.add(
            processes.submit(
                () ->
                    sandbox.awaitFinished(
                        sandbox.start(
                            query(
                                sandbox.sampleUrl(),
                                "{\"output\": \"mp4\", \"user_tag\": \"" + tag + "\"}",
                                "{\"output\": \"thumbnail\", \"user_tag\": \"" + tag + "\"}")))));
      }
      for (int i = 0; i < jobs; i++) {
        JsonNode status = finished.get(i).get(Await.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(status.path("status").asText()).isEqualTo("completed");
        assertThat(status.path("videos").get(0).path("user_tag").asText())
            .isEqualTo("process-" + i);
        assertThat(status.path("images").get(0).path("user_tag").asText())
            .isEqualTo("process-" + i);
      }
    }
  }

  /** One encoder per core by default: jobs beyond that wait in {@code queued} until one is free. */
  @Test
  void jobsBeyondTheEncodersWaitInQueued() {
    int encoders = Runtime.getRuntime().availableProcessors();
    byte[] source = MediaTools.source(1280, 720, 2);
    try (var server = new TestServer().file("/clip.mp4", source, "video/mp4")) {
      var tasks = new ArrayList<String>();
      for (int i = 0; i <= encoders; i++) {
        tasks.add(
            sandbox.start(
                query(server.url("/clip.mp4"), "{\"output\": \"mp4\", \"quality\": 20}")));
      }
      int mostEncoding = 0;
      boolean seenWaiting = false;
      long deadline = System.nanoTime() + Await.TIMEOUT.toNanos();
      List<String> previous = List.of();
      while (System.nanoTime() < deadline) {
        // Statuses are read one task at a time, so one pass can see a job still encoding and the
        // job that took its encoder already encoding. States only move forward: two equal passes
        // held at the moment between them.
        List<String> states =
            tasks.stream().map(task -> sandbox.status(task).path("status").asText()).toList();
        boolean snapshot = states.equals(previous);
        previous = states;
        if (!snapshot) {
          continue;
        }
        long encoding = states.stream().filter("encoding"::equals).count();
        mostEncoding = Math.max(mostEncoding, (int) encoding);
        seenWaiting |= encoding == encoders && states.contains("queued");
        if (states.stream().allMatch(state -> state.equals("completed") || state.equals("error"))) {
          assertThat(states).containsOnly("completed");
          break;
        }
      }
      assertThat(System.nanoTime()).as("all jobs finished in time").isLessThan(deadline);
      assertThat(mostEncoding).isEqualTo(encoders);
      assertThat(seenWaiting).as("a job queued while every encoder was busy").isTrue();
    }
  }

  private static List<JsonNode> items(JsonNode list, String outputFormat) {
    var found = new ArrayList<JsonNode>();
    list.forEach(
        item -> {
          if (item.path("output_format").asText().equals(outputFormat)) {
            found.add(item);
          }
        });
    return found;
  }

  private static List<JsonNode> list(JsonNode array) {
    var items = new ArrayList<JsonNode>();
    array.forEach(items::add);
    return items;
  }

  /** ffprobe's report of an output file, downloaded. */
  private JsonNode probe(JsonNode item) {
    return MediaTools.probe(download(item.path("url").asText()));
  }

  /** Files next to {@code base}, downloaded and joined in order. */
  private byte[] concat(URI base, String... names) {
    var out = new java.io.ByteArrayOutputStream();
    for (String name : names) {
      out.writeBytes(download(base.resolve(name).toString()));
    }
    return out.toByteArray();
  }

  private byte[] download(String url) {
    var response = sandbox.get(url);
    assertThat(response.statusCode()).as("GET %s", url).isEqualTo(200);
    return response.body();
  }

  private String text(String url) {
    return new String(download(url), StandardCharsets.UTF_8);
  }

  /** The entries of a zip, by name, in the zip's order. */
  private static Map<String, byte[]> unzip(byte[] zip) throws IOException {
    var entries = new LinkedHashMap<String, byte[]>();
    try (var in = new ZipInputStream(new ByteArrayInputStream(zip))) {
      for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        entries.put(entry.getName(), in.readAllBytes());
      }
    }
    return entries;
  }

  static byte[] sample() {
    try (var in = TranscodingJobTest.class.getResourceAsStream("/sandbox/samples/bars.mp4")) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
