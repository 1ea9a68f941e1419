package io.mediaflow.live.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.live.Dvr;
import io.mediaflow.live.DvrDestination;
import io.mediaflow.live.Stream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;

/**
 * The recordings of a stream, wherever under its destination folder the service wrote them: the
 * files whose key holds the stream's ID; and a stream asked to record that yields none is never
 * "nothing recorded".
 */
class DvrRecordingsTest {

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
          null);

  /** A storage that holds these keys in bucket {@code recordings}. */
  private static final class Holding extends DvrStorage {
    private final List<String> keys;
    private final List<String> prefixes = new ArrayList<>();

    Holding(String... keys) {
      super(
          new OkHttpClient(),
          URI.create("https://s3.amazonaws.com"),
          "us-east-1",
          Clock.systemUTC());
      this.keys = List.of(keys);
    }

    @Override
    public List<StoredObject> list(String bucket, String prefix, Credentials credentials) {
      prefixes.add(bucket + "/" + prefix);
      return keys.stream()
          .filter(key -> key.startsWith(prefix))
          .map(key -> new StoredObject(key, 10, Instant.EPOCH))
          .toList();
    }
  }

  private static Stream stream(Object dvr) {
    return ApiJson.MAPPER.convertValue(
        Map.of("id", STREAM_ID, "params", dvr == null ? Map.of() : Map.of("dvr", dvr)),
        Stream.class);
  }

  private static final Map<String, Object> SHOWN =
      Map.of("enabled", 1, "format", "mp4", "destination", Map.of("url", "s3://recordings/shows"));

  @Test
  void filesAreFoundByTheStreamIdAnywhereBelowTheDestinationFolder() {
    var storage =
        new Holding(
            "shows/" + STREAM_ID + "/recording-0001.mp4",
            "shows/" + STREAM_ID + "-recording-0002.mp4",
            "shows/2026/05/" + STREAM_ID + "_3.MP4",
            "shows/another-stream/recording-0001.mp4");

    var locations = new DvrRecordings(storage).of(stream(SHOWN), GIVEN, Duration.ofHours(1));

    assertThat(storage.prefixes).containsExactly("recordings/shows/");
    assertThat(locations)
        .singleElement()
        .satisfies(
            location -> {
              assertThat(location.folder()).isEqualTo("s3://recordings/shows/");
              assertThat(location.pattern()).isEqualTo("*" + STREAM_ID + "*.mp4");
              assertThat(location.files())
                  .extracting(DvrRecordings.RecordingFile::url)
                  .containsExactly(
                      "s3://recordings/shows/" + STREAM_ID + "/recording-0001.mp4",
                      "s3://recordings/shows/" + STREAM_ID + "-recording-0002.mp4",
                      "s3://recordings/shows/2026/05/" + STREAM_ID + "_3.MP4");
            });
  }

  @Test
  void aStreamAskedToRecordWithNoFileIsRetriedThenNamesTheFolderAndWhatItHolds() {
    var storage = new Holding("shows/2026-05-01/recording-0001.mp4");

    assertThatThrownBy(
            () -> new DvrRecordings(storage).of(stream(SHOWN), GIVEN, Duration.ofHours(1)))
        .isInstanceOfSatisfying(
            ApiException.Transient.class, e -> assertThat(e.code()).isEqualTo("NO_RECORDINGS"))
        .hasMessageContaining("Live stream " + STREAM_ID)
        .hasMessageContaining(
            "s3://recordings/shows/ (listed 1 key: shows/2026-05-01/recording-0001.mp4)");
  }

  @Test
  void aStreamThatShowsRecordingOffAlthoughAskedIsAnIncident() {
    assertThatThrownBy(
            () ->
                new DvrRecordings(new Holding())
                    .of(
                        stream(Map.of("enabled", 0, "destination", Map.of("url", "s3://x/y"))),
                        GIVEN,
                        Duration.ofHours(1)))
        .isInstanceOfSatisfying(
            ApiException.Misconfigured.class, e -> assertThat(e.code()).isEqualTo("NOT_RECORDED"))
        .hasMessageContaining("s3://recordings/shows");
  }

  @Test
  void aStreamThatDoesNotShowItsDvrIsLookedForWhereItWasAskedToRecord() {
    var storage = new Holding("shows/" + STREAM_ID + "/recording-0001.mp4");

    assertThat(new DvrRecordings(storage).of(stream(null), GIVEN, Duration.ofHours(1)))
        .singleElement()
        .satisfies(location -> assertThat(location.files()).hasSize(1));
  }

  @Test
  void aStreamNotAskedToRecordHasNoRecordings() {
    assertThat(
            new DvrRecordings(new Holding())
                .of(stream(Map.of("enabled", 0)), null, Duration.ofHours(1)))
        .isEmpty();
  }
}
