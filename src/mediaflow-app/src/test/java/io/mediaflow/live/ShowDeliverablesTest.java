package io.mediaflow.live;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.mediaflow.MediaflowTest;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * go-live and live-to-vod end normally only with what was asked, proven as the producer would prove
 * it: the playback URL handed out plays (the test fetches it with its token), and the recordings
 * cover the time on air (the test downloads them and adds up ffprobe's durations). Each of the
 * sandbox's variations where the show's deliverable can go missing (docs/sandbox.md) either still
 * ends with all of it, or stops at a task that names what is missing; never a normal end with less.
 */
class ShowDeliverablesTest extends MediaflowTest {

  /** The tolerance of the recordings check per live period (go-live's FindRecordings). */
  private static final double TOLERANCE_SECONDS = 2.0;

  private static final DateTimeFormatter SERVICE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  static {
    SECRETS.put("DVR_SECRET_KEY", GoLiveProcessTest.SECRET_KEY);
  }

  @BeforeEach
  void deploy() {
    camunda
        .newDeployResourceCommand()
        .addProcessModel(startProcess(), "show-deliverables-start.bpmn")
        .send()
        .join();
  }

  /**
   * Everything goes well: the checks raise nothing, fetch the playback playlist once, and read each
   * recording file once (one ranged GET), listing the destination no more often than before.
   */
  @Test
  void aShowThatWentWellEndsWithItsDeliverablesProvenAtOneRequestEach(@TempDir Path folder)
      throws Exception {
    String recordingFolder = "shows/" + UUID.randomUUID();
    try (var media = new RealMedia()) {
      var variables = show("proven");
      variables.put("playbackPolicy", "authenticated");
      variables.put("dvr", dvr(recordingFolder, List.of("mp4", "hls"), 4));
      long key = start("go-live", variables);
      UserTask startEncoder = awaitUserTask(key, "Start your encoder");
      JsonNode shown = describeTask(startEncoder).path("variables");
      String streamId = shown.path("streamId").asText();
      JsonNode beforeLive = stats();
      media.push(shown.path("ingestUrl").asText() + "/" + shown.path("streamKey").asText(), 60);
      completeUserTask(startEncoder, Map.of());

      UserTask endBroadcast = awaitUserTask(key, "End the broadcast");
      assertThat(
              count(stats(), "live-playback", "playlist.m3u8")
                  - count(beforeLive, "live-playback", "playlist.m3u8"))
          .as("the playback check fetched the playlist once")
          .isEqualTo(1);
      JsonNode handedOut = instance(key).variable("playbackUrls").orElseThrow();
      assertThat(handedOut).hasSize(1);
      assertPlays(handedOut.get(0).path("url").asText());
      // Two 4 s files of each format: a show longer than the check's tolerance.
      await(
          "the first two DVR files",
          () -> Optional.of(recordings(streamId)).filter(files -> files.size() >= 4));
      JsonNode beforeEnd = stats();
      completeUserTask(endBroadcast, Map.of());

      assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("BroadcastEnded", 1);
      JsonNode afterEnd = stats();
      assertThat(instance(key).incidentsRaised()).isEmpty();
      assertThat(instance(key).variable("outcome").orElseThrow().asText())
          .isEqualTo("broadcast-ended");
      JsonNode locations = instance(key).variable("dvrRecordings").orElseThrow();
      assertThat(locations)
          .hasSize(2)
          .allSatisfy(l -> assertThat(l.path("covered").asBoolean()).isTrue());
      int files = locations.findValues("files").stream().mapToInt(JsonNode::size).sum();
      assertThat(
              count(afterEnd, "/sandbox/dvr/{bucket}/**")
                  - count(beforeEnd, "/sandbox/dvr/{bucket}/**"))
          .as("one ranged read per recording file")
          .isEqualTo(files);
      assertThat(
              count(afterEnd, "/sandbox/dvr/{bucket}") - count(beforeEnd, "/sandbox/dvr/{bucket}"))
          .as("one listing, as before the check")
          .isEqualTo(1);
      assertRecordingsCoverTheShow(media, folder, key, streamId);
    }
  }

  /**
   * Variation late-recording-files: the file open when the show stopped reaches the storage a while
   * after the stream reads stopped. The check lists again until it is there; listing once would
   * have ended with the end of the show missing.
   */
  @Test
  void aRecordingFileThatArrivesLateIsWaitedForAndTheShowEndsWithAllOfIt(@TempDir Path folder)
      throws Exception {
    variations("late-recording-files");
    try (var media = new RealMedia()) {
      var variables = show("late file");
      variables.put("dvr", dvr("shows/" + UUID.randomUUID(), List.of("mp4"), 8));
      long key = start("go-live", variables);
      UserTask startEncoder = awaitUserTask(key, "Start your encoder");
      JsonNode shown = describeTask(startEncoder).path("variables");
      String streamId = shown.path("streamId").asText();
      media.push(shown.path("ingestUrl").asText() + "/" + shown.path("streamKey").asText(), 60);
      completeUserTask(startEncoder, Map.of());
      UserTask endBroadcast = awaitUserTask(key, "End the broadcast");
      await(
          "the first 8 s file", () -> Optional.of(recordings(streamId)).filter(f -> !f.isEmpty()));
      // How long the show lasts is what this test is about: the file open at the stop holds these
      // seconds, more than the check's tolerance.
      letTimePass(Duration.ofSeconds(6));
      completeUserTask(endBroadcast, Map.of());

      assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("BroadcastEnded", 1);
      assertThat(instance(key).jobFailures("FindRecordings"))
          .as("the check waited for the late file")
          .anySatisfy(failure -> assertThat(failure).startsWith("Waiting: "));
      assertThat(instance(key).incidentsRaised()).isEmpty();
      JsonNode listed = instance(key).variable("dvrRecordings").orElseThrow().get(0).path("files");
      assertThat(listed).hasSize(2);
      assertRecordingsCoverTheShow(media, folder, key, streamId);
    }
  }

  /**
   * Variation recording-gap, through live-to-vod: the stream's second file never reaches the
   * storage. go-live waits as long as a transfer may take, then asks the producer, naming what is
   * missing and what was found; going on with it, live-to-vod publishes nothing.
   */
  @Test
  void aRecordingThatNeverArrivesIsATaskNamingItAndNothingIsPublished() throws Exception {
    variations("recording-gap");
    try (var media = new RealMedia()) {
      var variables = new LinkedHashMap<String, Object>(show("gap"));
      variables.put(
          "dvr",
          Map.of(
              "max_file_duration",
              6,
              "destination",
              Map.of(
                  "url",
                  "s3://live-recordings/vod-" + UUID.randomUUID(),
                  "access_key",
                  GoLiveProcessTest.ACCESS_KEY,
                  "secret_key",
                  "{{secrets.DVR_SECRET_KEY}}")));
      variables.put("publishBucket", bucketName());
      variables.put("recordingTransferTime", "PT1S");
      long key = start("live-to-vod", variables);
      long show = calledInstance(key, "go-live");
      UserTask startEncoder = awaitUserTask(show, "Start your encoder");
      JsonNode shown = describeTask(startEncoder).path("variables");
      String streamId = shown.path("streamId").asText();
      media.push(shown.path("ingestUrl").asText() + "/" + shown.path("streamKey").asText(), 60);
      completeUserTask(startEncoder, Map.of());
      UserTask endBroadcast = awaitUserTask(show, "End the broadcast");
      // Files 1 and 3 are stored (the sandbox never stores the second): 18 s pushed.
      await("the third file", () -> Optional.of(recordings(streamId)).filter(f -> f.size() >= 2));
      completeUserTask(endBroadcast, Map.of());

      UserTask incomplete = awaitUserTask(show, "The recordings are incomplete");
      JsonNode task = describeTask(incomplete);
      assertThat(task.path("formId").asText()).isEqualTo("recordings-incomplete");
      String message = task.at("/variables/errorMessage").asText();
      assertThat(message)
          .contains("Live stream " + streamId + " was on air", "missing", "recording-0001.mp4")
          .contains("recording-0003.mp4")
          .doesNotContain("recording-0002.mp4");
      JsonNode missing = task.at("/variables/errorDetails/incomplete/0");
      assertThat(missing.path("missingSeconds").asDouble()).isGreaterThan(TOLERANCE_SECONDS);
      assertThat(missing.path("files").findValuesAsText("url"))
          .hasSizeGreaterThanOrEqualTo(2)
          .noneMatch(url -> url.endsWith("recording-0002.mp4"));
      completeUserTask(incomplete, Map.of("recordingsDecision", "go-on"));

      assertThatProcessInstance(byKey(show))
          .isCompleted()
          .hasCompletedElement("RecordingIncompleteEnd", 1)
          .hasCompletedElement("BroadcastEnded", 0);
      assertThatProcessInstance(byKey(key))
          .isCompleted()
          .hasCompletedElement("NothingRecorded", 1)
          .hasCompletedElement("TranscodeAndReview", 0);
      assertThat(instance(key).variable("outcome").orElseThrow().asText())
          .isEqualTo("recording-incomplete");
    }
  }

  /**
   * Variation playback-not-ready: the playlist answers 404 for a while after the stream reads live.
   * The check fetches it again until it plays; only then is the show on air, with URLs that play.
   */
  @Test
  void aPlaybackThatIsNotReadyAtOnceIsFetchedAgainUntilItPlays() {
    variations("playback-not-ready");
    long key = start("go-live", show("not ready"));
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();
    completeUserTask(startEncoder, Map.of());
    ingest(streamId, "start");

    UserTask endBroadcast = awaitUserTask(key, "End the broadcast");
    assertThat(instance(key).jobFailures("CheckPlayback"))
        .isNotEmpty()
        .allSatisfy(failure -> assertThat(failure).contains("answered HTTP 404"));
    assertPlays(instance(key).variable("playbackUrls").orElseThrow().get(0).path("url").asText());
    completeUserTask(endBroadcast, Map.of());

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("BroadcastEnded", 1);
    assertThat(instance(key).incidentsRaised()).isEmpty();
  }

  /**
   * Variation playback-not-ready, past the check's limit: the producer is asked, shown the URL and
   * what it answered, and checks again once it plays.
   */
  @Test
  void aPlaybackThatDoesNotPlayInTimeAsksTheProducerWhoChecksAgain() {
    variations("playback-not-ready");
    var variables = show("not playing");
    variables.put("playbackCheckTimeout", "PT0.2S");
    long key = start("go-live", variables);
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();
    completeUserTask(startEncoder, Map.of());
    ingest(streamId, "start");

    UserTask notPlaying = awaitUserTask(key, "Playback does not play");
    JsonNode task = describeTask(notPlaying);
    assertThat(task.path("formId").asText()).isEqualTo("playback-does-not-play");
    JsonNode failure = task.at("/variables/errorDetails/urls/0");
    String url = failure.path("url").asText();
    assertThat(url).endsWith("/playlist.m3u8");
    assertThat(failure.path("got").asText()).startsWith("HTTP 404");
    assertThat(failure.path("advice").asText()).contains("output has not begun");
    assertThatProcessInstance(byKey(key)).hasActiveElements("PlaybackDoesNotPlay");
    await("the playlist", () -> Optional.of(url).filter(u -> status(u) == 200));
    completeUserTask(notPlaying, Map.of("playbackDecision", "check-again"));

    UserTask endBroadcast = awaitUserTask(key, "End the broadcast");
    completeUserTask(endBroadcast, Map.of());
    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("BroadcastEnded", 1);
    assertThat(instance(key).variable("outcome").orElseThrow().asText())
        .isEqualTo("broadcast-ended");
  }

  /**
   * Variation repeated-start-refused, after a lost answer: the start took effect, its answer was
   * lost, and the repeat is refused (409) as the stream is already started. The stream is looked up
   * and found started, so it is tracked; no incident.
   */
  @Test
  void aRepeatedStartRefusedAfterALostAnswerIsLookedUpAndFoundStarted() {
    variations("repeated-start-refused");
    String name = "refused start " + UUID.randomUUID();
    long key = start("show-deliverables-start", Map.of("name", name));
    String streamId =
        await("the stream", () -> instance(key).variable("created")).path("id").asText();
    var lost =
        post(
            "/sandbox/faults/lost-answers",
            Map.of(
                "method",
                "POST",
                "path",
                "/sandbox/live/v1/live-streams/" + streamId + "/start",
                "times",
                1));
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(200);
    var go =
        post(
            "/v2/messages/publication",
            Map.of(
                "name",
                "show-deliverables-start-it",
                "correlationKey",
                name,
                "timeToLive",
                600000));
    assertThat(go.statusCode()).as(go.body()).isEqualTo(200);

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("WaitForTranscoder", 1);
    assertThat(instance(key).jobFailures("Start"))
        .as("the lost answer, then the refused repeat looked up")
        .hasSize(1);
    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(instance(key).variable("started").orElseThrow().at("/status/name").asText())
        .isIn("starting", "waiting");
  }

  /**
   * Variation slow-stop: the stream stays stopping past stopTimeout. The producer is asked, told
   * the status, and gives up: the outcome says the stream did not stop, not that the show ended
   * well.
   */
  @Test
  void aStreamThatDoesNotStopInTimeAsksTheProducer() {
    variations("slow-stop");
    var variables = show("slow stop");
    variables.put("stopTimeout", "PT1S");
    long key = start("go-live", variables);
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();
    completeUserTask(startEncoder, Map.of());
    ingest(streamId, "start");
    completeUserTask(awaitUserTask(key, "End the broadcast"), Map.of());

    UserTask notStopped = awaitUserTask(key, "The stream does not stop");
    JsonNode task = describeTask(notStopped);
    assertThat(task.path("formId").asText()).isEqualTo("stream-not-stopped");
    assertThat(task.at("/variables/errorMessage").asText()).contains("status stopping", "PT1S");
    completeUserTask(notStopped, Map.of("stopDecision", "give-up"));

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("StreamNotStoppedEnd", 1)
        .hasCompletedElement("FindRecordings", 0);
    assertThat(instance(key).variable("outcome").orElseThrow().asText())
        .isEqualTo("stream-not-stopped");
  }

  /**
   * The recordings the process handed out are the sandbox's, each downloaded by its presigned URL;
   * ffprobe's durations of the MP4 files add up to the time on air the service's status timestamps
   * give, within the check's tolerance per live period.
   */
  private void assertRecordingsCoverTheShow(RealMedia media, Path folder, long key, String streamId)
      throws Exception {
    JsonNode onAir = instance(key).variable("onAir").orElseThrow();
    double onAirSeconds = 0;
    for (JsonNode period : onAir) {
      onAirSeconds +=
          Duration.between(
                  LocalDateTime.parse(period.path("from").asText(), SERVICE_TIME),
                  LocalDateTime.parse(period.path("to").asText(), SERVICE_TIME))
              .toSeconds();
    }
    assertThat(onAirSeconds).as("the show was on air").isGreaterThan(TOLERANCE_SECONDS);
    List<String> written = new ArrayList<>();
    recordings(streamId)
        .forEach(
            r -> {
              if (r.path("format").asText().equals("mp4")) {
                written.add(r.path("location").asText());
              }
            });
    double probed = 0;
    List<String> handedOut = new ArrayList<>();
    for (JsonNode location : instance(key).variable("dvrRecordings").orElseThrow()) {
      if (!location.path("format").asText().equals("mp4")) {
        continue;
      }
      for (JsonNode file : location.path("files")) {
        handedOut.add(file.path("url").asText());
        Path downloaded =
            Files.write(
                folder.resolve("recording-" + handedOut.size() + ".mp4"),
                fetch(file.path("downloadUrl").asText()));
        double seconds = media.duration(downloaded);
        assertThat(file.path("duration").asDouble())
            .as("the check's reading of %s", file.path("url").asText())
            .isCloseTo(seconds, org.assertj.core.api.Assertions.offset(0.2));
        probed += seconds;
      }
    }
    assertThat(handedOut).as("every file the recording wrote").containsExactlyElementsOf(written);
    assertThat(probed)
        .as("ffprobe's durations of the recordings against %s s on air", onAirSeconds)
        .isGreaterThanOrEqualTo(onAirSeconds - TOLERANCE_SECONDS * onAir.size());
  }

  /** The playlist at {@code url} (with its token, when it carries one) answers a playlist. */
  private void assertPlays(String url) {
    HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(url)).GET().build());
    assertThat(answer.statusCode()).as(url).isEqualTo(200);
    assertThat(answer.body()).startsWith("#EXTM3U");
  }

  private int status(String url) {
    return send(HttpRequest.newBuilder(URI.create(url)).GET().build()).statusCode();
  }

  private byte[] fetch(String url) throws Exception {
    HttpResponse<byte[]> response =
        http.send(
            HttpRequest.newBuilder(URI.create(url)).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertThat(response.statusCode()).as(url).isEqualTo(200);
    return response.body();
  }

  private JsonNode stats() {
    return json(get("/sandbox/stats")).path("requests");
  }

  /** Requests counted at the endpoints (GET) whose pattern holds every one of {@code parts}. */
  private static long count(JsonNode stats, String... parts) {
    long count = 0;
    var names = stats.fieldNames();
    while (names.hasNext()) {
      String endpoint = names.next();
      boolean all = endpoint.startsWith("GET ");
      for (String part : parts) {
        all &= part.startsWith("/") ? endpoint.equals("GET " + part) : endpoint.contains(part);
      }
      if (all) {
        count += stats.path(endpoint).asLong();
      }
    }
    return count;
  }

  /** What the sandbox's DVR has stored so far for the stream. */
  private JsonNode recordings(String streamId) {
    return json(get("/sandbox/live-streams/" + streamId + "/recordings")).path("recordings");
  }

  private void ingest(String streamId, String action) {
    var response = post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", action));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private static Map<String, Object> dvr(String folder, List<String> formats, int maxFileDuration) {
    return Map.of(
        "enabled",
        1,
        "format",
        formats,
        "max_file_duration",
        maxFileDuration,
        "destination",
        Map.of(
            "url",
            "s3://live-recordings/" + folder,
            "access_key",
            GoLiveProcessTest.ACCESS_KEY,
            "secret_key",
            "{{secrets.DVR_SECRET_KEY}}"));
  }

  private static Map<String, Object> show(String name) {
    var variables = new LinkedHashMap<String, Object>();
    variables.put("streamName", name + " " + UUID.randomUUID());
    variables.put("streamTimeout", GoLiveProcessTest.PATIENT_STREAM_TIMEOUT);
    return variables;
  }

  /**
   * create, a message for which the test prepares the start, start, wait until the transcoder is
   * ready.
   */
  private static BpmnModelInstance startProcess() {
    return Bpmn.createExecutableProcess("show-deliverables-start")
        .startEvent()
        .serviceTask(
            "Create",
            task ->
                task.zeebeJobType("mediaflow.live.create_stream")
                    .zeebeInputExpression("name", "name")
                    .zeebeInputExpression("3000", "streamTimeout")
                    .zeebeTaskHeader("resultVariable", "created"))
        .intermediateCatchEvent("StartIt")
        .message(m -> m.name("show-deliverables-start-it").zeebeCorrelationKeyExpression("name"))
        .serviceTask(
            "Start",
            task ->
                task.zeebeJobType("mediaflow.live.start_stream")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeTaskHeader("resultVariable", "started"))
        .serviceTask(
            "WaitForTranscoder",
            task ->
                task.zeebeJobType("mediaflow.live.wait_for_status")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("[\"waiting\"]", "states"))
        .endEvent()
        .done();
  }
}
