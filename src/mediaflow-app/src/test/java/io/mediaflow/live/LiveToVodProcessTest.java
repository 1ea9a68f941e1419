package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.MediaflowTest;
import io.mediaflow.delivery.CreateSigningKey;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.PrivateKeys;
import io.mediaflow.delivery.signing.internal.SignedTokens;
import io.mediaflow.sandbox.SandboxProfile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The fifth process ties the three APIs together as a media team's day does: a live show is
 * recorded, the recording becomes an HLS ladder an editor approves, and the result is published
 * behind signed URLs.
 */
class LiveToVodProcessTest extends MediaflowTest {

  private static final String PROCESS = "live-to-vod";

  @Autowired SandboxProfile profile;
  @Autowired ManagedSigningKeys signingKeys;
  @Autowired SigningKeyStore store;

  /**
   * A real encoder pushes 20 s over RTMP; the show is ended after the first 10 s DVR file, so the
   * recording is two files, which the ladder stitches back into one rendition as long as the
   * recording. The published VOD is then watched through its signed URL ({@link
   * #watchThePublishedVod}); the variations run does so with playlists served as stored.
   */
  @Test
  void aRecordedShowIsTranscodedReviewedAndPublished() throws Exception {
    SECRETS.put("VOD_DVR_SECRET_KEY", GoLiveProcessTest.SECRET_KEY);
    String publishBucket = bucketName();
    try (var media = new RealMedia()) {
      long key =
          start(
              PROCESS,
              Map.of(
                  "streamName",
                  "live to vod " + UUID.randomUUID(),
                  "streamTimeout",
                  GoLiveProcessTest.PATIENT_STREAM_TIMEOUT,
                  "dvr",
                  Map.of(
                      "max_file_duration",
                      10,
                      "destination",
                      Map.of(
                          "url",
                          "s3://live-recordings/vod-" + UUID.randomUUID(),
                          "access_key",
                          GoLiveProcessTest.ACCESS_KEY,
                          "secret_key",
                          "{{secrets.VOD_DVR_SECRET_KEY}}")),
                  "publishBucket",
                  publishBucket,
                  "ladder",
                  List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
      long show = calledInstance(key, "go-live");

      UserTask startEncoder = awaitUserTask(show, "Start your encoder");
      JsonNode shown = describeTask(startEncoder).path("variables");
      media.push(shown.path("ingestUrl").asText() + "/" + shown.path("streamKey").asText(), 20);
      completeUserTask(startEncoder, Map.of());
      UserTask endBroadcast = awaitUserTask(show, "End the broadcast");
      String streamId = shown.path("streamId").asText();
      await(
          "the first 10 s DVR file",
          () -> Optional.of(recordings(streamId)).filter(files -> !files.isEmpty()));
      // How long the show lasts is what matters here: the second file, open at the stop, holds
      // these
      // seconds, so that where it arrives late (variation late-recording-files) a VOD without it
      // would be visibly short.
      letTimePass(Duration.ofSeconds(3));
      completeUserTask(endBroadcast, Map.of());

      long transcoding = calledInstance(key, "transcode-with-approval");
      completeUserTask(awaitUserTask(transcoding, "Review renditions"), Map.of("approved", true));

      assertCompletedExactlyInOrder(key, "RunTheShow", "TranscodeAndReview", "VodPublished");
      assertThat(instance(key).incidentsRaised()).isEmpty();
      assertThat(instance(key).variable("outcome").orElseThrow().asText()).isEqualTo("published");
      JsonNode outcome =
          json(
              post(
                  "/v2/variables/search",
                  Map.of(
                      "filter",
                      Map.of(
                          "processInstanceKey",
                          Long.toString(key),
                          "scopeKey",
                          Long.toString(key),
                          "name",
                          "outcome"))));
      assertThat(outcome.findValuesAsText("value"))
          .as("as the REST API shows it")
          .containsExactly("\"published\"");
      JsonNode recorded = recordings(streamId);
      assertThat(recorded)
          .as("the show ended after the first 10 s file")
          .hasSizeGreaterThanOrEqualTo(2);
      double recordedSeconds = 0;
      for (JsonNode file : recorded) {
        recordedSeconds += file.path("duration").asDouble();
      }
      assertThat(instance(transcoding).variable("stitch").orElseThrow()).hasSize(recorded.size());
      assertThat(
              instance(transcoding)
                  .variable("transcodingResult")
                  .orElseThrow()
                  .path("duration")
                  .asDouble())
          .as("the job's source is the stitched recording, whole")
          .isCloseTo(recordedSeconds, offset(1.0));
      assertThat(instance(key).variable("renditions").orElseThrow().findValuesAsText("tag"))
          .containsExactly("240p");
      JsonNode signedUrls = instance(key).variable("signedUrls").orElseThrow();
      assertThat(signedUrls)
          .isNotEmpty()
          .allSatisfy(
              signed -> {
                String url = signed.path("url").asText();
                assertThat(url)
                    .contains("/sandbox/storage/" + publishBucket + "/")
                    .contains("?auth=");
                assertThat(get(url.substring(baseUrl().length())).statusCode())
                    .as(url)
                    .isEqualTo(200);
              });
      watchThePublishedVod(media, publishBucket, signedUrls);
    }
  }

  /**
   * The signed master playlist plays: a player that carries no token (ffprobe) reads video from it
   * where the sandbox names each playlist entry with the token; a player that carries the token on
   * every request (docs/plugin.md) reads video from it under both behaviours. Without its token, or
   * with a token of another bucket's key, the playlist is refused.
   */
  private void watchThePublishedVod(RealMedia media, String publishBucket, JsonNode signedUrls)
      throws Exception {
    JsonNode master =
        java.util.stream.StreamSupport.stream(signedUrls.spliterator(), false)
            .filter(signed -> signed.path("path").asText().endsWith(".m3u8"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no signed playlist in " + signedUrls));
    String path = master.path("path").asText();
    assertThat(master.path("uri").asText())
        .as("the token opens the rendition's folder")
        .isEqualTo("/" + path.substring(0, path.lastIndexOf('/') + 1));
    String url = master.path("url").asText();
    var player = new TokenCarryingPlayer(url);
    var served = player.get(URI.create(url));
    assertThat(served.status()).as(served.text()).isEqualTo(200);

    if (profile.playlistsNameTheToken()) {
      assertThat(TokenCarryingPlayer.firstEntry(served)).contains("auth=");
      assertThat(media.probe(url).findValuesAsText("codec_type"))
          .as("ffprobe, which carries no token, plays the signed master playlist")
          .contains("video");
    } else {
      assertThat(TokenCarryingPlayer.firstEntry(served))
          .as("variation %s: served as stored", SandboxProfile.PLAYLISTS_WITHOUT_TOKEN)
          .doesNotContain("auth=");
    }
    Path segment = Files.createTempFile("published-segment", ".ts");
    try {
      player.firstSegment(URI.create(url), segment);
      assertThat(media.codecTypes(segment))
          .as("the first segment a token-carrying player fetched")
          .contains("video");
    } finally {
      Files.deleteIfExists(segment);
    }

    assertThat(get(url.substring(baseUrl().length(), url.indexOf('?'))).statusCode())
        .as("without its token")
        .isEqualTo(403);
    SigningKey otherBucketsKey =
        signingKeys.create(new CreateSigningKey(null, null, bucketName(), null));
    String otherToken =
        SignedTokens.sign(
            otherBucketsKey.id(),
            PrivateKeys.rsa(store.find(otherBucketsKey.id()).orElseThrow()),
            new SignedTokens.Grant("", null, null, null));
    assertThat(
            get("/sandbox/storage/" + publishBucket + "/" + path + "?auth=" + otherToken)
                .statusCode())
        .as("with a token of another bucket's key")
        .isEqualTo(403);
  }

  @Test
  void aSecretReferenceForTheAccessKeyIsAnIncidentBeforeTheShow() {
    var variables =
        new HashMap<String, Object>(
            Map.of(
                "streamName",
                "no show",
                "publishBucket",
                bucketName(),
                "dvr",
                Map.of(
                    "destination",
                    Map.of(
                        "url",
                        "s3://live-recordings/vod",
                        "access_key",
                        "{{secrets.DVR_ACCESS_KEY}}",
                        "secret_key",
                        "{{secrets.DVR_SECRET_KEY}}"))));
    long key = start(PROCESS, variables);

    var incident = instance(key).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("RecordingSettings");
    assertThat(incident.getErrorMessage())
        .contains("dvr.destination.access_key: give the access key ID in plain text");
  }

  @Test
  void withoutAPublishBucketItStopsAtAnIncidentBeforeTheShow() {
    long key =
        start(
            PROCESS,
            Map.of(
                "streamName",
                "no bucket",
                "dvr",
                Map.of("destination", Map.of("url", "s3://live-recordings/vod"))));

    var incident = instance(key).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("RecordingSettings");
    assertThat(incident.getErrorMessage()).contains("publishBucket: is required");
  }

  private JsonNode recordings(String streamId) {
    return json(get("/sandbox/live-streams/" + streamId + "/recordings")).path("recordings");
  }
}
