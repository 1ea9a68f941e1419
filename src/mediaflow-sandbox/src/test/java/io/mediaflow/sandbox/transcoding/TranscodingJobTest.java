package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipInputStream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.PayloadApplicationEvent;
import org.w3c.dom.Element;

/** Jobs that succeed: the state sequence, the outputs of each kind, destinations and preset jobs. */
class TranscodingJobTest extends SandboxTest {

  @Autowired ConfigurableApplicationContext context;
  @Autowired MediaStorage storage;

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  @Test
  void sampleClipGoesThroughEveryStateAndItsOutputsCanBeDownloaded() throws IOException {
    var changes = new CopyOnWriteArrayList<JobStateChanged>();
    ApplicationListener<ApplicationEvent> listener = event -> {
      if (event instanceof PayloadApplicationEvent<?> payload && payload.getPayload() instanceof JobStateChanged c) {
        changes.add(c);
      }
    };
    context.addApplicationListener(listener);
    String task;
    JsonNode status;
    try {
      task = sandbox.start(query(sandbox.sampleUrl(),
          "{\"output\": \"mp4\", \"resolution\": 240, \"user_tag\": \"small\"}",
          "{\"output\": \"advanced_hls\", \"segment_duration\": 2, \"stream\": [{\"resolution\": 360},"
              + " {\"resolution\": 720}]}",
          "{\"output\": \"thumbnail\", \"width\": 320, \"time\": 0.25}",
          "{\"output\": \"metadata\"}"));
      status = sandbox.awaitFinished(task);
    } finally {
      context.removeApplicationListener(listener);
    }
    List<JobStateChanged> mine = changes.stream().filter(c -> c.job().taskToken().equals(task)).toList();
    var states = new ArrayList<String>();
    mine.forEach(c -> {
      if (states.isEmpty() || !states.getLast().equals(c.state().value())) {
        states.add(c.state().value());
      }
    });
    assertThat(states).containsExactly("downloading", "queued", "encoding", "saving", "completed");
    List<Integer> percents = mine.stream().filter(c -> c.state() == Job.State.ENCODING)
        .map(JobStateChanged::percent).toList();
    assertThat(percents).isSortedAccordingTo(Integer::compare).startsWith(0).hasSize(JobStateMachine.PERCENT_STEPS);
    assertThat(percents.getLast()).isBetween(1, 99);

    assertThat(status.path("status").asText()).isEqualTo("completed");
    assertThat(status.path("error").asInt()).isZero();
    assertThat(status.path("percent").asInt()).isEqualTo(100);
    assertThat(status.path("source_size").asLong()).isEqualTo(sample().length);
    assertThat(status.path("duration").asDouble()).isEqualTo(4.0);
    assertThat(status.path("status_url").asText()).isEqualTo(baseUrl() + "/sandbox/transcoding/master/v1/status");
    assertThat(status.path("warnings")).isEmpty();

    // mp4: the source's bytes, reported at the requested resolution, proportional to 640x360
    JsonNode mp4 = status.path("videos").get(0);
    assertThat(mp4.path("tag").asText()).isEqualTo("video-0-0");
    assertThat(mp4.path("user_tag").asText()).isEqualTo("small");
    assertThat(mp4.path("output_format").asText()).isEqualTo("mp4");
    assertThat(mp4.path("meta").path("width").asInt()).isEqualTo(426);
    assertThat(mp4.path("meta").path("height").asInt()).isEqualTo(240);
    assertThat(mp4.path("storage").path("type").asText()).isEqualTo("temporary");
    assertThat(mp4.path("url").asText()).startsWith(baseUrl() + "/sandbox/transcoding/downloads/" + task + "/")
        .endsWith(".mp4");
    assertThat(mp4.path("size").asLong()).isEqualTo(sample().length);
    assertThat(mp4.path("duration").asDouble()).isEqualTo(4.0);
    assertThat(download(mp4.path("url").asText())).isEqualTo(sample());

    // HLS: the 720 stream would upscale the 360p source, so only the 360 one is made
    List<JsonNode> hls = items(status.path("videos"), "advanced_hls");
    assertThat(hls).hasSize(1);
    assertThat(hls.getFirst().path("tag").asText()).isEqualTo("video-1-0");
    assertThat(hls.getFirst().path("meta").path("height").asInt()).isEqualTo(360);
    String masterUrl = hls.getFirst().path("url").asText();
    assertThat(masterUrl).endsWith("/playlist.m3u8");
    String master = text(masterUrl);
    assertThat(master).startsWith("#EXTM3U").contains("RESOLUTION=640x360").contains("video_1/chunklist.m3u8");
    String chunklist = text(URI.create(masterUrl).resolve("video_1/chunklist.m3u8").toString());
    assertThat(chunklist).contains("#EXT-X-ENDLIST");
    assertThat(chunklist.lines().filter(l -> l.startsWith("#EXTINF:2.000")).count()).isEqualTo(2);
    long covered = chunklist.lines().filter(l -> l.startsWith("#EXT-X-BYTERANGE:"))
        .mapToLong(l -> Long.parseLong(l.substring(17).split("@")[0])).sum();
    assertThat(covered).isEqualTo(sample().length);
    assertThat(download(URI.create(masterUrl).resolve("video_1/media.mp4").toString())).isEqualTo(sample());
    assertThat(zipEntries(download(hls.getFirst().path("download_url").asText())))
        .contains("playlist.m3u8", "video_1/chunklist.m3u8", "video_1/media.mp4");

    // thumbnail: a real PNG of the requested width, height proportional
    JsonNode thumbnail = status.path("images").get(0);
    assertThat(thumbnail.path("tag").asText()).isEqualTo("image-2-0");
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(download(thumbnail.path("url").asText())));
    assertThat(image.getWidth()).isEqualTo(320);
    assertThat(image.getHeight()).isEqualTo(180);

    // metadata: what the probe read from the MP4 boxes
    JsonNode metadata = sandbox.parse(text(status.path("texts").get(0).path("url").asText())).path("source");
    assertThat(metadata.path("width").asInt()).isEqualTo(640);
    assertThat(metadata.path("height").asInt()).isEqualTo(360);
    assertThat(metadata.path("duration").asDouble()).isEqualTo(4.0);
    assertThat(metadata.path("video_codec").asText()).isEqualTo("avc1");
    assertThat(metadata.path("audio_codec").asText()).isEqualTo("mp4a");
    assertThat(metadata.path("frame_count").asInt()).isEqualTo(100);

    // the main host's basic status has the state, not the outputs
    JsonNode basic = sandbox.post("/v1/status", Map.of("task_tokens", task)).path("statuses").path(task);
    assertThat(basic.path("status").asText()).isEqualTo("completed");
    assertThat(basic.has("videos")).isFalse();
  }

  @Test
  void imageOutputsAreRealImagesOfTheRequestedSizeAndFormat() throws IOException {
    String task = sandbox.start(query(sandbox.sampleUrl(),
        "{\"output\": \"thumbnails\", \"interval\": 1, \"size\": \"160x90\", \"image_format\": \"jpg\","
            + " \"quality\": 80}",
        "{\"output\": \"thumbnails\", \"interval\": 1, \"width\": 64, \"sprite\": 1, \"columns\": 3}",
        "{\"output\": \"thumbnail\", \"height\": 90, \"image_format\": \"webp\"}",
        "{\"output\": \"gif\", \"resolution\": 180}",
        "{\"output\": \"smart_thumbnail\", \"image_format\": \"jpg\"}"));
    JsonNode images = sandbox.awaitFinished(task).path("images");
    assertThat(images).hasSize(5);

    // thumbnails every second of the 4 s clip: at 0, 1, 2 and 3 s, and their WebVTT index
    String vtt = text(images.get(0).path("url").asText());
    assertThat(vtt).startsWith("WEBVTT").contains("00:00:03.000 --> 00:00:04.000\nthumbnail_0004.jpg");
    BufferedImage frame = ImageIO.read(new ByteArrayInputStream(download(
        URI.create(images.get(0).path("url").asText()).resolve("thumbnail_0004.jpg").toString())));
    assertThat(frame.getWidth()).isEqualTo(160);
    assertThat(frame.getHeight()).isEqualTo(90);

    // a sprite of 3 columns x 2 rows of 64x36 images
    String spriteVtt = text(images.get(1).path("url").asText());
    assertThat(spriteVtt).contains("00:00:03.000 --> 00:00:04.000\nsprite.png#xywh=0,36,64,36")
        .doesNotContain("00:00:04.000 -->");
    BufferedImage sprite = ImageIO.read(new ByteArrayInputStream(download(
        URI.create(images.get(1).path("url").asText()).resolve("sprite.png").toString())));
    assertThat(sprite.getWidth()).isEqualTo(192);
    assertThat(sprite.getHeight()).isEqualTo(72);

    // WebP: a lossless VP8L file whose header carries the requested size (160x90)
    byte[] webp = download(images.get(2).path("url").asText());
    assertThat(new String(webp, 0, 4, StandardCharsets.US_ASCII)).isEqualTo("RIFF");
    assertThat(new String(webp, 8, 8, StandardCharsets.US_ASCII)).isEqualTo("WEBPVP8L");
    int bits = (webp[21] & 0xFF) | (webp[22] & 0xFF) << 8 | (webp[23] & 0xFF) << 16 | (webp[24] & 0xFF) << 24;
    assertThat((bits & 0x3FFF) + 1).isEqualTo(160);
    assertThat(((bits >> 14) & 0x3FFF) + 1).isEqualTo(90);

    BufferedImage gif = ImageIO.read(new ByteArrayInputStream(download(images.get(3).path("url").asText())));
    assertThat(gif.getHeight()).isEqualTo(180);
    assertThat(gif.getWidth()).isEqualTo(320);
    BufferedImage smart = ImageIO.read(new ByteArrayInputStream(download(images.get(4).path("url").asText())));
    assertThat(smart.getWidth()).isEqualTo(640);
  }

  @Test
  void dashOutputHasOneRepresentationPerStream() throws Exception {
    String task = sandbox.start(query(sandbox.sampleUrl(),
        "{\"output\": \"advanced_dash\", \"stream\": [{\"resolution\": 360, \"bitrate\": 800},"
            + " {\"resolution\": 180, \"bitrate\": 300, \"user_tag\": \"low\"}]}"));
    JsonNode videos = sandbox.awaitFinished(task).path("videos");
    assertThat(videos).hasSize(2);
    assertThat(videos.get(1).path("tag").asText()).isEqualTo("video-0-1");
    assertThat(videos.get(1).path("user_tag").asText()).isEqualTo("low");
    assertThat(videos.get(1).path("bitrate").asInt()).isEqualTo(300);
    byte[] mpd = download(videos.get(0).path("url").asText());
    var document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(mpd));
    var representations = document.getElementsByTagName("Representation");
    assertThat(representations.getLength()).isEqualTo(2);
    Element low = (Element) representations.item(1);
    assertThat(low.getAttribute("width")).isEqualTo("320");
    assertThat(low.getAttribute("height")).isEqualTo("180");
    assertThat(low.getAttribute("bandwidth")).isEqualTo("300000");
    assertThat(document.getDocumentElement().getAttribute("mediaPresentationDuration")).isEqualTo("PT4.000S");
  }

  @Test
  void destinationsStoreOutputsInMediaStorage() {
    String task = sandbox.start(query(sandbox.sampleUrl(),
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
    assertThat(storage.get("job-test-bucket", "clips/bars-out.mp4").orElseThrow().content()).isEqualTo(sample());
    assertThat(status.toString()).doesNotContain("not-checked");

    JsonNode hls = status.path("videos").get(1);
    assertThat(hls.path("url").asText()).isEqualTo("b2://job-test-bucket/hls/playlist.m3u8");
    assertThat(storage.list("job-test-bucket", "hls/")).extracting(MediaStorage.StoredObject::path)
        .containsExactlyInAnyOrder("hls/playlist.m3u8", "hls/video_1/chunklist.m3u8", "hls/video_1/media.mp4");
    assertThat(storage.get("other-test-host", "upload/hls/playlist.m3u8")).isPresent();
  }

  @Test
  void presetJobsUseTheProfilesAndNameOutputsByUuid() {
    String task = sandbox.createTask();
    JsonNode started = sandbox.post("/v1/start_encode", Map.of("task_token", task, "uri", sandbox.sampleUrl(),
        "profiles", "hls-ladder, thumbnail", "transfer_method", "sandbox-storage",
        "output_path_variables", "{\"video_id\": \"v42\"}",
        "subtitles", "[{\"source\": \"https://example.com/en.srt\", \"language\": \"en\"}]"));
    assertThat(started.path("error").asInt()).as(started.toString()).isZero();
    JsonNode status = sandbox.awaitFinished(task);
    assertThat(status.path("status").asText()).isEqualTo("completed");

    // the ladder's 1080, 720 and 480 renditions would upscale the 360p sample: only 360 is made
    JsonNode hls = status.path("videos");
    assertThat(hls).hasSize(1);
    assertThat(hls.get(0).path("profile").asText()).isEqualTo("hls-ladder");
    assertThat(hls.get(0).path("bitrate").asInt()).isEqualTo(800);
    assertThat(hls.get(0).path("url").asText())
        .matches("s3://sandbox-transfer/videos/v42/hls/[0-9a-f-]{36}/playlist\\.m3u8");
    JsonNode thumbnail = status.path("images").get(0);
    assertThat(thumbnail.path("profile").asText()).isEqualTo("thumbnail");
    assertThat(thumbnail.path("url").asText())
        .matches("s3://sandbox-transfer/videos/v42/thumbnails/[0-9a-f-]{36}\\.jpg");
    String key = thumbnail.path("storage").path("key").asText();
    assertThat(storage.get("sandbox-transfer", key).orElseThrow().contentType()).isEqualTo("image/jpeg");

    // without a transfer method: default naming in the temporary storage
    String plain = sandbox.createTask();
    sandbox.post("/v1/start_encode", Map.of("task_token", plain, "uri", sandbox.sampleUrl(),
        "profiles", "mp4-720p"));
    JsonNode mp4 = sandbox.awaitFinished(plain).path("videos").get(0);
    assertThat(mp4.path("url").asText()).matches(".*/downloads/" + plain + "/[0-9a-f-]{36}\\.mp4");
    assertThat(mp4.path("meta").path("height").asInt()).as("no upscale of the 360p sample").isEqualTo(360);
  }

  @Test
  void stitchJobJoinsTheClipsDurations() {
    String task = sandbox.createTask();
    String query = "{\"query\": {\"stitch\": [\"" + sandbox.sampleUrl() + "\", {\"url\": \"" + sandbox.sampleUrl()
        + "\", \"start_time\": 1, \"duration\": 2}], \"format\": [{\"output\": \"mp4\"}]}}";
    assertThat(sandbox.startEncode2(task, query).path("error").asInt()).isZero();
    JsonNode status = sandbox.awaitFinished(task);
    assertThat(status.path("status").asText()).isEqualTo("completed");
    assertThat(status.path("duration").asDouble()).isEqualTo(6.0);
    assertThat(status.path("source_size").asLong()).isEqualTo(2L * sample().length);
  }

  @Test
  void jobsOfSeveralProcessesRunAtOnce() throws Exception {
    int jobs = 8;
    try (ExecutorService processes = Executors.newVirtualThreadPerTaskExecutor()) {
      var finished = new ArrayList<Future<JsonNode>>();
      for (int i = 0; i < jobs; i++) {
        String tag = "process-" + i;
        finished.add(processes.submit(() -> sandbox.awaitFinished(sandbox.start(query(sandbox.sampleUrl(),
            "{\"output\": \"mp4\", \"user_tag\": \"" + tag + "\"}",
            "{\"output\": \"thumbnail\", \"user_tag\": \"" + tag + "\"}")))));
      }
      for (int i = 0; i < jobs; i++) {
        JsonNode status = finished.get(i).get(Await.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(status.path("status").asText()).isEqualTo("completed");
        assertThat(status.path("videos").get(0).path("user_tag").asText()).isEqualTo("process-" + i);
        assertThat(status.path("images").get(0).path("user_tag").asText()).isEqualTo("process-" + i);
      }
    }
  }

  private static List<JsonNode> items(JsonNode list, String outputFormat) {
    var found = new ArrayList<JsonNode>();
    list.forEach(item -> {
      if (item.path("output_format").asText().equals(outputFormat)) {
        found.add(item);
      }
    });
    return found;
  }

  private byte[] download(String url) {
    var response = sandbox.get(url);
    assertThat(response.statusCode()).as("GET %s", url).isEqualTo(200);
    return response.body();
  }

  private String text(String url) {
    return new String(download(url), StandardCharsets.UTF_8);
  }

  private static List<String> zipEntries(byte[] zip) throws IOException {
    var names = new ArrayList<String>();
    try (var in = new ZipInputStream(new ByteArrayInputStream(zip))) {
      for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        names.add(entry.getName());
      }
    }
    return names;
  }

  static byte[] sample() {
    try (var in = TranscodingJobTest.class.getResourceAsStream("/sandbox/samples/bars.mp4")) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
