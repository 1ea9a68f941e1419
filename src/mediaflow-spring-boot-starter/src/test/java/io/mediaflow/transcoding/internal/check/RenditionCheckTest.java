package io.mediaflow.transcoding.internal.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import okio.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rendition check against a file server: what it reads, what it takes for delivered, and what
 * it names when something is not.
 */
class RenditionCheckTest {

  private static final RenditionCheck.Source HD_3S = new RenditionCheck.Source(1920, 1080, 3.0);
  private static final List<Map<String, Object>> LADDER =
      List.of(
          Map.of("resolution", 1080, "bitrate", 5000, "user_tag", "1080p"),
          Map.of("resolution", 720, "bitrate", 2800, "user_tag", "720p"));

  private final MockWebServer server = new MockWebServer();
  private final Files files = new Files();
  private RenditionCheck check;

  @BeforeEach
  void start() throws Exception {
    server.setDispatcher(files);
    server.start();
    check =
        new RenditionCheck(
            new OutputFiles(new OkHttpClient()),
            (bucket, path) -> server.url("/storage/" + bucket + "/" + path).toString());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void anHlsLadderAsAskedIsProvedWithOneRequestPerPlaylistAndImage() {
    servesLadder("1920x1080", "1280x720", media(1.5, 1.5, true), media(1.5, 1.5, true));
    files.put("/out/thumbnail.jpg", Fixtures.bytes("thumbnail.jpg"));

    RenditionCheck.Proof proof =
        check.check(
            listed("1080p", "720p"), LADDER, HD_3S, List.of(url("/out/thumbnail.jpg")), null);

    assertThat(proof.renditions())
        .extracting(
            RenditionCheck.Proved::tag,
            RenditionCheck.Proved::resolution,
            RenditionCheck.Proved::duration)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("1080p", "1920x1080", 3.0),
            org.assertj.core.groups.Tuple.tuple("720p", "1280x720", 3.0));
    assertThat(proof.renditions().getFirst().read()).endsWith("/out/video_1/chunklist.m3u8");
    assertThat(proof.images())
        .containsExactly(
            new RenditionCheck.ProvedImage(url("/out/thumbnail.jpg"), "jpeg", "64x36"));
    assertThat(proof.leftOut()).isEmpty();
    assertThat(files.requested)
        .containsExactly(
            "/out/playlist.m3u8",
            "/out/video_1/chunklist.m3u8",
            "/out/video_2/chunklist.m3u8",
            "/out/thumbnail.jpg");
  }

  @Test
  void aVariantWhosePlaylistIsNotThereIsNamedWithItsUrlAndWhatToDo() {
    servesLadder("1920x1080", "1280x720", media(1.5, 1.5, true), media(1.5, 1.5, true));
    files.remove("/out/video_1/chunklist.m3u8");

    assertThatThrownBy(() -> check.check(listed("1080p", "720p"), LADDER, HD_3S, List.of(), null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.code()).isEqualTo("RENDITIONS_NOT_DELIVERED");
              assertThat(refused.getMessage())
                  .contains(
                      "1080p ("
                          + url("/out/video_1/chunklist.m3u8")
                          + "): its media playlist answered HTTP 404",
                      "check again later")
                  .doesNotContain("720p (");
              assertThat(problems(refused)).hasSize(1);
            });
  }

  @Test
  void aRenditionOfAnotherSizeThanAskedIsNotDelivered() {
    servesLadder("640x360", "1280x720", media(1.5, 1.5, true), media(1.5, 1.5, true));

    assertThatThrownBy(() -> check.check(listed("1080p", "720p"), LADDER, HD_3S, List.of(), null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused ->
                assertThat(refused.getMessage())
                    .contains(
                        "1080p (" + url("/out/playlist.m3u8") + "): a picture of 640x360",
                        "expected 1920x1080")
                    .doesNotContain("720p ("));
  }

  @Test
  void aRenditionCutShortOrNotCompleteIsNotDelivered() {
    servesLadder("1920x1080", "1280x720", media(1.0), media(1.5, 1.5, false));

    assertThatThrownBy(() -> check.check(listed("1080p", "720p"), LADDER, HD_3S, List.of(), null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused ->
                assertThat(refused.getMessage())
                    .contains(
                        "1080p ("
                            + url("/out/video_1/chunklist.m3u8")
                            + "): 1.00 s of media; expected 3.00 s (the source's duration",
                        "720p ("
                            + url("/out/video_2/chunklist.m3u8")
                            + "): a media playlist without #EXT-X-ENDLIST"));
  }

  @Test
  void aRungLargerThanTheSourceMayBeMissingButNoOther() {
    var small = new RenditionCheck.Source(1280, 720, 3.0);
    files.put("/out/playlist.m3u8", master("1280x720"));
    files.put("/out/video_1/chunklist.m3u8", media(1.5, 1.5, true));

    RenditionCheck.Proof proof = check.check(listed("720p"), LADDER, small, List.of(), null);

    assertThat(proof.leftOut())
        .singleElement()
        .satisfies(
            left -> {
              assertThat(left.tag()).isEqualTo("1080p");
              assertThat(left.reason()).startsWith("larger than the source (1280x720)");
            });
    var ladder =
        List.<Map<String, Object>>of(
            Map.of("resolution", 720, "user_tag", "720p"),
            Map.of("resolution", 360, "user_tag", "360p"));
    assertThatThrownBy(() -> check.check(listed("720p"), ladder, small, List.of(), null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused ->
                assertThat(refused.getMessage())
                    .contains(
                        "360p: no rendition in the job's result; expected a rendition of 640x360"));
  }

  @Test
  void withoutTheSourcesSizeOnlyARungLargerThanEveryRenditionMayBeMissing() {
    var unknown = new RenditionCheck.Source(null, null, null);
    files.put("/out/playlist.m3u8", master("1280x720"));
    files.put("/out/video_1/chunklist.m3u8", media(1.5, 1.5, true));

    assertThat(check.check(listed("720p"), LADDER, unknown, List.of(), null).leftOut())
        .extracting(RenditionCheck.LeftOut::tag)
        .containsExactly("1080p");
    var ladder =
        List.<Map<String, Object>>of(
            Map.of("resolution", 720, "user_tag", "720p"),
            Map.of("resolution", 360, "user_tag", "360p"));
    assertThatThrownBy(() -> check.check(listed("720p"), ladder, unknown, List.of(), null))
        .isInstanceOf(ApiException.Rejected.class)
        .hasMessageContaining("360p: no rendition");
  }

  @Test
  void whenEveryRungIsLargerThanTheSourceTheFirstIsMadeAtTheSourcesSize() {
    files.put("/out/playlist.m3u8", master("640x360"));
    files.put("/out/video_1/chunklist.m3u8", media(1.5, 1.5, true));
    var source = new RenditionCheck.Source(640, 360, 3.0);

    RenditionCheck.Proof proof = check.check(listed("1080p"), LADDER, source, List.of(), null);

    assertThat(proof.renditions().getFirst().resolution()).isEqualTo("640x360");
    assertThat(proof.leftOut()).extracting(RenditionCheck.LeftOut::tag).containsExactly("720p");
  }

  @Test
  void anMp4WhoseMoovFollowsItsMediaIsReadInTwoRangesOfItsFile() {
    files.put("/out/video.mp4", Fixtures.bytes("moov-at-end.mp4"));

    RenditionCheck.Proof proof =
        check.check(
            List.of(new RenditionCheck.Listed("small", url("/out/video.mp4"))),
            List.of(Map.of("size", "320x180", "user_tag", "small")),
            new RenditionCheck.Source(1280, 720, 2.0),
            List.of(),
            null);

    assertThat(proof.renditions().getFirst().resolution()).isEqualTo("320x180");
    assertThat(proof.renditions().getFirst().duration()).isEqualTo(2.0);
    assertThat(files.ranges).containsExactly("bytes=0-65535", "bytes=83670-149205");
  }

  @Test
  void aServerThatIgnoresRangeIsReadFromItsWholeAnswer() {
    files.rangesServed = false;
    files.put("/out/video.mp4", Fixtures.bytes("moov-at-end.mp4"));

    RenditionCheck.Proof proof =
        check.check(
            List.of(new RenditionCheck.Listed("small", url("/out/video.mp4"))),
            List.of(Map.of("width", 320, "user_tag", "small")),
            new RenditionCheck.Source(1280, 720, 2.0),
            List.of(),
            null);

    assertThat(proof.renditions().getFirst().resolution()).isEqualTo("320x180");
    assertThat(files.requested).containsExactly("/out/video.mp4");
  }

  @Test
  void aDashOutputsRepresentationsAreSizedByTheirInitializationSegments() {
    files.put("/dash/manifest.mpd", Fixtures.bytes("dash/manifest.mpd"));
    files.put("/dash/init-stream0.m4s", Fixtures.bytes("dash/init-stream0.m4s"));
    var ladder =
        List.<Map<String, Object>>of(
            Map.of("size", "320x180", "user_tag", "big"),
            Map.of("size", "160x90", "user_tag", "small"));
    var listed =
        List.of(
            new RenditionCheck.Listed("big", url("/dash/manifest.mpd")),
            new RenditionCheck.Listed("small", url("/dash/manifest.mpd")));
    var source = new RenditionCheck.Source(320, 180, 2.0);

    assertThatThrownBy(() -> check.check(listed, ladder, source, List.of(), null))
        .isInstanceOf(ApiException.Rejected.class)
        .hasMessageContaining(
            "small ("
                + url("/dash/init-stream1.m4s")
                + "): its initialization segment answered HTTP 404")
        .hasMessageNotContaining("big (");

    files.put("/dash/init-stream1.m4s", Fixtures.bytes("dash/init-stream1.m4s"));
    assertThat(check.check(listed, ladder, source, List.of(), null).renditions())
        .extracting(RenditionCheck.Proved::read, RenditionCheck.Proved::resolution)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(url("/dash/init-stream0.m4s"), "320x180"),
            org.assertj.core.groups.Tuple.tuple(url("/dash/init-stream1.m4s"), "160x90"));
  }

  @Test
  void anOutputInTheMediaStorageIsReadAtItsBucketsDefaultAddress() {
    files.put("/storage/media/task/vertical.mp4", Fixtures.bytes("vertical.mp4"));

    RenditionCheck.Proof proof =
        check.check(
            List.of(new RenditionCheck.Listed("v", "s3://media/task/vertical.mp4")),
            List.of(Map.of("resolution", 180, "user_tag", "v")),
            new RenditionCheck.Source(360, 640, 1.0),
            List.of(),
            null);

    assertThat(proof.renditions().getFirst().resolution()).isEqualTo("180x320");
  }

  @Test
  void anAddressThatIsNeitherHttpNorTheMediaStorageIsAnIncidentNamingTheInput() {
    assertThatThrownBy(
            () ->
                check.check(
                    List.of(new RenditionCheck.Listed("v", "ftp://host/out/video.mp4")),
                    List.of(),
                    null,
                    List.of(),
                    null))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            invalid ->
                assertThat(invalid.violations().getFirst().field()).isEqualTo("renditions[0].url"));
  }

  @Test
  void aTokenOnThePlaylistIsCarriedToItsVariantsAndNeverShown() {
    servesLadder("1920x1080", "1280x720", media(1.5, 1.5, true), media(1.5, 1.5, true));
    files.remove("/out/video_2/chunklist.m3u8");
    String signed = url("/out/playlist.m3u8") + "?auth=secret-token";

    assertThatThrownBy(
            () ->
                check.check(
                    List.of(
                        new RenditionCheck.Listed("1080p", signed),
                        new RenditionCheck.Listed("720p", signed)),
                    LADDER,
                    HD_3S,
                    List.of(),
                    null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.getMessage()).contains("720p (").doesNotContain("secret-token");
              assertThat(refused.details().toString()).doesNotContain("secret-token");
            });
    assertThat(files.targets).allMatch(target -> target.endsWith("?auth=secret-token"));
  }

  @Test
  void aServerErrorIsTriedAgainNotTakenForAMissingRendition() {
    files.failing = true;

    assertThatThrownBy(() -> check.check(listed("1080p", "720p"), LADDER, HD_3S, List.of(), null))
        .isInstanceOf(ApiException.Transient.class);
  }

  @Test
  void anImageOutputThatIsNoImageIsNotDelivered() {
    servesLadder("1920x1080", "1280x720", media(1.5, 1.5, true), media(1.5, 1.5, true));
    files.put("/out/thumbnail.jpg", "<Error>NoSuchKey</Error>".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(
            () ->
                check.check(
                    listed("1080p", "720p"),
                    LADDER,
                    HD_3S,
                    List.of(url("/out/thumbnail.jpg")),
                    null))
        .isInstanceOf(ApiException.Rejected.class)
        .hasMessageContaining(
            "image 1 (" + url("/out/thumbnail.jpg") + "): no JPEG, PNG, WebP or GIF header");
  }

  // ---- the served outputs

  private void servesLadder(String first, String second, String firstMedia, String secondMedia) {
    files.put("/out/playlist.m3u8", master(first, second));
    files.put("/out/video_1/chunklist.m3u8", firstMedia);
    files.put("/out/video_2/chunklist.m3u8", secondMedia);
  }

  private List<RenditionCheck.Listed> listed(String... tags) {
    return java.util.Arrays.stream(tags)
        .map(tag -> new RenditionCheck.Listed(tag, url("/out/playlist.m3u8")))
        .toList();
  }

  private String url(String path) {
    return server.url(path).toString();
  }

  private static String master(String... resolutions) {
    var text = new StringBuilder("#EXTM3U\n#EXT-X-VERSION:3\n");
    for (int i = 0; i < resolutions.length; i++) {
      text.append("#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=")
          .append(resolutions[i])
          .append("\nvideo_")
          .append(i + 1)
          .append("/chunklist.m3u8\n");
    }
    return text.toString();
  }

  private static String media(double... segments) {
    return media(segments, true);
  }

  private static String media(double first, double second, boolean ended) {
    return media(new double[] {first, second}, ended);
  }

  private static String media(double[] segments, boolean ended) {
    var text = new StringBuilder("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n");
    for (int i = 0; i < segments.length; i++) {
      text.append("#EXTINF:").append(segments[i]).append(",\nsegment_").append(i).append(".ts\n");
    }
    return ended ? text.append("#EXT-X-ENDLIST\n").toString() : text.toString();
  }

  @SuppressWarnings("unchecked")
  private static List<Object> problems(ApiException.Rejected refused) {
    return (List<Object>) refused.details().get("problems");
  }

  /** A file server: 404 for what it does not hold, byte ranges when {@code rangesServed}. */
  private static final class Files extends Dispatcher {
    private final Map<String, byte[]> content = new ConcurrentHashMap<>();
    final List<String> requested = new CopyOnWriteArrayList<>();
    final List<String> targets = new CopyOnWriteArrayList<>();
    final List<String> ranges = new CopyOnWriteArrayList<>();
    volatile boolean rangesServed = true;
    volatile boolean failing;

    void put(String path, String text) {
      put(path, text.getBytes(StandardCharsets.UTF_8));
    }

    void put(String path, byte[] bytes) {
      content.put(path, bytes);
    }

    void remove(String path) {
      content.remove(path);
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String path = request.getUrl().encodedPath();
      requested.add(path);
      targets.add(request.getTarget());
      if (failing) {
        return new MockResponse.Builder().code(503).build();
      }
      byte[] file = content.get(path);
      if (file == null) {
        return new MockResponse.Builder().code(404).body("<Error>NoSuchKey</Error>").build();
      }
      String range = request.getHeaders().get("Range");
      if (range != null) {
        ranges.add(range);
      }
      if (range == null || !rangesServed) {
        return new MockResponse.Builder().code(200).body(new Buffer().write(file)).build();
      }
      String[] bounds = range.substring("bytes=".length()).split("-");
      int from = Integer.parseInt(bounds[0]);
      if (from >= file.length) {
        return new MockResponse.Builder().code(416).build();
      }
      int to = Math.min(file.length - 1, Integer.parseInt(bounds[1]));
      return new MockResponse.Builder()
          .code(206)
          .addHeader("Content-Range", "bytes " + from + "-" + to + "/" + file.length)
          .body(new Buffer().write(java.util.Arrays.copyOfRange(file, from, to + 1)))
          .build();
    }
  }
}
