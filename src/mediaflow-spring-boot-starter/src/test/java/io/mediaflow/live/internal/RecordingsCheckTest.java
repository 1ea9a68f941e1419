package io.mediaflow.live.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.live.Dvr;
import io.mediaflow.live.DvrDestination;
import io.mediaflow.live.Stream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;

/**
 * The recordings are checked against the time on air, as the stream's timestamps give it: covered
 * within the tolerance, or not, with what is missing and what was found in words.
 */
class RecordingsCheckTest {

  private static final String STREAM_ID = "7f3c2a10-0000-4000-8000-000000000001";
  private static final Dvr GIVEN =
      new Dvr(
          true,
          List.of(
              new DvrDestination(
                  "s3://recordings/shows",
                  "AKIAIOSFODNN7EXAMPLE",
                  "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                  null,
                  null)),
          null,
          null,
          List.of("mp4"),
          10);
  private static final Duration TOLERANCE = Duration.ofSeconds(2);

  /** A storage holding MP4 files of given lengths, counting the reads of them. */
  private static final class Holding extends DvrStorage {
    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private final Map<String, Instant> stored = new LinkedHashMap<>();
    private final List<String> reads = new ArrayList<>();

    Holding() {
      super(
          new OkHttpClient(),
          URI.create("https://s3.amazonaws.com"),
          "us-east-1",
          Clock.systemUTC());
    }

    Holding with(String name, double seconds, String storedAt) {
      String key = "shows/" + STREAM_ID + "/" + name;
      files.put(key, mp4((long) (seconds * 1000)));
      stored.put(key, Instant.parse(storedAt));
      return this;
    }

    @Override
    public List<StoredObject> list(String bucket, String prefix, Credentials credentials) {
      return files.keySet().stream()
          .map(key -> new StoredObject(key, files.get(key).length, stored.get(key)))
          .toList();
    }

    @Override
    public URI downloadUrl(String bucket, String key, Credentials credentials, Duration lifetime) {
      return URI.create("https://storage.example/" + key);
    }

    @Override
    public RecordingDurations.Chunk read(URI url, long from, long length, String name) {
      String key = url.getPath().substring(1);
      reads.add(key);
      byte[] content = files.get(key);
      int end = (int) Math.min(content.length, from + length);
      return new RecordingDurations.Chunk(from, Arrays.copyOfRange(content, (int) from, end));
    }
  }

  private static Stream stream(String status, String timestamp) {
    return ApiJson.MAPPER.convertValue(
        Map.of(
            "id",
            STREAM_ID,
            "status",
            Map.of("name", status, "timestamp", timestamp),
            "params",
            Map.of(
                "dvr",
                Map.of(
                    "enabled",
                    1,
                    "format",
                    "mp4",
                    "destination",
                    Map.of("url", "s3://recordings/shows")))),
        Stream.class);
  }

  private static RecordingsCheck.Outcome check(
      Holding storage, Stream stream, List<RecordingsCheck.OnAir> onAir, Map<String, Object> kept) {
    return new RecordingsCheck(new DvrRecordings(storage), storage, java.time.ZoneOffset.UTC)
        .check(stream, GIVEN, onAir, TOLERANCE, Duration.ofHours(1), kept);
  }

  @Test
  void recordingsThatAddUpToTheTimeOnAirCoverTheShowAndEachFileIsReadOnce() {
    var storage =
        new Holding()
            .with("recording-0001.mp4", 10, "2026-05-01T10:00:12Z")
            .with("recording-0002.mp4", 10, "2026-05-01T10:00:22Z")
            .with("recording-0003.mp4", 4.5, "2026-05-01T10:00:27Z");
    var onAir = List.of(new RecordingsCheck.OnAir("2026-05-01 10:00:03", "2026-05-01 10:00:27"));

    var outcome = check(storage, stream("stopped", "2026-05-01 10:00:30"), onAir, null);

    assertThat(outcome.complete()).isTrue();
    assertThat(outcome.locations())
        .singleElement()
        .satisfies(
            location -> {
              assertThat(location.covered()).isTrue();
              assertThat(location.recorded()).isEqualTo(24.5);
              assertThat(location.expected()).isEqualTo(22.0);
              assertThat(location.files())
                  .extracting(f -> f.duration())
                  .containsExactly(10.0, 10.0, 4.5);
            });
    assertThat(storage.reads).as("one read per file").hasSize(3);
  }

  @Test
  void aFileStillMissingIsNamedWithTheSecondsAndWhereTheyAre() {
    var storage =
        new Holding()
            .with("recording-0001.mp4", 10, "2026-05-01T10:00:12Z")
            .with("recording-0003.mp4", 6, "2026-05-01T10:00:30Z");
    var onAir = List.of(new RecordingsCheck.OnAir("2026-05-01 10:00:02", "2026-05-01 10:00:30"));

    var outcome = check(storage, stream("stopped", "2026-05-01 10:00:33"), onAir, null);

    assertThat(outcome.complete()).isFalse();
    assertThat(outcome.progress()).isEqualTo("recorded mp4 16.0 of 28.0 s");
    assertThat(outcome.missing())
        .contains(
            "Live stream "
                + STREAM_ID
                + " was on air 28.0 s (2026-05-01 10:00:02 to 2026-05-01 10:00:30)",
            "in s3://recordings/shows/ (mp4) they add up to 16.0 s: 12.0 s missing",
            "about 10:00:12-10:00:24 UTC",
            "found recording-0001.mp4 (10.0 s), recording-0003.mp4 (6.0 s)",
            "wait and check again");
    assertThat(outcome.details()).containsEntry("onAirSeconds", 28.0);
    assertThat(outcome.measured()).hasSize(2);

    // The next check reads only the file that arrived since.
    storage.with("recording-0002.mp4", 12, "2026-05-01T10:00:40Z");
    storage.reads.clear();
    var next = check(storage, stream("stopped", "2026-05-01 10:00:33"), onAir, outcome.measured());

    assertThat(next.complete()).isTrue();
    assertThat(storage.reads).containsExactly("shows/" + STREAM_ID + "/recording-0002.mp4");
  }

  /**
   * Recording starts while the stream is launching, so the seconds may add up before the last file
   * is in: the end of the show is not, as long as no file was stored after it.
   */
  @Test
  void theShowIsNotCoveredUntilAFileStoredAfterItsEndIsIn() {
    var storage = new Holding().with("recording-0001.mp4", 10.5, "2026-05-01T10:00:10Z");
    var onAir = List.of(new RecordingsCheck.OnAir("2026-05-01 10:00:02", "2026-05-01 10:00:12"));

    var outcome = check(storage, stream("stopped", "2026-05-01 10:00:15"), onAir, null);

    assertThat(outcome.complete()).isFalse();
    assertThat(outcome.missing())
        .contains("the end of the show is not in: no file stored since 10:00:12 UTC");

    storage.with("recording-0002.mp4", 1.5, "2026-05-01T10:00:12.400Z");
    assertThat(
            check(storage, stream("stopped", "2026-05-01 10:00:15"), onAir, outcome.measured())
                .complete())
        .isTrue();
  }

  @Test
  void theLastPeriodIsClosedByTheStreamOnceItHasLeftLiveAndNotBefore() {
    var storage = new Holding().with("recording-0001.mp4", 8, "2026-05-01T10:00:12Z");
    var open = List.of(new RecordingsCheck.OnAir("2026-05-01 10:00:02", null));

    assertThat(check(storage, stream("live", "2026-05-01 10:00:02"), open, null).progress())
        .isEqualTo("stream " + STREAM_ID + " still on air");
    assertThat(check(storage, stream("stopping", "2026-05-01 10:00:11"), open, null).complete())
        .as("9 s on air, 8 s recorded, 2 s tolerance")
        .isTrue();
    assertThat(check(storage, stream("stopping", "2026-05-01 10:00:20"), open, null).complete())
        .as("18 s on air")
        .isFalse();
  }

  @Test
  void eachLivePeriodHasItsTolerance() {
    var storage =
        new Holding()
            .with("recording-0001.mp4", 8, "2026-05-01T10:00:12Z")
            .with("recording-0002.mp4", 8, "2026-05-01T10:01:12Z");
    var twoPeriods =
        List.of(
            new RecordingsCheck.OnAir("2026-05-01 10:00:02", "2026-05-01 10:00:12"),
            new RecordingsCheck.OnAir("2026-05-01 10:01:02", "2026-05-01 10:01:12"));

    var outcome = check(storage, stream("stopped", "2026-05-01 10:01:15"), twoPeriods, null);

    assertThat(outcome.complete()).as("16 s of 20 s, 2 s short per period").isTrue();
  }

  @Test
  void aShowThatNeverWentLiveNeedsNoRecording() {
    var outcome = check(new Holding(), stream("stopped", "2026-05-01 10:00:15"), List.of(), null);

    assertThat(outcome.complete()).isTrue();
    assertThat(outcome.locations()).singleElement().satisfies(l -> assertThat(l.files()).isEmpty());
  }

  @Test
  void aPeriodInAnotherFormIsAnInputErrorNamingIt() {
    var onAir = List.of(new RecordingsCheck.OnAir("yesterday", "2026-05-01 10:00:12"));

    assertThatThrownBy(
            () -> check(new Holding(), stream("stopped", "2026-05-01 10:00:15"), onAir, null))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("onAir[1].from");
  }

  static byte[] mp4(long milliseconds) {
    byte[] mvhd =
        box(
            "mvhd",
            concat(
                new byte[12],
                ByteBuffer.allocate(8).putInt(1000).putInt((int) milliseconds).array(),
                new byte[80]));
    return concat(box("ftyp", new byte[8]), box("mdat", new byte[256]), box("moov", mvhd));
  }

  private static byte[] box(String type, byte[] payload) {
    return concat(
        ByteBuffer.allocate(4).putInt(8 + payload.length).array(),
        type.getBytes(StandardCharsets.US_ASCII),
        payload);
  }

  private static byte[] concat(byte[]... parts) {
    var out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
