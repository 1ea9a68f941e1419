package io.mediaflow.transcoding;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.MediaflowTest;
import io.mediaflow.api.ApiJson;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code transcode-with-approval} ends normally only on renditions that are there and are what was
 * asked: for each of the sandbox's variations about a transcoding deliverable (docs/sandbox.md),
 * switched on alone through {@code PUT /sandbox/variations} (and the sandbox's own variations
 * restored after), the instance either completes with renditions this test proves itself (the
 * playlists fetched over HTTP, every variant probed with ffprobe) or stops at an incident or an
 * editor's task that names what is missing.
 */
class TranscodeWithApprovalProofTest extends MediaflowTest {

  private static final String PROCESS = "transcode-with-approval";

  /** The endpoint the sandbox counts a download of a job's output under. */
  private static final String DOWNLOADS = "GET /sandbox/transcoding/downloads/{taskToken}/**";

  @AfterEach
  void noControl() {
    send(
        HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/transcoding/control"))
            .DELETE()
            .build());
    callbacks("normal");
  }

  /** How the sandbox delivers its callbacks: {@code normal}, or {@code drop} them all. */
  private void callbacks(String mode) {
    var answer = post("/sandbox/callbacks/faults", Map.of("mode", mode));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
  }

  /**
   * Nothing wrong: the check proves what the test proves, adds no incident, and reads one file per
   * deliverable (the master playlist, each rendition's playlist, the thumbnail).
   */
  @Test
  void theRenditionsTheCheckProvedAreWhatTheTestFindsAndTheCheckCostsOneRequestPerFile() {
    long downloadsBefore = downloads();
    long instance = start(PROCESS, Map.of("source", sample1080p()));

    UserTask review = awaitUserTask(instance, "Review renditions");

    // Read before the review: the metadata output once (Read the metadata output), then the check.
    long read = downloads() - downloadsBefore;
    assertThat(read)
        .as(
            "the metadata output, then the master playlist, four variant playlists and the thumbnail")
        .isEqualTo(1 + 1 + 4 + 1);
    JsonNode proof = instance(instance).variable("renditionsProof").orElseThrow();
    assertThat(texts(proof.path("renditions"), "resolution"))
        .containsExactly("1920x1080", "1280x720", "854x480", "640x360");
    proof
        .path("renditions")
        .forEach(
            rendition ->
                assertThat(rendition.path("duration").asDouble())
                    .isCloseTo(3.0, Offset.offset(0.5)));
    assertThat(proof.path("images").get(0).path("format").asText()).isEqualTo("jpeg");

    List<Probed> probed = proveRenditions(instance);
    assertThat(probed)
        .extracting(Probed::resolution)
        .containsExactly("1920x1080", "1280x720", "854x480", "640x360");
    assertThat(probed).allSatisfy(p -> assertThat(p.duration()).isCloseTo(3.0, Offset.offset(0.5)));

    completeUserTask(review, Map.of("approved", true));
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("CheckRenditions", 1)
        .hasCompletedElement("RenditionsApproved", 1);
    assertThat(instance(instance).incidentsRaised()).isEmpty();
  }

  /**
   * Variation {@code rendition-missing}: the job completes and lists its first rendition, whose
   * files are not there. The check names it and its URL to an editor, who retries; the second job
   * is whole, proved, reviewed and approved.
   */
  @Test
  void aRenditionThatIsNotThereGoesToAnEditorNamingItsUrlAndARetryDeliversIt() {
    variations("rendition-missing");
    long instance = startTwoRungs(sample1080p());

    UserTask decision = awaitUserTask(instance, "Decide on the failed job");

    JsonNode variables = describeTask(decision).path("variables");
    assertThat(variables.path("errorCode").asText()).isEqualTo("RENDITIONS_NOT_DELIVERED");
    String master =
        instance(instance).variable("renditions").orElseThrow().get(0).path("url").asText();
    String missing = master.substring(0, master.lastIndexOf('/') + 1) + "video_1/chunklist.m3u8";
    assertThat(variables.path("errorMessage").asText())
        .contains(
            "360p (" + missing + "): its media playlist answered HTTP 404", "check again later")
        .doesNotContain("240p (");
    assertThat(status(missing)).as("the test finds it missing too").isEqualTo(404);
    assertThatProcessInstance(byKey(instance)).hasCompletedElement("ReviewRenditions", 0);

    variationsAsBefore();
    completeUserTask(decision, Map.of("decision", "retry"));

    UserTask review = awaitUserTask(instance, "Review renditions");
    assertThat(proveRenditions(instance))
        .extracting(Probed::resolution)
        .containsExactly("640x360", "426x240");
    completeUserTask(review, Map.of("approved", true));
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("NotDelivered", 1)
        .hasCompletedElement("CreateTask", 2)
        .hasCompletedElement("RenditionsApproved", 1);
  }

  /**
   * Variation {@code taller-rungs-at-source-size}: a 720p rung of a 640x360 source is made at the
   * source's size and listed as 720p. The check reads 640x360 in the master playlist and says so;
   * the editor gives up, and the instance ends abandoned, never approved.
   */
  @Test
  void aRungMadeAtTheSourcesSizeGoesToAnEditorNamingTheSizeItHas() {
    variations("taller-rungs-at-source-size");
    long instance =
        start(
            PROCESS,
            Map.of(
                "source",
                sample360p(),
                "fitLadder",
                false,
                "ladder",
                List.of(
                    Map.of("resolution", 720, "bitrate", 1400, "user_tag", "720p"),
                    Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p"))));

    UserTask decision = awaitUserTask(instance, "Decide on the failed job");

    assertThat(describeTask(decision).path("variables").path("errorMessage").asText())
        .contains("720p (", "a picture of 640x360", "expected 720 on the shorter side")
        .doesNotContain("360p (");
    assertThat(proveRenditions(instance))
        .as("the test reads the same size in the 720p variant")
        .extracting(Probed::resolution)
        .containsExactly("640x360", "640x360");

    completeUserTask(decision, Map.of("decision", "give-up"));
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("TranscodingAbandoned", 1)
        .hasCompletedElement("RenditionsApproved", 0);
  }

  /**
   * Variation {@code refused-start-spends-token} with a service that lists no job for the task
   * (error 21): the start refused as busy spent the token, its repeat is refused as already used,
   * and nothing is found for the task: an incident names the task instead of an instance checking a
   * job that never existed.
   */
  @Test
  void aStartRefusedAsBusyThatSpentItsTokenIsAnIncidentNamingTheTask() {
    variations("refused-start-spends-token", "unstarted-task-is-error-21");
    failNextStart();
    long instance = startTwoRungs(sample1080p());

    var incident = instance(instance).awaitIncident();

    String task =
        instance(instance).variable("transcodingTask").orElseThrow().path("task_token").asText();
    assertThat(incident.getElementId()).isEqualTo("StartJob");
    assertThat(incident.getErrorMessage())
        .contains("Task " + task, "already used", "no job is known", "[NO_JOB_FOR_TASK]");
    assertThatProcessInstance(byKey(instance))
        .hasCompletedElement("StartJob", 0)
        .hasCompletedElement("CheckJob", 0);
  }

  /**
   * Variation {@code refused-start-spends-token} alone: the task without a job reads {@code
   * created}, a word outside document 3's states that could be a job's, so it is tracked; its
   * deadline passes and an editor is asked, who sees the word, retries on a new task and gets
   * renditions the test proves.
   */
  @Test
  void aStartRefusedAsBusyThatSpentItsTokenIsNotWaitedForPastItsDeadline() {
    variations("refused-start-spends-token");
    failNextStart();
    long instance = start360pWithin("PT2S");

    UserTask decision = awaitUserTask(instance, "Decide on the failed job");

    JsonNode variables = describeTask(decision).path("variables");
    String task =
        instance(instance).variable("transcodingJob").orElseThrow().path("task_token").asText();
    assertThat(variables.path("errorCode").asText()).isEqualTo("JOB_OVERDUE");
    assertThat(variables.path("errorMessage").asText())
        .contains("The job of task " + task + " has not finished by its deadline")
        .containsAnyOf("the last check saw it created", "no check has seen it yet");
    assertThatProcessInstance(byKey(instance)).hasCompletedElement("DeadlinePassed", 1);

    completeUserTask(decision, Map.of("decision", "retry", "jobTimeout", "PT1H"));

    UserTask review = awaitUserTask(instance, "Review renditions");
    assertThat(proveRenditions(instance)).extracting(Probed::resolution).containsExactly("640x360");
    completeUserTask(review, Map.of("approved", true));
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("CreateTask", 2)
        .hasCompletedElement("RenditionsApproved", 1);
  }

  /**
   * A job past its deadline (here at once: {@code jobTimeout} PT0S) asks an editor, who chooses to
   * wait longer: the wait goes on with the same job, which ends reviewed and approved. Its callback
   * is lost, so that the job is not known finished before the deadline: a short encode's callback
   * could otherwise be waiting for the process when it reaches the wait, and rightly win over the
   * deadline; the check after the editor's choice finds the job finished.
   */
  @Test
  void aJobPastItsDeadlineAsksAnEditorWhoMayWaitLongerForTheSameJob() {
    callbacks("drop");
    long instance = start360pWithin("PT0S");

    UserTask decision = awaitUserTask(instance, "Decide on the failed job");
    assertThat(describeTask(decision).path("variables").path("errorCode").asText())
        .isEqualTo("JOB_OVERDUE");
    String job =
        instance(instance).variable("transcodingJob").orElseThrow().path("task_token").asText();

    completeUserTask(decision, Map.of("decision", "wait", "waitLonger", "PT1H"));

    UserTask review = awaitUserTask(instance, "Review renditions");
    assertThat(
            instance(instance).variable("transcodingJob").orElseThrow().path("task_token").asText())
        .as("the same job")
        .isEqualTo(job);
    assertThat(proveRenditions(instance)).extracting(Probed::resolution).containsExactly("640x360");
    completeUserTask(review, Map.of("approved", true));
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("ExtendDeadline", 1)
        .hasCompletedElement("CreateTask", 1)
        .hasCompletedElement("RenditionsApproved", 1);
    assertThat(instance(instance).incidentsRaised()).isEmpty();
  }

  // ---- what the test proves itself

  /** One variant as ffprobe reads it through the master playlist's URI. */
  private record Probed(String url, String resolution, double duration) {}

  /**
   * Each variant of the instance's HLS output, read as a player reads it: the master playlist
   * fetched over HTTP, each variant playlist it names probed with ffprobe, in the master's order.
   */
  private List<Probed> proveRenditions(long instance) {
    String master =
        instance(instance).variable("renditions").orElseThrow().get(0).path("url").asText();
    var answer = send(HttpRequest.newBuilder(URI.create(master)).GET().build());
    assertThat(answer.statusCode()).as(master).isEqualTo(200);
    var probed = new ArrayList<Probed>();
    for (String line : answer.body().split("\\R")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String variant = URI.create(master).resolve(line.strip()).toString();
      JsonNode report = ffprobe(variant);
      JsonNode video = null;
      for (JsonNode stream : report.path("streams")) {
        if ("video".equals(stream.path("codec_type").asText())) {
          video = stream;
        }
      }
      assertThat(video).as("a video stream in " + variant).isNotNull();
      probed.add(
          new Probed(
              variant,
              video.path("width").asInt() + "x" + video.path("height").asInt(),
              report.at("/format/duration").asDouble()));
    }
    return probed;
  }

  private static JsonNode ffprobe(String url) {
    try {
      Process process =
          FfmpegPrograms.process(
                  FfmpegPrograms.ffprobe(
                      "-v",
                      "error",
                      "-show_entries",
                      "format=duration:stream=codec_type,width,height",
                      "-of",
                      "json",
                      url))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      JsonNode report = ApiJson.MAPPER.readTree(process.getInputStream());
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("ffprobe did not end within 60 s: " + url);
      }
      assertThat(process.exitValue()).as("ffprobe " + url).isZero();
      return report;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private int status(String url) {
    return send(HttpRequest.newBuilder(URI.create(url)).GET().build()).statusCode();
  }

  // ---- the sandbox

  private long startTwoRungs(String source) {
    return start(
        PROCESS,
        Map.of(
            "source",
            source,
            "fitLadder",
            false,
            "ladder",
            List.of(
                Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p"),
                Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
  }

  private void failNextStart() {
    var control =
        post(
            "/sandbox/transcoding/control",
            Map.of(
                "failNext",
                Map.of("endpoint", "start_encode2", "error", 8, "retryAfter", 1, "times", 1)));
    assertThat(control.statusCode()).as(control.body()).isEqualTo(200);
  }

  /** Downloads of jobs' outputs the sandbox has served so far. */
  private long downloads() {
    return json(get("/sandbox/stats")).path("requests").path(DOWNLOADS).asLong();
  }

  private static List<String> texts(JsonNode items, String field) {
    var texts = new ArrayList<String>();
    items.forEach(item -> texts.add(item.path(field).asText()));
    return texts;
  }

  /** The 1080p sample to a single 360p rendition, the job allowed {@code jobTimeout}. */
  private long start360pWithin(String jobTimeout) {
    return start(
        PROCESS,
        Map.of(
            "source",
            sample1080p(),
            "fitLadder",
            false,
            "jobTimeout",
            jobTimeout,
            "ladder",
            List.of(Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p"))));
  }

  private static String sample1080p() {
    return baseUrl() + "/sandbox/samples/bars-1080p.mp4";
  }

  /** bars.mp4: 640x360, 4 s. */
  private static String sample360p() {
    return baseUrl() + "/sandbox/samples/bars.mp4";
  }
}
