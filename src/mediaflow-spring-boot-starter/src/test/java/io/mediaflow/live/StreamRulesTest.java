package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.Constraints;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every documented rule of a request, each named by field and rule; credentials never echoed. */
class StreamRulesTest {

  private static final String STREAM_ID = "4f1b2a3c-5d6e-4f70-8a9b-0c1d2e3f4a5b";
  private static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
  private static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
  private static final DvrDestination S3 =
      new DvrDestination("s3://recordings/shows", ACCESS_KEY, SECRET_KEY, null, null);

  @Test
  void aFullValidRequestPasses() {
    var dvr =
        new Dvr(
            true,
            List.of(
                new DvrDestination(
                    "s3://b/f", ACCESS_KEY, SECRET_KEY, "public-read", "REDUCED_REDUNDANCY"),
                new DvrDestination("ftps://ftp.example.com/live", "user", "password", null, null),
                new DvrDestination("azblob://container/folder", null, null, null, null)),
            "original",
            "all",
            List.of("ts", "hls"),
            21_600);
    assertThatCode(
            () ->
                Constraints.check(
                    new NewStream(
                        "show",
                        "webrtc",
                        "hls",
                        120,
                        "live.example.com",
                        30.0,
                        "https://hooks.example.com/x",
                        dvr)))
        .doesNotThrowAnyException();
    assertThatCode(
            () -> Constraints.check(new NewStream(null, null, null, null, null, 0.0, null, null)))
        .doesNotThrowAnyException();
  }

  @Test
  void streamFieldsBreakingTheirRulesAreAllNamedAtOnce() {
    assertThatThrownBy(
            () ->
                Constraints.check(
                    new NewStream("x", "hls", "dash", 0, "not a domain", 30.5, "ftp://x/y", null)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "callback_url: must be an http or https URL; "
                + "framerate: must be from 0 (keep the input frame rate) to 30 frames per second; "
                + "input_format: must be one of rtmp, webrtc, srt; output_format: must be one of hls, cmaf; "
                + "playback_domain: must be the fully qualified domain name of a live playback domain, e.g. live.example.com; "
                + "stream_timeout: must be a whole number of seconds, at least 1");
  }

  @Test
  void maxFileDurationIsAtMostSixHours() {
    assertRefused(
        dvr(List.of(S3), null, null, null, 30_000),
        "dvr.max_file_duration: must be from 1 to 21600 seconds");
    assertRefused(
        dvr(List.of(S3), null, null, null, 0),
        "dvr.max_file_duration: must be from 1 to 21600 seconds");
  }

  @Test
  void recordingNeedsADestinationWithAKnownPrefix() {
    assertRefused(
        new Dvr(true, null, null, null, null, null),
        "dvr.destination: is required when enabled is 1");
    assertRefused(
        dvr(List.of(), null, null, null, null),
        "dvr.destination: must hold at least one destination");
    assertRefused(
        dvr(
            List.of(new DvrDestination("https://bucket/x", null, null, null, null)),
            null,
            null,
            null,
            null),
        "dvr.destination[0].url: must start with one of s3://, b2://, azblob://, ftp://, ftps://, sftp://");
    assertRefused(
        dvr(List.of(S3, new DvrDestination(null, null, null, null, null)), null, null, null, null),
        "dvr.destination[1].url: is required");
    assertRefused(
        dvr(
            List.of(new DvrDestination("ftp://user:pw@host/dir", null, null, null, null)),
            null,
            null,
            null,
            null),
        "dvr.destination[0].url: must not carry credentials; give them as access_key and secret_key");
    assertRefused(
        dvr(
            List.of(new DvrDestination("b2:///folder", null, null, null, null)),
            null,
            null,
            null,
            null),
        "dvr.destination[0].url: must be a URL that names a bucket or host after b2://");
    assertRefused(
        dvr(
            List.of(new DvrDestination("s3://bucket name/x", ACCESS_KEY, SECRET_KEY, null, null)),
            null,
            null,
            null,
            null),
        "dvr.destination[0].url: must be a URL that names a bucket or host after s3://");
  }

  @Test
  void s3CredentialsFollowTheirFormatAndAreNeverEchoed() {
    var badKeys = new DvrDestination("s3://b/f", "short-key!", "too short", null, null);
    assertThatThrownBy(
            () ->
                Constraints.check(
                    NewStream.named("x").withDvr(dvr(List.of(badKeys), null, null, null, null))))
        .hasMessage(
            "dvr.destination[0].access_key: is required for s3:// destinations in AWS: 20 letters and digits; "
                + "dvr.destination[0].secret_key: is required for s3:// destinations in AWS: 40 characters without spaces")
        .satisfies(
            e ->
                org.assertj.core.api.Assertions.assertThat(e.getMessage())
                    .doesNotContain("short-key!", "too short"));
    for (String aws :
        List.of(
            "s3://b/f?endpoint=s3.eu-central-1.amazonaws.com",
            "s3://b/f?endpoint=https://s3.amazonaws.com")) {
      assertThatThrownBy(
              () ->
                  Constraints.check(
                      NewStream.named("x")
                          .withDvr(
                              dvr(
                                  List.of(
                                      new DvrDestination(
                                          aws, "short-key!", "too short", null, null)),
                                  null,
                                  null,
                                  null,
                                  null))))
          .as(aws)
          .hasMessageContaining("in AWS: 20 letters and digits");
    }
    // Another S3-compatible store (Go CDK's ?endpoint=) has keys of its own form.
    for (String other :
        List.of(
            "s3://b/f?endpoint=minio.example.com:9000",
            "s3://b/f?endpoint=https%3A%2F%2Fs3.eu-central-003.backblazeb2.com")) {
      org.assertj.core.api.Assertions.assertThatCode(
              () ->
                  Constraints.check(
                      NewStream.named("x")
                          .withDvr(
                              dvr(
                                  List.of(
                                      new DvrDestination(
                                          other, "short-key!", "too short", null, null)),
                                  null,
                                  null,
                                  null,
                                  null))))
          .as(other)
          .doesNotThrowAnyException();
    }
    assertRefused(
        dvr(
            List.of(new DvrDestination("s3://b/f", null, null, null, null)),
            null,
            null,
            null,
            null),
        "dvr.destination[0].access_key: is required for s3:// destinations in AWS: 20 letters and digits; "
            + "dvr.destination[0].secret_key: is required for s3:// destinations in AWS: 40 characters without spaces");
    assertRefused(
        dvr(
            List.of(new DvrDestination("sftp://host/dir", "user", null, null, null)),
            null,
            null,
            null,
            null),
        "dvr.destination[0].secret_key: is required together with access_key");
  }

  @Test
  void permissionsAndStorageClassAreForS3Only() {
    assertRefused(
        dvr(
            List.of(
                new DvrDestination("s3://b/f", ACCESS_KEY, SECRET_KEY, "world-writable", "COLD")),
            null,
            null,
            null,
            null),
        "dvr.destination[0].permissions: must be one of private, public-read, public-read-write, authenticated-read, "
            + "aws-exec-read, bucket-owner-read, bucket-owner-full-control; dvr.destination[0].storage_class: must be one of "
            + "STANDARD, REDUCED_REDUNDANCY, STANDARD_IA, ONEZONE_IA, INTELLIGENT_TIERING, GLACIER, GLACIER_IR, DEEP_ARCHIVE");
    assertRefused(
        dvr(
            List.of(new DvrDestination("b2://b/f", null, null, "private", "STANDARD")),
            null,
            null,
            null,
            null),
        "dvr.destination[0].permissions: applies only to s3:// destinations; "
            + "dvr.destination[0].storage_class: applies only to s3:// destinations");
  }

  @Test
  void sourceResolutionAndFormatsComeFromTheirLists() {
    assertRefused(
        dvr(List.of(S3), "both", "8k", Arrays.asList("mp4", "mkv", "mp4"), null),
        "dvr.format[1]: must be one of mp4, ts, hls; dvr.format[2]: is listed twice; "
            + "dvr.resolution: must be one of highest, lowest, 240p, 480p, 720p, 1080p, 1440p, 4k, all; "
            + "dvr.stream_source: must be one of original, transcoded, auto");
    assertRefused(
        dvr(List.of(S3), null, null, List.of(), null),
        "dvr.format: must name at least one of mp4, ts, hls");
  }

  @Test
  void aSimulcastTargetIsAnRtmpUrlWithAKey() {
    assertThatCode(
            () ->
                Constraints.check(
                    new AddSimulcastTarget(
                        STREAM_ID, "rtmps://live-api-s.facebook.com:443/rtmp/", "k")))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () ->
                Constraints.check(
                    new AddSimulcastTarget(STREAM_ID, "rtmp://user:pw@host/app", " ")))
        .hasMessage(
            "stream_key: is required; url: must be the target's rtmp:// or rtmps:// ingest URL, without credentials");
  }

  @Test
  void filtersAreDottedPathsWithPlainValues() {
    assertThatCode(() -> StreamFilter.of(Map.of("params.dvr.enabled", 1, "status.name", "live")))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> StreamFilter.of(Map.of("status..name", "live")))
        .hasMessage(
            "filters.status..name: must be a property path: names joined by dots, such as status.name");
    assertThatThrownBy(() -> StreamFilter.of(Map.of("params", Map.of("dvr", 1))))
        .hasMessage("filters.params: must be an exact value, null or notnull");
  }

  private static Dvr dvr(
      List<DvrDestination> destinations,
      String source,
      String resolution,
      List<String> format,
      Integer duration) {
    return new Dvr(true, destinations, source, resolution, format, duration);
  }

  private static void assertRefused(Dvr dvr, String message) {
    assertThatThrownBy(() -> Constraints.check(NewStream.named("x").withDvr(dvr)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(message);
  }
}
