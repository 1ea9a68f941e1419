package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.MediaflowTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The fifth process ties the three APIs together as a media team's day does: a live show is
 * recorded, the recording becomes an HLS ladder an editor approves, and the result is published
 * behind signed URLs.
 */
class LiveToVodProcessTest extends MediaflowTest {

  private static final String PROCESS = "live-to-vod";

  /**
   * A real encoder pushes 20 s over RTMP; the show is ended after the first 10 s DVR file, so the
   * recording is two files, which the ladder stitches back into one rendition as long as the
   * recording.
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
      completeUserTask(endBroadcast, Map.of());

      long transcoding = calledInstance(key, "transcode-with-approval");
      completeUserTask(awaitUserTask(transcoding, "Review renditions"), Map.of("approved", true));

      instance(key)
          .awaitCompleted()
          .hasPassedElementsInOrder("RunTheShow", "TranscodeAndReview", "VodPublished")
          .hasNoIncidents();
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
    }
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
