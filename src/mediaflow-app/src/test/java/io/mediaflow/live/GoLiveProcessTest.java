package io.mediaflow.live;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import io.mediaflow.MediaflowTest;
import io.mediaflow.api.internal.Secrets;
import io.mediaflow.delivery.CreateDomain;
import io.mediaflow.delivery.DeleteDomain;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.Domain;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** The go-live process on the in-memory engine, with the live streaming sandbox over real HTTP. */
class GoLiveProcessTest extends MediaflowTest {

  static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
  static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
  static final String YOUTUBE_KEY = "youtube-target-key-1234";
  static final String FACEBOOK_KEY = "facebook-target-key-5678";

  /**
   * Sandbox time runs at 0.01: 3000 nominal seconds are 30 s, so a stream never times out during a
   * test.
   */
  static final int PATIENT_STREAM_TIMEOUT = 3000;

  @Autowired LiveClient client;
  @Autowired DeliveryClient delivery;

  static {
    SECRETS.put("DVR_ACCESS_KEY", ACCESS_KEY);
    SECRETS.put("DVR_SECRET_KEY", SECRET_KEY);
    SECRETS.put("YOUTUBE_STREAM_KEY", YOUTUBE_KEY);
    SECRETS.put("FACEBOOK_STREAM_KEY", FACEBOOK_KEY);
  }

  @Test
  @ExtendWith(OutputCaptureExtension.class)
  void theWholeShowWithDvrAndTwoSimulcastTargets(CapturedOutput log) throws Exception {
    String folder = "shows/" + UUID.randomUUID();
    try (var callbacks = new MockWebServer()) {
      callbacks.start();
      var variables = show("evening news");
      // The credentials by reference, as the README shows: the worker reads them from its secret
      // provider.
      variables.put(
          "dvr",
          Map.of(
              "enabled",
              1,
              "format",
              List.of("mp4", "hls"),
              "max_file_duration",
              10,
              "destination",
              Map.of(
                  "url",
                  "s3://live-recordings/" + folder,
                  "access_key",
                  "{{secrets.DVR_ACCESS_KEY}}",
                  "secret_key",
                  "{{secrets.DVR_SECRET_KEY}}")));
      variables.put(
          "simulcastTargets",
          List.of(
              Map.of(
                  "url",
                  "rtmp://a.rtmp.youtube.com/live2",
                  "streamKey",
                  "{{secrets.YOUTUBE_STREAM_KEY}}"),
              Map.of(
                  "url",
                  "rtmps://live-api-s.facebook.com:443/rtmp/",
                  "streamKey",
                  "{{secrets.FACEBOOK_STREAM_KEY}}")));
      variables.put("playbackPolicy", "authenticated");
      variables.put("callbackUrl", callbacks.url("/live-status").toString());
      long key = start("go-live", variables);

      UserTask startEncoder = awaitUserTask(key, "Start your encoder");
      JsonNode task = describeTask(startEncoder);
      assertThat(task.path("formId").asText()).isEqualTo("start-your-encoder");
      JsonNode shown = task.path("variables");
      String streamId = shown.path("streamId").asText();
      assertThat(shown.path("ingestUrl").asText()).startsWith("rtmp://");
      assertThat(shown.path("streamKey").asText())
          .isEqualTo(client.getStream(new GetStream(streamId)).streamKey());
      assertThat(shown.at("/liveStream/status/name").asText()).isEqualTo("waiting");
      assertThat(shown.at("/liveStream/simulcast_targets"))
          .hasSize(2)
          .allSatisfy(
              target -> assertThat(target.path("stream_key").asText()).isEqualTo(Secrets.MASK));
      Stream atTheService = client.getStream(new GetStream(streamId));
      assertThat(atTheService.params().dvr().destination().getFirst().accessKey())
          .as("resolved for the call")
          .isEqualTo(ACCESS_KEY);
      assertThat(atTheService.simulcastTargets())
          .extracting(SimulcastTarget::streamKey)
          .containsExactly(YOUTUBE_KEY, FACEBOOK_KEY);
      assertThat(shown.at("/liveStream/playback_ids"))
          .singleElement()
          .satisfies(id -> assertThat(id.path("policy").asText()).isEqualTo("authenticated"));
      completeUserTask(startEncoder, Map.of());

      ingest(streamId, "start");
      UserTask endBroadcast = awaitEndTheBroadcast(key, Set.of());
      assertThat(describeTask(endBroadcast).at("/variables/liveStream/status/name").asText())
          .isEqualTo("live");
      // Authenticated playback: the producer is shown signed URLs, which play; the bare playback
      // URL does not.
      JsonNode signed = variable(key, "signedPlaybackUrls").get(0);
      assertThat(signed.path("url").asText()).contains("/playlist.m3u8?auth=");
      assertThat(statusOf(signed.path("playbackUrl").asText()))
          .as("without a token")
          .isEqualTo(403);
      try (var media = new RealMedia()) {
        assertThat(media.probe(signed.path("url").asText()).findValuesAsText("codec_type"))
            .as("ffprobe plays it")
            .contains("video");
      }
      letTimePass(Duration.ofMillis(300)); // 30 s of nominal live time: three 10 s recording files
      completeUserTask(endBroadcast, Map.of());

      assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("BroadcastEnded", 1);
      assertThat(variable(key, "outcome").asText()).isEqualTo("broadcast-ended");
      assertThat(variable(key, "liveStream").at("/status/name").asText()).isEqualTo("stopped");
      JsonNode playback = variable(key, "playbackUrls");
      assertThat(playback)
          .singleElement()
          .satisfies(
              url -> {
                assertThat(url.path("policy").asText()).isEqualTo("authenticated");
                assertThat(url.path("url").asText()).contains("/playlist.m3u8?auth=");
              });
      String recordingFolder = "s3://live-recordings/" + folder + "/";
      JsonNode locations = variable(key, "dvrRecordings");
      assertThat(locations).hasSize(2);
      assertThat(locations.findValuesAsText("folder")).containsOnly(recordingFolder);
      assertThat(locations.findValuesAsText("format")).containsExactly("mp4", "hls");
      assertThat(locations.findValuesAsText("pattern"))
          .containsExactly("*" + streamId + "*.mp4", "*" + streamId + "*.m3u8");
      assertRecordingsMatch(streamId, locations);
      assertThat(client.getStream(new GetStream(streamId)).params().callbackUrl())
          .startsWith(callbacks.url("/live-status") + "?mediaflow_marker=mf-");
      List<String> reported = List.of("created", "waiting", "live", "stopped");
      assertThat(callbackStatuses(callbacks, reported)).containsAll(reported);
      assertNoSecretWasWritten(key, List.of(ACCESS_KEY, SECRET_KEY, YOUTUBE_KEY, FACEBOOK_KEY));
      assertThat(log.getAll()).doesNotContain(ACCESS_KEY, SECRET_KEY, YOUTUBE_KEY, FACEBOOK_KEY);
    }
  }

  /**
   * A real encoder: 20 s of a test pattern pushed over RTMP to the ingest URL and stream key the
   * producer is shown. The producer ends the broadcast while it is still pushing, once DVR has
   * finished its first 10 s file; what was pushed until then is in the DVR files and reached the
   * simulcast target, a local RTMP listener standing in for another platform.
   */
  @Test
  void aRealEncoderGoesLiveAndTheShowIsRecordedAndRelayed(@TempDir Path folder) throws Exception {
    String recordingFolder = "shows/" + UUID.randomUUID();
    int platformPort = freePort();
    try (var media = new RealMedia()) {
      Path relayed = folder.resolve("relayed.flv");
      Process platform =
          media.receive("rtmp://127.0.0.1:" + platformPort + "/live2/" + YOUTUBE_KEY, relayed);
      var variables = show("real encoder");
      variables.put(
          "dvr",
          Map.of(
              "enabled",
              1,
              "format",
              List.of("mp4", "hls"),
              "max_file_duration",
              10,
              "destination",
              Map.of(
                  "url",
                  "s3://live-recordings/" + recordingFolder,
                  "access_key",
                  ACCESS_KEY,
                  "secret_key",
                  SECRET_KEY)));
      variables.put(
          "simulcastTargets",
          List.of(
              Map.of(
                  "url", "rtmp://127.0.0.1:" + platformPort + "/live2", "streamKey", YOUTUBE_KEY)));
      long key = start("go-live", variables);

      UserTask startEncoder = awaitUserTask(key, "Start your encoder");
      JsonNode shown = describeTask(startEncoder).path("variables");
      RealMedia.Encoder encoder =
          media.push(shown.path("ingestUrl").asText() + "/" + shown.path("streamKey").asText(), 20);
      completeUserTask(startEncoder, Map.of());

      UserTask endBroadcast = awaitEndTheBroadcast(key, Set.of());
      JsonNode liveStream = describeTask(endBroadcast).at("/variables/liveStream");
      assertThat(liveStream.at("/status/name").asText()).isEqualTo("live");
      String playbackUrl = liveStream.at("/playback_ids/0/playback_url").asText();
      String playlist = new String(fetch(playbackUrl), StandardCharsets.UTF_8);
      assertThat(playlist).startsWith("#EXTM3U").doesNotContain("#EXT-X-ENDLIST");
      String segmentName =
          playlist.lines().filter(line -> line.endsWith(".ts")).findFirst().orElseThrow();
      Path segment =
          Files.write(
              folder.resolve("live.ts"), fetch(playbackUrl.replace("playlist.m3u8", segmentName)));
      assertThat(media.codecTypes(segment)).containsExactlyInAnyOrder("video", "audio");
      assertThat(media.decode(segment)).as("the live segment decodes").isZero();

      String streamId = shown.path("streamId").asText();
      await(
          "the first 10 s DVR file",
          () -> Optional.of(recordings(streamId)).filter(files -> !files.isEmpty()));
      completeUserTask(endBroadcast, Map.of());

      assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("BroadcastEnded", 1);
      assertThat(variable(key, "outcome").asText()).isEqualTo("broadcast-ended");
      assertThat(encoder.await(60))
          .as("the encoder was cut off when the stream stopped")
          .isNotZero();
      assertThat(RealMedia.await(platform, 30)).isZero();
      double relayedSeconds = media.duration(relayed);
      assertThat(media.codecTypes(relayed)).containsExactlyInAnyOrder("video", "audio");
      assertThat(relayedSeconds).isBetween(10.0, 20.0);

      JsonNode locations = variable(key, "dvrRecordings");
      assertRecordingsMatch(streamId, locations);
      double recordedSeconds = 0;
      int files = 0;
      // Downloaded by the presigned URLs the worker made from the storage's listing, as a
      // transcoding job would.
      for (JsonNode location : locations) {
        if (!location.path("format").asText().equals("mp4")) {
          continue;
        }
        for (JsonNode recording : location.path("files")) {
          Path file =
              Files.write(
                  folder.resolve("recording-" + ++files + ".mp4"),
                  fetch(recording.path("downloadUrl").asText()));
          assertThat(media.codecTypes(file)).containsExactlyInAnyOrder("video", "audio");
          assertThat(media.duration(file)).isLessThanOrEqualTo(10.5);
          recordedSeconds += media.duration(file);
        }
      }
      assertThat(files).as("10 s files of a push of more than 10 s").isGreaterThanOrEqualTo(2);
      assertThat(recordedSeconds)
          .as("the DVR files add up to what was pushed")
          .isCloseTo(relayedSeconds, offset(0.5));
    }
  }

  @Test
  void withoutInputTheServiceStopsTheStreamAndTheShowNeverWentLive() {
    long key = start("go-live", Map.of("streamName", "no encoder"));

    completeUserTask(awaitUserTask(key, "Start your encoder"), Map.of());

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("NeverWentLive", 1)
        .hasCompletedElement("StopStream", 0)
        // the service's status callbacks (to Mediaflow's receiver, the default) made the process
        // check at once
        .hasCompletedElements("StatusChanged");
    assertThat(variable(key, "outcome").asText()).isEqualTo("never-went-live");
    assertThat(variable(key, "liveStream").at("/status/name").asText()).isEqualTo("stopped");
  }

  @Test
  void atTheGoLiveDeadlineTheProcessStopsTheStream() {
    var variables = show("late encoder");
    variables.put("goLiveTimeout", "PT1S");
    long key = start("go-live", variables);

    completeUserTask(awaitUserTask(key, "Start your encoder"), Map.of());

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("NoInputInTime", 1)
        .hasCompletedElement("StopStream", 1)
        .hasCompletedElement("NeverWentLive", 1);
    assertThat(variable(key, "outcome").asText()).isEqualTo("never-went-live");
    assertThat(client.getStream(new GetStream(variable(key, "streamId").asText())).statusName())
        .isEqualTo("stopped");
  }

  @Test
  void aStreamThatDropsToIdleIsShownToTheProducerWhoWaitsForTheEncoder() {
    long key = start("go-live", show("shaky uplink"));
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();
    completeUserTask(startEncoder, Map.of());
    ingest(streamId, "start");
    UserTask firstEndBroadcast = awaitEndTheBroadcast(key, Set.of());

    ingest(streamId, "stop");

    UserTask dropped = awaitUserTask(key, "The stream dropped");
    JsonNode shown = describeTask(dropped);
    assertThat(shown.path("formId").asText()).isEqualTo("stream-dropped");
    assertThat(shown.at("/variables/liveStream/status/name").asText()).isEqualTo("idle");
    assertThat(shown.at("/variables/ingestUrl").asText()).startsWith("rtmp://");
    assertThatProcessInstance(byKey(key)).hasCompletedElement("DropSeen", 1);
    completeUserTask(dropped, Map.of("dropDecision", "wait"));
    ingest(streamId, "start");

    UserTask secondEndBroadcast = awaitEndTheBroadcast(key, Set.of(firstEndBroadcast.key()));
    completeUserTask(secondEndBroadcast, Map.of());

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("WaitForEncoder", 1)
        .hasCompletedElement("StopStream", 1)
        .hasCompletedElement("BroadcastEnded", 1);
    assertThat(variable(key, "outcome").asText()).isEqualTo("broadcast-ended");
    assertThat(variable(key, "dvrRecordings")).isEmpty();
    assertThat(variable(key, "playbackUrls"))
        .singleElement()
        .satisfies(url -> assertThat(url.path("policy").asText()).isEqualTo("public"));
  }

  @Test
  void aProducerCanEndTheShowAfterADrop() {
    long key = start("go-live", show("ended after drop"));
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();
    completeUserTask(startEncoder, Map.of());
    ingest(streamId, "start");
    awaitEndTheBroadcast(key, Set.of());
    ingest(streamId, "stop");

    completeUserTask(awaitUserTask(key, "The stream dropped"), Map.of("dropDecision", "end"));

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("StopStream", 1)
        .hasCompletedElement("WaitForEncoder", 0);
    assertThat(variable(key, "outcome").asText()).isEqualTo("broadcast-ended");
    assertThat(client.getStream(new GetStream(streamId)).statusName()).isEqualTo("stopped");
  }

  /**
   * A field the service echoes cannot carry a secret: the reference is an incident naming the
   * caller's variable, nothing is created, and the value appears in no variable of the instance, at
   * any scope, as the REST API shows them.
   */
  @Test
  void aSecretInTheStreamNameIsAnIncidentAndAppearsNowhere() {
    String title = "title-" + UUID.randomUUID();
    SECRETS.put("SHOW_TITLE", title);
    long key = start("go-live", show("{{secrets.SHOW_TITLE}}"));

    var incident = instance(key).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("CreateStream");
    assertThat(incident.getErrorMessage())
        .contains(
            "streamName: a secret reference is allowed only in a field that"
                + " carries a credential")
        .doesNotContain(title);
    JsonNode variables =
        json(
            post(
                "/v2/variables/search?truncateValues=false",
                Map.of(
                    "filter", Map.of("processInstanceKey", key), "page", Map.of("limit", 1000))));
    assertThat(variables.path("items")).isNotEmpty();
    assertThat(variables.toString()).doesNotContain(title);
    assertThat(client.listStreams(StreamFilter.all().and("name", title)))
        .as("nothing was sent")
        .isEmpty();
  }

  @Test
  void badDvrSettingsAreAnIncidentThatNamesTheFieldAndRule() {
    String name = "bad dvr " + UUID.randomUUID();
    var variables = show(name);
    variables.put(
        "dvr",
        Map.of(
            "enabled",
            1,
            "max_file_duration",
            30000,
            "destination",
            Map.of(
                "url",
                "s3://live-recordings/shows",
                "access_key",
                ACCESS_KEY,
                "secret_key",
                SECRET_KEY)));
    long key = start("go-live", variables);

    var incident = instance(key).awaitIncident();

    assertThat(incident.getElementId()).isEqualTo("CreateStream");
    assertThat(incident.getErrorMessage())
        .contains("Invalid input: dvr.max_file_duration: must be from 1 to 21600 seconds")
        .doesNotContain(SECRET_KEY, ACCESS_KEY);
    assertThat(client.listStreams(StreamFilter.all().and("name", name)))
        .as("nothing was sent")
        .isEmpty();
  }

  /**
   * Under a live playback domain, the key is the domain's and the URLs take the custom-domain form.
   */
  @Test
  void authenticatedPlaybackUnderALivePlaybackDomainIsSignedWithTheDomainsKey() {
    String domainName = "live-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
    Domain domain = delivery.createDomain(new CreateDomain(domainName, Domain.LIVE, null));
    try {
      var variables = show("signed under a domain");
      variables.put("playbackPolicy", "authenticated");
      variables.put("playbackDomain", domainName);
      long key = start("go-live", variables);

      awaitUserTask(key, "Start your encoder");

      JsonNode signingKey = variable(key, "playbackSigningKey");
      assertThat(signingKey.path("domain_id").asText()).isEqualTo(domain.id());
      assertThat(signingKey.has("stream_id")).isFalse();
      String playbackId = variable(key, "liveStream").at("/playback_ids/0/id").asText();
      String signedUrl = variable(key, "signedPlaybackUrls").get(0).path("url").asText();
      assertThat(signedUrl)
          .startsWith("https://" + domainName + "/" + playbackId + "/playlist.m3u8?auth=");

      // The domain's edge is the sandbox's /sandbox/domains/<domain>/ (as for vod domains): the
      // signed URL plays.
      ingest(variable(key, "liveStream").path("id").asText(), "start");
      String atTheEdge =
          "/sandbox/domains/"
              + domainName
              + signedUrl.substring(("https://" + domainName).length());
      await(
          "the live playlist behind the domain",
          () ->
              Optional.of(get(atTheEdge))
                  .filter(
                      answer ->
                          answer.statusCode() == 200
                              // in the playback ID's folder, the segments are named relative to it
                              && answer.body().lines().anyMatch(l -> l.startsWith("segment-"))));
      assertThat(get(atTheEdge.substring(0, atTheEdge.indexOf('?'))).statusCode())
          .as("without the token")
          .isEqualTo(403);
    } finally {
      delivery.deleteDomain(new DeleteDomain(domain.id()));
    }
  }

  @Test
  void aStreamTheServiceRefusesEndsTheShowWithItsReason() {
    var variables = show("unknown domain");
    // A custom playback domain must exist in the content delivery API; this one does not.
    variables.put("playbackDomain", "live.example.com");
    long key = start("go-live", variables);

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("StreamRefused", 1)
        .hasCompletedElement("StartStream", 0);
    assertThat(variable(key, "outcome").asText()).isEqualTo("stream-refused");
    assertThat(variable(key, "errorCode").asText()).isEqualTo("BAD_REQUEST");
    assertThat(variable(key, "errorMessage").asText()).contains("playback_domain");
  }

  private Map<String, Object> show(String name) {
    var variables = new LinkedHashMap<String, Object>();
    variables.put("streamName", name);
    variables.put("streamTimeout", PATIENT_STREAM_TIMEOUT);
    return variables;
  }

  /** The sandbox's ingest control: an encoder starts or stops pushing to the stream. */
  private void ingest(String streamId, String action) {
    var response = post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", action));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  /**
   * "End the broadcast" (in the On air subprocess) other than the ones already {@code closed}: when
   * the stream drops, the engine cancels the open one a moment after the drop is visible.
   */
  private UserTask awaitEndTheBroadcast(long key, Set<Long> closed) {
    return await(
        "a new 'End the broadcast' task",
        () ->
            openUserTasks(
                    Map.of(
                        "processInstanceKey", Long.toString(key), "elementId", "EndTheBroadcast"))
                .stream()
                .filter(task -> !closed.contains(task.key()))
                .findFirst());
  }

  /**
   * The latest value of a variable of the process instance itself (not of a task or event within
   * it).
   */
  private JsonNode variable(long key, String name) {
    return StreamSupport.stream(records().variableRecords().spliterator(), false)
        .map(Record::getValue)
        .filter(
            v ->
                v.getProcessInstanceKey() == key
                    && v.getScopeKey() == key
                    && v.getName().equals(name))
        .reduce((first, second) -> second)
        .map(v -> json(v.getValue()))
        .orElseThrow(() -> new AssertionError("no process variable " + name));
  }

  /**
   * Every file the sandbox recorded lies in one of the locations, and every location holds files.
   */
  /**
   * The files the worker found in the storage are the ones the recording wrote, format by format.
   */
  private void assertRecordingsMatch(String streamId, JsonNode locations) {
    JsonNode recordings =
        json(get("/sandbox/live-streams/" + streamId + "/recordings")).path("recordings");
    assertThat(recordings).hasSizeGreaterThanOrEqualTo(4);
    for (JsonNode location : locations) {
      String format = location.path("format").asText();
      assertThat(location.path("listed").asBoolean()).as(format).isTrue();
      List<String> written = new ArrayList<>();
      recordings.forEach(
          recording -> {
            if (recording.path("format").asText().equals(format)) {
              written.add(recording.path("location").asText());
            }
          });
      assertThat(location.path("files").findValuesAsText("url"))
          .as(format)
          .containsExactlyElementsOf(written);
      location.path("files").forEach(file -> assertThat(file.path("size").asLong()).isPositive());
    }
  }

  /** What the sandbox's DVR has finished so far. */
  private JsonNode recordings(String streamId) {
    return json(get("/sandbox/live-streams/" + streamId + "/recordings")).path("recordings");
  }

  private int statusOf(String url) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  private byte[] fetch(String url) throws Exception {
    HttpResponse<byte[]> response =
        http.send(
            HttpRequest.newBuilder(URI.create(url)).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertThat(response.statusCode()).as(url).isEqualTo(200);
    return response.body();
  }

  /**
   * The statuses the callbacks reported, taken until each of {@code expected} came or {@link
   * #PATIENCE} passed.
   */
  private static List<String> callbackStatuses(MockWebServer callbacks, List<String> expected)
      throws InterruptedException {
    var statuses = new ArrayList<String>();
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    // Deliveries are asynchronous and may arrive out of order, and late on a loaded machine: a
    // pause between two of them says nothing about whether more are coming.
    while (!statuses.containsAll(expected) && System.nanoTime() < deadline) {
      RecordedRequest callback = callbacks.takeRequest(100, TimeUnit.MILLISECONDS);
      if (callback != null) {
        statuses.add(json(callback.getBody().utf8()).at("/stream/status/name").asText());
      }
    }
    return statuses;
  }

  private static JsonNode json(String text) {
    try {
      return io.mediaflow.api.ApiJson.MAPPER.readTree(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The credentials went by reference: no variable of the instance ever held one, not even an input
   * mapping.
   */
  private void assertNoSecretWasWritten(long key, List<String> secrets) {
    var written =
        StreamSupport.stream(records().variableRecords().spliterator(), false)
            .map(Record::getValue)
            .filter(v -> v.getProcessInstanceKey() == key)
            .map(VariableRecordValue::getValue)
            .toList();
    assertThat(written).isNotEmpty();
    for (String secret : secrets) {
      assertThat(written).noneMatch(value -> value.contains(secret));
    }
    assertThat(variable(key, "liveStream").path("stream_key").isTextual())
        .as("stream key in liveStream")
        .isFalse();
  }
}
