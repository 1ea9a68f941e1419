package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The storage DVR destinations stand for answers as an S3-compatible service: a bucket is listed
 * (ListObjectsV2) and its objects read only with a valid signature of the destination's access key,
 * within its lifetime.
 */
class DvrStorageTest extends SandboxTest {

  private static final Pattern KEY = Pattern.compile("<Key>([^<]+)</Key>");

  private final String accessKey =
      "AKIA" + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase();
  private final String secretKey = UUID.randomUUID().toString().replace("-", "") + "abcdefgh";
  private final String bucket = "dvr-" + UUID.randomUUID();
  private LiveApi api;

  @BeforeEach
  void connect() {
    api = LiveApi.connect(baseUrl());
  }

  @Test
  void aBucketIsListedAndReadOnlyWithItsKeysSignature() {
    List<String> recorded = record(30);
    String listing = baseUrl() + "/sandbox/dvr/" + bucket + "?list-type=2&prefix=shows/";

    assertThat(recorded).hasSizeGreaterThanOrEqualTo(2);
    assertThat(fetch(listing)).satisfies(refused("AccessDenied", 403));
    HttpResponse<byte[]> listed = fetch(signed(listing, accessKey, secretKey, Instant.now()));
    assertThat(listed.statusCode()).as(text(listed)).isEqualTo(200);
    assertThat(keys(text(listed))).isEqualTo(recorded);
    assertThat(
            fetch(
                signed(
                    listing, accessKey, "not-the-secret-key-of-this-access-key!!", Instant.now())))
        .satisfies(refused("SignatureDoesNotMatch", 403));
    assertThat(fetch(signed(listing, "AKIAUNKNOWNUNKNOWN00", secretKey, Instant.now())))
        .satisfies(refused("InvalidAccessKeyId", 403));
    assertThat(
            fetch(
                signed(
                    baseUrl() + "/sandbox/dvr/no-such-bucket?list-type=2",
                    accessKey,
                    secretKey,
                    Instant.now())))
        .satisfies(refused("NoSuchBucket", 404));

    String object = baseUrl() + "/sandbox/dvr/" + bucket + "/" + recorded.getFirst();
    assertThat(fetch(object)).satisfies(refused("AccessDenied", 403));
    assertThat(fetch(signed(object, accessKey, secretKey, Instant.now())).statusCode())
        .isEqualTo(200);
    assertThat(
            fetch(signed(object, accessKey, secretKey, Instant.now().minus(Duration.ofHours(2)))))
        .as("signed for an hour, two hours ago")
        .satisfies(refused("SignatureDoesNotMatch", 403));
    String tampered =
        signed(object, accessKey, secretKey, Instant.now())
            .replace(recorded.getFirst(), recorded.get(1));
    assertThat(fetch(tampered))
        .as("a signature is for one object")
        .satisfies(refused("SignatureDoesNotMatch", 403));
  }

  @Test
  void aLongListingComesInPagesThatFollowOnByContinuationToken() {
    List<String> recorded = record(30);
    String firstPage =
        baseUrl() + "/sandbox/dvr/" + bucket + "?list-type=2&max-keys=1&prefix=shows/";

    String first = text(fetch(signed(firstPage, accessKey, secretKey, Instant.now())));
    Matcher token = Pattern.compile("<NextContinuationToken>([^<]+)<").matcher(first);

    assertThat(first).contains("<IsTruncated>true</IsTruncated>", "<KeyCount>1</KeyCount>");
    assertThat(keys(first)).containsExactly(recorded.getFirst());
    assertThat(token.find()).isTrue();
    String second =
        text(
            fetch(
                signed(
                    firstPage + "&continuation-token=" + token.group(1),
                    accessKey,
                    secretKey,
                    Instant.now())));
    assertThat(keys(second)).containsExactly(recorded.get(1));
  }

  /**
   * A stream recording mp4 to this test's bucket for {@code seconds} of nominal live time; its
   * recordings' keys.
   */
  private List<String> record(int seconds) {
    JsonNode created =
        api.create(
            """
        {"name": "dvr storage", "stream_timeout": 600,
         "dvr": {"enabled": 1, "max_file_duration": 10,
                 "destination": {"url": "s3://%s/shows", "access_key": "%s", "secret_key": "%s"}}}
        """
                .formatted(bucket, accessKey, secretKey));
    String id = created.get("id").asText();
    api.post("/live-streams/" + id + "/start", null);
    Poll.status(api, id, "waiting");
    api.ingest(id, "{\"action\": \"start\"}");
    Poll.status(api, id, "live");
    // The simulated ingest's 4 s segments show the nominal live time that has passed.
    String playbackUrl = created.at("/playback_ids/0/playback_url").asText();
    String segment = "segment-" + (seconds / 4 + 1) + ".ts";
    Poll.until(() -> text(fetch(playbackUrl)), playlist -> playlist.contains(segment));
    api.ingest(id, "{\"action\": \"stop\"}");
    Poll.until(() -> api.recordings(id).size(), count -> count >= seconds / 10);
    var keys = new ArrayList<String>();
    api.recordings(id).forEach(recording -> keys.add(recording.path("path").asText()));
    return keys;
  }

  private static String signed(String url, String accessKey, String secretKey, Instant at) {
    return S3Signatures.presign(
        url, DvrAccess.REGION, accessKey, secretKey, at, Duration.ofHours(1));
  }

  private static java.util.function.Consumer<HttpResponse<byte[]>> refused(
      String code, int status) {
    return answer -> {
      assertThat(answer.statusCode()).as(text(answer)).isEqualTo(status);
      assertThat(text(answer)).contains("<Code>" + code + "</Code>");
    };
  }

  private static List<String> keys(String listing) {
    var keys = new ArrayList<String>();
    Matcher key = KEY.matcher(listing);
    while (key.find()) {
      keys.add(key.group(1));
    }
    return keys;
  }

  private static HttpResponse<byte[]> fetch(String url) {
    return LiveApi.fetch(url);
  }

  private static String text(HttpResponse<byte[]> answer) {
    return new String(answer.body(), StandardCharsets.UTF_8);
  }
}
