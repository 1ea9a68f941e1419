package io.mediaflow.live;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.mediaflow.MediaflowTest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The plugin on each of the sandbox's live variations (docs/sandbox.md), switched on one at a time
 * through the test control {@code PUT /sandbox/variations}: each is tolerated, or ends in an
 * incident that names what the service did not do; never an instance that ends as if nothing went
 * wrong.
 */
class LiveVariationsTest extends MediaflowTest {

  @Autowired LiveClient client;

  static {
    SECRETS.put("DVR_ACCESS_KEY", GoLiveProcessTest.ACCESS_KEY);
    SECRETS.put("DVR_SECRET_KEY", GoLiveProcessTest.SECRET_KEY);
  }

  @BeforeEach
  void deploy() {
    camunda
        .newDeployResourceCommand()
        .addProcessModel(recordingProcess(), "live-variations-recording.bpmn")
        .addProcessModel(deletesProcess(), "live-variations-deletes.bpmn")
        .send()
        .join();
  }

  /** Creation ignoring {@code dvr} and {@code callback_url}: an incident names them, once. */
  @Test
  void aStreamCreatedWithoutItsDvrIsAnIncidentNamingItAndItsRetryCreatesNoOther() {
    variations("create-ignores-dvr");
    String name = "ignored dvr " + UUID.randomUUID();
    var variables = new LinkedHashMap<String, Object>();
    variables.put("streamName", name);
    variables.put("streamTimeout", GoLiveProcessTest.PATIENT_STREAM_TIMEOUT);
    variables.put("dvr", dvr("shows/" + UUID.randomUUID()));
    long key = start("go-live", variables);

    var incident = instance(key).awaitIncident();

    List<Stream> created = client.listStreams(StreamFilter.all().and("name", name));
    assertThat(created).hasSize(1);
    assertThat(incident.getElementId()).isEqualTo("CreateStream");
    assertThat(incident.getErrorMessage())
        .contains("Live stream " + created.get(0).id(), "params.dvr.enabled", "record nothing")
        .doesNotContain(GoLiveProcessTest.SECRET_KEY);
    assertThatProcessInstance(byKey(key)).hasCompletedElement("CreateStream", 0);

    // Resolved without a fix, the retry finds the same stream and stops again: no second stream.
    camunda.newUpdateRetriesCommand(incident.getJobKey()).retries(1).send().join();
    camunda.newResolveIncidentCommand(incidentKey(key, 0)).send().join();
    await(
        "a second incident",
        () -> incidents(key) >= 2 ? Optional.of(true) : Optional.<Boolean>empty());
    assertThat(client.listStreams(StreamFilter.all().and("name", name))).hasSize(1);
    assertThatProcessInstance(byKey(key)).hasCompletedElement("CreateStream", 0);
  }

  /** Recordings in another layout under the destination: found all the same. */
  @Test
  void recordingsInAnotherLayoutAreFound() {
    variations("dvr-layout-flat");
    String folder = "shows/" + UUID.randomUUID();
    String name = "flat " + UUID.randomUUID();
    long key = start("live-variations-recording", Map.of("name", name, "dvr", dvr(folder)));
    String streamId = await("the stream", () -> streams(name).stream().findFirst().map(Stream::id));
    await(
        "the transcoder",
        () ->
            streams(name).stream()
                .filter(stream -> "waiting".equals(stream.statusName()))
                .findFirst());
    var pushed = post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", "start"));
    assertThat(pushed.statusCode()).as(pushed.body()).isEqualTo(200);

    assertThatProcessInstance(byKey(key)).isCompleted();

    JsonNode locations = instance(key).variable("dvrRecordings").orElseThrow();
    assertThat(locations.findValuesAsText("url"))
        .isNotEmpty()
        .allSatisfy(
            url ->
                assertThat(url)
                    .startsWith("s3://live-recordings/" + folder + "/" + streamId + "-recording-")
                    .endsWith(".mp4"));
  }

  /**
   * Deletes answering {@code {status: "ok"}}, and {@code {status: "failed"}} for what is gone: the
   * results are the updated streams, and a delete whose answer was lost is done on its retry.
   */
  @Test
  void deletesAnsweringAStatusEndWithTheUpdatedStream() {
    variations("deletes-answer-status");
    Stream stream = client.createStream(NewStream.named("status deletes " + UUID.randomUUID()));
    String publicId = stream.playbackIds().get(0).id();
    Stream withTarget =
        client.addSimulcastTarget(
            new AddSimulcastTarget(stream.id(), "rtmp://a.rtmp.youtube.com/live2", "key-1"));
    String targetId = withTarget.simulcastTargets().get(0).id();
    var lost =
        post(
            "/sandbox/faults/lost-answers",
            Map.of(
                "method",
                "DELETE",
                "path",
                "/sandbox/live/v1/live-streams/" + stream.id() + "/simulcast-targets/" + targetId,
                "times",
                1));
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(200);

    long key =
        start(
            "live-variations-deletes",
            Map.of("streamId", stream.id(), "targetId", targetId, "playbackId", publicId));

    assertThatProcessInstance(byKey(key)).isCompleted();
    JsonNode afterTarget = instance(key).variable("afterTarget").orElseThrow();
    assertThat(afterTarget.path("id").asText()).isEqualTo(stream.id());
    assertThat(afterTarget.path("simulcast_targets")).isEmpty();
    JsonNode afterPlaybackId = instance(key).variable("afterPlaybackId").orElseThrow();
    assertThat(afterPlaybackId.path("playback_ids").findValuesAsText("id"))
        .doesNotContain(publicId);
  }

  /**
   * The streams of this name; none while a call fails in passing (a pooled connection the sandbox
   * closed), which the next poll repeats.
   */
  private List<Stream> streams(String name) {
    try {
      return client.listStreams(StreamFilter.all().and("name", name));
    } catch (io.mediaflow.api.ApiException.Transient inPassing) {
      return List.of();
    }
  }

  private static Map<String, Object> dvr(String folder) {
    return Map.of(
        "enabled",
        1,
        "format",
        List.of("mp4"),
        "destination",
        Map.of(
            "url",
            "s3://live-recordings/" + folder,
            "access_key",
            GoLiveProcessTest.ACCESS_KEY,
            "secret_key",
            "{{secrets.DVR_SECRET_KEY}}"));
  }

  private long incidents(long key) {
    return java.util.stream.StreamSupport.stream(records().incidentRecords().spliterator(), false)
        .filter(r -> r.getIntent() == IncidentIntent.CREATED)
        .filter(r -> r.getValue().getProcessInstanceKey() == key)
        .count();
  }

  private long incidentKey(long key, int index) {
    return java.util.stream.StreamSupport.stream(records().incidentRecords().spliterator(), false)
        .filter(r -> r.getIntent() == IncidentIntent.CREATED)
        .filter(r -> r.getValue().getProcessInstanceKey() == key)
        .skip(index)
        .findFirst()
        .orElseThrow()
        .getKey();
  }

  /** create (recording), start, wait until live, stop, wait until stopped, the recordings. */
  private static BpmnModelInstance recordingProcess() {
    return Bpmn.createExecutableProcess("live-variations-recording")
        .startEvent()
        .serviceTask(
            "Create",
            task ->
                task.zeebeJobType("mediaflow.live.create_stream")
                    .zeebeInputExpression("name", "name")
                    .zeebeInputExpression("3000", "streamTimeout")
                    .zeebeInputExpression("dvr", "dvr")
                    .zeebeTaskHeader("resultVariable", "created"))
        .serviceTask(
            "Start",
            task ->
                task.zeebeJobType("mediaflow.live.start_stream")
                    .zeebeInputExpression("created.id", "streamId"))
        .serviceTask(
            "WaitForLive",
            task ->
                task.zeebeJobType("mediaflow.live.wait_for_status")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("[\"live\"]", "states"))
        .serviceTask(
            "Stop",
            task ->
                task.zeebeJobType("mediaflow.live.stop_stream")
                    .zeebeInputExpression("created.id", "streamId"))
        .serviceTask(
            "WaitForStopped",
            task ->
                task.zeebeJobType("mediaflow.live.wait_for_status")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("[\"stopped\"]", "states"))
        .serviceTask(
            "Recordings",
            task ->
                task.zeebeJobType("mediaflow.live.dvr_recordings")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("dvr", "dvr"))
        .endEvent()
        .done();
  }

  /** delete a simulcast target, then a playback ID. */
  private static BpmnModelInstance deletesProcess() {
    return Bpmn.createExecutableProcess("live-variations-deletes")
        .startEvent()
        .serviceTask(
            "DeleteTarget",
            task ->
                task.zeebeJobType("mediaflow.live.delete_simulcast_target")
                    .zeebeInputExpression("streamId", "streamId")
                    .zeebeInputExpression("targetId", "targetId")
                    .zeebeTaskHeader("resultVariable", "afterTarget"))
        .serviceTask(
            "DeletePlaybackId",
            task ->
                task.zeebeJobType("mediaflow.live.delete_playback_id")
                    .zeebeInputExpression("streamId", "streamId")
                    .zeebeInputExpression("playbackId", "playbackId")
                    .zeebeTaskHeader("resultVariable", "afterPlaybackId"))
        .endEvent()
        .done();
  }
}
