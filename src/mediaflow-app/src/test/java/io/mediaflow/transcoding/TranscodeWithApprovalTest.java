package io.mediaflow.transcoding;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.MediaflowTest;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Every path of {@code transcode-with-approval}, on the embedded engine with the sandbox over real
 * HTTP.
 */
class TranscodeWithApprovalTest extends MediaflowTest {

  private static final String PROCESS = "transcode-with-approval";

  @Autowired TranscodingClient transcoding;

  private static String sample() {
    return baseUrl() + "/sandbox/samples/bars-1080p.mp4";
  }

  @Test
  void approvedRenditionsEndTheProcess() {
    long instance = start(PROCESS, Map.of("source", sample()));

    UserTask review = awaitUserTask(instance, "Review renditions");
    JsonNode task = describeTask(review);
    assertThat(task.path("form").path("id").asText()).isEqualTo("review-renditions");
    JsonNode renditions = task.path("variables").path("renditions");
    assertThat(
            StreamSupport.stream(renditions.spliterator(), false).map(r -> r.path("tag").asText()))
        .containsExactly("1080p", "720p", "480p", "360p");
    assertThat(
            StreamSupport.stream(renditions.spliterator(), false)
                .map(r -> r.path("resolution").asText()))
        .containsExactly("1920x1080", "1280x720", "854x480", "640x360");
    renditions.forEach(
        rendition -> {
          assertThat(rendition.path("url").asText()).isNotBlank();
          assertThat(rendition.path("size").asLong()).isPositive();
          assertThat(rendition.path("bitrate").asDouble()).isPositive();
        });
    assertThat(task.path("variables").path("thumbnails")).hasSize(1);
    assertThat(task.path("variables").path("transcodingState").asText()).isEqualTo("completed");
    // No destination: the service keeps the renditions 24 hours (document 3), the review's due
    // date.
    java.time.Instant expiresAt =
        java.time.Instant.parse(task.path("variables").path("outputsExpireAt").asText());
    assertThat(expiresAt)
        .isBetween(
            java.time.Instant.now().plus(java.time.Duration.ofHours(23)),
            java.time.Instant.now().plus(java.time.Duration.ofHours(24)));
    assertThat(java.time.OffsetDateTime.parse(task.path("dueDate").asText()).toInstant())
        .isEqualTo(expiresAt);
    JsonNode job = instance(instance).variable("transcodingJob").orElseThrow();
    String lastStatusUrl =
        transcoding
            .status(null, List.of(job.path("task_token").asText()))
            .get(job.path("task_token").asText())
            .statusUrl();
    assertThat(job.path("status_url").asText())
        .as("the check carried the last status_url into the process")
        .isEqualTo(lastStatusUrl);
    // Each output's storage is part of the result now that results carry every output; meta and the
    // outputs' progress are the complete status's only.
    assertThat(instance(instance).allVariableValues())
        .as("the complete status (meta, progress of each output) is not copied into the instance")
        .noneMatch(value -> value.contains("\"meta\"") || value.contains("\"source_size\""));

    completeUserTask(review, Map.of("approved", true));

    // the sandbox encodes for real: the poll timer may fire (CheckJob) before the job's callback
    // arrives
    assertCompletedExactlyInOrder(
        instance,
        "ChooseLadder",
        "CreateTask",
        "StartJob",
        "ReviewRenditions",
        "RenditionsApproved");
    assertThatProcessInstance(byKey(instance))
        .hasCompletedElement("JobFinishedMessage", 1)
        .hasCompletedElement("UploadFile", 0);
    assertThat(instance(instance).incidentsRaised()).isEmpty();
  }

  @Test
  void approvedRenditionsArePublishedBehindSignedUrlsWhenABucketIsGiven() {
    // A bucket of its own: once published it is authenticated, and a second run into it would have
    // its renditions refused to the check that reads them before the review.
    String bucket = bucketName();
    long instance =
        start(
            PROCESS,
            Map.of(
                "source",
                sample(),
                "publishBucket",
                bucket,
                "ladder",
                List.of(Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p"))));

    UserTask review = awaitUserTask(instance, "Review renditions");
    assertThat(
            describeTask(review).path("dueDate").isMissingNode()
                || describeTask(review).path("dueDate").isNull())
        .as("published to a bucket, the renditions do not expire: no due date")
        .isTrue();
    completeUserTask(review, Map.of("approved", true));

    assertCompletedExactlyInOrder(
        instance, "ReviewRenditions", "PublishRenditions", "RenditionsApproved");
    JsonNode signedUrls = instance(instance).variable("signedUrls").orElseThrow();
    assertThat(signedUrls).isNotEmpty();
    for (JsonNode signed : signedUrls) {
      String url = signed.path("url").asText();
      assertThat(url).contains("/sandbox/storage/" + bucket + "/").contains("?auth=");
      assertThat(
              send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).GET().build())
                  .statusCode())
          .as(url)
          .isEqualTo(200);
      String unsigned = url.substring(0, url.indexOf('?'));
      assertThat(
              send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(unsigned))
                      .GET()
                      .build())
                  .statusCode())
          .as("the bucket is authenticated now")
          .isEqualTo(403);
    }
  }

  @Test
  void rejectedRenditionsAreEncodedAgainWithTheEditedLadder() {
    long instance = start(PROCESS, Map.of("source", sample()));
    UserTask firstReview = awaitUserTask(instance, "Review renditions");
    String firstTask =
        instance(instance).variable("transcodingTask").orElseThrow().path("task_token").asText();

    completeUserTask(
        firstReview,
        Map.of(
            "approved",
            false,
            "comment",
            "Too many renditions for a teaser",
            "ladder",
            List.of(Map.of("resolution", 480, "bitrate", 1000, "user_tag", "480p"))));

    assertThatProcessInstance(byKey(instance)).hasCompletedElement("ReviewRenditions", 1);
    UserTask secondReview = awaitUserTask(instance, "Review renditions");
    JsonNode renditions = describeTask(secondReview).path("variables").path("renditions");
    assertThat(renditions).hasSize(1);
    assertThat(renditions.get(0).path("tag").asText()).isEqualTo("480p");
    assertThat(
            instance(instance)
                .variable("transcodingTask")
                .orElseThrow()
                .path("task_token")
                .asText())
        .as("a re-encode needs a new task: a task token is single-use")
        .isNotEqualTo(firstTask);

    completeUserTask(secondReview, Map.of("approved", true));
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("CreateTask", 2)
        .hasCompletedElement("ReviewRenditions", 2);
  }

  /**
   * The service started the job and the answer was lost: the retried start finds the job and goes
   * on with it.
   */
  @Test
  void aStartWhoseAnswerWasLostGoesOnToTheReviewWithOneJob() {
    try (var losing =
        control(
            "/sandbox/faults/lost-answers",
            Map.of(
                "method", "POST", "path", "/sandbox/transcoding/v1/start_encode2", "times", 1))) {
      long instance = startOneRung();

      UserTask review = awaitUserTask(instance, "Review renditions");
      assertThat(instance(instance).jobFailures("StartJob"))
          .as("the lost answer")
          .singleElement()
          .asString()
          .contains("[TRANSPORT]");
      completeUserTask(review, Map.of("approved", true));
      assertThatProcessInstance(byKey(instance))
          .isCompleted()
          .hasCompletedElement("StartJob", 1)
          .hasCompletedElement("HandleFailedJob", 0);
      assertThat(instance(instance).incidentsRaised()).isEmpty();
    }
  }

  @Test
  void aFailedJobGoesToSomeoneWhoRetriesWithANewSource() {
    long instance =
        start(PROCESS, Map.of("source", baseUrl() + "/sandbox/samples/no-such-clip.mp4"));

    UserTask decision = awaitUserTask(instance, "Decide on the failed job");
    JsonNode variables = describeTask(decision).path("variables");
    assertThat(variables.path("errorCode").asText()).isEqualTo("JOB_FAILED");
    assertThat(variables.path("errorMessage").asText())
        .contains("Download error: unable to download the specified source file/URL.");
    JsonNode details = instance(instance).variable("errorDetails").orElseThrow();
    assertThat(details.path("error_description").asText()).contains("Download error");
    assertThat(details.has("status")).as("errorDetails without the complete status").isFalse();

    completeUserTask(decision, Map.of("decision", "retry", "source", sample()));

    completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));
    // The source is first read by the metadata job, which is where a source that cannot be fetched
    // fails.
    assertCompletedExactlyInOrder(
        instance,
        "CreateTask",
        "SourcePropertiesFailed",
        "HandleFailedJob",
        "CreateTask",
        "ReadSourceProperties",
        "RenditionsApproved");
  }

  @Test
  void aSourceThatIsNotMediaIsRejectedAndCanBeGivenUp() {
    String bucket = bucketName();
    upload(bucket, "notes.txt", "a text, not media");
    long instance =
        start(PROCESS, Map.of("source", baseUrl() + "/sandbox/storage/" + bucket + "/notes.txt"));

    UserTask decision = awaitUserTask(instance, "Decide on the failed job");
    assertThat(describeTask(decision).path("variables").path("errorMessage").asText())
        .contains("Unsupported media type.");

    completeUserTask(decision, Map.of("decision", "give-up"));
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("TranscodingAbandoned", 1)
        .hasCompletedElement("ReviewRenditions", 0);
  }

  @Test
  void aLadderThatBreaksARuleStopsAtAnIncidentThatNamesTheVariableAndTheField() {
    long instance =
        start(
            PROCESS,
            Map.of(
                "source", sample(), "ladder", List.of(Map.of("resolution", 720, "quality", 99))));

    var incident = instance(instance).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("StartJob");
    assertThat(incident.getErrorMessage())
        .contains(
            "ladder[0].quality: is a constant rate factor for video, from 0 to 51 (field format[0].stream[0].quality)");
  }

  @Test
  void aLocalFileIsUploadedFirst() throws Exception {
    Path file = Files.createTempFile(LOCAL_SOURCES, "clip", ".mp4");
    try (InputStream sample = getClass().getResourceAsStream("/sandbox/samples/bars-1080p.mp4")) {
      Files.copy(sample, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    long instance = start(PROCESS, Map.of("source", file.toString()));

    completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));

    // An upload belongs to the task it was uploaded to: no metadata job of another task can read
    // it.
    assertCompletedExactlyInOrder(instance, "CreateTask", "UploadFile", "StartJob");
    assertThatProcessInstance(byKey(instance)).hasCompletedElement("ReadSourceProperties", 0);
    assertThat(instance(instance).variable("source").orElseThrow().asText()).startsWith("tus:");
  }

  @Test
  void aLocalFileOutsideTheSourceFolderIsAnIncidentAndNothingIsUploaded() {
    for (String outside :
        List.of("/etc/passwd", LOCAL_SOURCES.resolve("../../etc/passwd").toString())) {
      long uploadsBefore = uploadRequests();
      long instance = start(PROCESS, Map.of("source", outside));

      var incident = instance(instance).awaitIncident();

      assertThat(incident.getElementId()).isEqualTo("UploadFile");
      assertThat(incident.getErrorMessage())
          .startsWith(
              "Invalid input: source: lies outside mediaflow.transcoding.local-source-directory");
      assertThat(uploadRequests()).as("requests to the upload host").isEqualTo(uploadsBefore);
    }
  }

  @Test
  void workerBookkeepingGivenAtStartChangesNothing() {
    long instance =
        start(
            PROCESS,
            Map.of(
                "source",
                sample(),
                "mediaflowResult",
                Map.of("task_token", "forged-token", "upload_url", "http://forged.example.com"),
                "mediaflowState",
                "eyJyZWNvcmRlZCI6dHJ1ZX0.Zm9yZ2Vk",
                "mediaflowAttempt",
                7));

    completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));

    assertCompletedExactlyInOrder(instance, "CreateTask", "StartJob", "ReviewRenditions");
    assertThat(instance(instance).incidentsRaised()).isEmpty();
    String token =
        instance(instance).variable("transcodingTask").orElseThrow().path("task_token").asText();
    assertThat(token).as("a task the service created").isNotBlank().isNotEqualTo("forged-token");
    assertThat(
            instance(instance).variable("transcodingJob").orElseThrow().path("task_token").asText())
        .isEqualTo(token);
  }

  /** Requests the sandbox's TUS upload host has received so far. */
  private long uploadRequests() {
    long total = 0;
    var counts = json(get("/sandbox/stats")).path("requests");
    for (var names = counts.fieldNames(); names.hasNext(); ) {
      String endpoint = names.next();
      if (endpoint.contains("upload")) {
        total += counts.path(endpoint).asLong();
      }
    }
    return total;
  }

  @Test
  void aBusyServiceIsAskedAgainAfterItsRetryAfter() {
    var control =
        post(
            "/sandbox/transcoding/control",
            Map.of(
                "failNext",
                Map.of("endpoint", "start_encode2", "error", 8, "retryAfter", 1, "times", 1)));
    assertThat(control.statusCode()).as(control.body()).isLessThan(300);
    // Without fitting, the encode is the first job started: the busy answer is its start's.
    long instance = start(PROCESS, Map.of("source", sample(), "fitLadder", false));

    completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));

    assertThatProcessInstance(byKey(instance)).isCompleted().hasCompletedElement("StartJob", 1);
    assertThat(instance(instance).incidentsRaised()).isEmpty();
    assertThat(instance(instance).jobFailures("StartJob"))
        .singleElement()
        .asString()
        .contains("[ERROR_SYSTEM_BUSY]");
    assertThat(
            instance(instance).variable("transcodingJob").orElseThrow().path("status_url").asText())
        .isNotBlank();
  }

  /**
   * "An error occurred while processing the video." is a failure document 3 says to retry: no
   * editor is asked.
   */
  @Test
  void aFailureTheDocumentSaysToRetryIsRetriedOnANewTaskBeforeAnyoneIsAsked() {
    try (var failing = failNextJobs(1)) {
      long instance = startOneRung();

      completeUserTask(awaitUserTask(instance, "Review renditions"), Map.of("approved", true));

      assertThatProcessInstance(byKey(instance))
          .isCompleted()
          .hasCompletedElement("RetryAutomatically", 1)
          .hasCompletedElement("CreateTask", 2)
          .hasCompletedElement("HandleFailedJob", 0);
      assertThat(instance(instance).incidentsRaised()).isEmpty();
    }
  }

  @Test
  void aFailureThatPersistsAfterTwoAutomaticRetriesGoesToAnEditor() {
    try (var failing = failNextJobs(3)) {
      long instance = startOneRung();

      UserTask decision = awaitUserTask(instance, "Decide on the failed job");

      // The instance waits at the editor's task: these counts are final.
      assertThatProcessInstance(byKey(instance))
          .hasCompletedElement("RetryAutomatically", 2)
          .hasCompletedElement("CreateTask", 3);
      JsonNode details = describeTask(decision).path("variables").path("errorDetails");
      assertThat(details.path("retry").asBoolean()).isTrue();
      assertThat(details.path("error_description").asText())
          .isEqualTo("An error occurred while processing the video.");
    }
  }

  /**
   * One rung, nothing to fit: the encode's job is the only one, so the faults these tests inject
   * hit it.
   */
  private long startOneRung() {
    return start(
        PROCESS,
        Map.of(
            "source",
            sample(),
            "fitLadder",
            false,
            "ladder",
            List.of(Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p"))));
  }

  /** bars.mp4: 640x360, H.264 and AAC, 4 s. */
  private static String sample360p() {
    return baseUrl() + "/sandbox/samples/bars.mp4";
  }

  @Test
  void theLadderIsFittedToTheSourceAndTheEditorSeesTheSourceAndWhatWasLeftOut() {
    long instance = start(PROCESS, Map.of("source", sample360p()));

    UserTask review = awaitUserTask(instance, "Review renditions");
    JsonNode variables = describeTask(review).path("variables");
    assertThat(tags(variables.path("ladder")))
        .as("the default ladder, fitted")
        .containsExactly("360p");
    assertThat(tags(variables.path("fittedLadder"))).containsExactly("360p");
    assertThat(tags(variables.path("leftOutRungs"))).containsExactly("1080p", "720p", "480p");
    assertThat(tags(variables.path("renditions"))).containsExactly("360p");
    JsonNode source = variables.path("sourceProperties");
    assertThat(source.path("width").asInt()).isEqualTo(640);
    assertThat(source.path("height").asInt()).isEqualTo(360);
    assertThat(source.path("duration").asDouble())
        .isCloseTo(4.0, org.assertj.core.data.Offset.offset(0.1));
    assertThat(source.path("videoCodec").asText()).isEqualTo("h264");
    assertThat(source.path("audioCodec").asText()).isEqualTo("aac");
    assertThat(variables.has("metadataJob") || variables.has("metadataStatuses"))
        .as("the metadata job's variables stay in its subprocess")
        .isFalse();

    // Sent back with a ladder that has a rung above the source again: fitted again, the source not
    // read again.
    completeUserTask(
        review,
        Map.of(
            "approved",
            false,
            "comment",
            "try a 1080p rendition too",
            "ladder",
            List.of(
                Map.of("resolution", 1080, "bitrate", 5000, "user_tag", "1080p"),
                Map.of("resolution", 360, "bitrate", 900, "user_tag", "360p-hq"))));
    assertThatProcessInstance(byKey(instance)).hasCompletedElement("ReviewRenditions", 1);
    JsonNode again = describeTask(awaitUserTask(instance, "Review renditions")).path("variables");
    assertThat(tags(again.path("ladder"))).containsExactly("360p-hq");
    assertThat(tags(again.path("leftOutRungs"))).containsExactly("1080p");
    // The instance waits at the second review: these counts are final.
    assertThatProcessInstance(byKey(instance))
        .hasCompletedElement("ReadSourceProperties", 1)
        .hasCompletedElement("FitLadder", 2);
  }

  @Test
  void withFitLadderFalseTheLadderIsEncodedAsGivenAndTheSourceIsNotRead() {
    long instance = start(PROCESS, Map.of("source", sample360p(), "fitLadder", false));

    JsonNode variables =
        describeTask(awaitUserTask(instance, "Review renditions")).path("variables");

    assertThat(tags(variables.path("ladder"))).containsExactly("1080p", "720p", "480p", "360p");
    assertThat(variables.has("sourceProperties")).isFalse();
    assertThat(variables.has("leftOutRungs")).isFalse();
    assertThatProcessInstance(byKey(instance))
        .hasCompletedElement("ReadSourceProperties", 0)
        .hasCompletedElement("FitLadder", 0);
  }

  @Test
  void whenEveryRungIsAboveTheSourceTheLowestIsKept() {
    long instance =
        start(
            PROCESS,
            Map.of(
                "source",
                sample360p(),
                "ladder",
                List.of(
                    Map.of("resolution", 720, "bitrate", 2800, "user_tag", "720p"),
                    Map.of("resolution", 480, "bitrate", 1400, "user_tag", "480p"),
                    Map.of("resolution", 1080, "bitrate", 5000, "user_tag", "1080p"))));

    JsonNode variables =
        describeTask(awaitUserTask(instance, "Review renditions")).path("variables");

    assertThat(tags(variables.path("ladder"))).containsExactly("480p");
    assertThat(tags(variables.path("leftOutRungs"))).containsExactly("720p", "1080p");
    assertThat(variables.path("renditions").get(0).path("resolution").asText())
        .as("made at the source's size")
        .isEqualTo("640x360");
  }

  @Test
  void fitLadderThatIsNotABooleanStopsAtAnIncidentThatNamesIt() {
    long instance = start(PROCESS, Map.of("source", sample360p(), "fitLadder", "no"));

    var incident = instance(instance).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("FitToSource");
    assertThat(incident.getErrorMessage()).contains("fitLadder: must be true or false");
  }

  private static List<String> tags(JsonNode rungs) {
    return StreamSupport.stream(rungs.spliterator(), false)
        .map(
            rung ->
                rung.has("user_tag") ? rung.path("user_tag").asText() : rung.path("tag").asText())
        .toList();
  }

  /** A sandbox control in force until closed. */
  private interface Control extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * The sandbox fails the next jobs with a failure document 3 says to retry, until the returned
   * control closes.
   */
  private Control failNextJobs(int times) {
    return control(
        "/sandbox/transcoding/control",
        Map.of(
            "failNextJob",
            Map.of("message", "An error occurred while processing the video.", "times", times)));
  }

  /**
   * Sets a sandbox test control by a POST to {@code path}; closing it DELETEs {@code path}, which
   * clears it.
   */
  private Control control(String path, Map<String, Object> body) {
    var control = post(path, body);
    assertThat(control.statusCode()).as(control.body()).isEqualTo(200);
    return () -> send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).DELETE().build());
  }
}
