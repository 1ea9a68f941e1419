package io.mediaflow.live.worker;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.mediaflow.MediaflowTest;
import io.mediaflow.api.internal.Secrets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The workers go-live does not use, in a small process of their own: list with filters, get, delete
 * a simulcast target, and a wait that ends because the stream stopped.
 */
class LiveWorkersTest extends MediaflowTest {

  private static final String TARGET_KEY = "target-key-never-shown";

  @BeforeEach
  void deploy() {
    camunda
        .newDeployResourceCommand()
        .addProcessModel(workersProcess(), "live-workers-check.bpmn")
        .send()
        .join();
  }

  @Test
  void listGetAndDeleteWorkThroughTheWorkersAndShowNoSecret() {
    String name = "workers " + UUID.randomUUID();
    long key =
        start(
            "live-workers-check",
            Map.of(
                "name",
                name,
                "targetUrl",
                "rtmp://a.rtmp.youtube.com/live2",
                "targetKey",
                TARGET_KEY));

    assertThatProcessInstance(byKey(key)).isCompleted();

    JsonNode created = instance(key).variable("created").orElseThrow();
    assertThat(created.path("stream_key").isTextual())
        .as("the stream key only when asked for")
        .isFalse();
    JsonNode withTarget = instance(key).variable("withTarget").orElseThrow();
    assertThat(withTarget.at("/simulcast_targets/0/stream_key").asText()).isEqualTo(Secrets.MASK);
    JsonNode read = instance(key).variable("liveStream").orElseThrow();
    assertThat(read.path("simulcast_targets")).isEmpty();
    assertThat(read.path("stream_key").asText()).as("asked for").isNotBlank();
    JsonNode listed = instance(key).variable("liveStreams").orElseThrow();
    assertThat(listed)
        .singleElement()
        .satisfies(
            stream -> {
              assertThat(stream.path("id").asText()).isEqualTo(created.path("id").asText());
              assertThat(stream.path("stream_key").isTextual()).isFalse();
            });
    JsonNode none = instance(key).variable("noneListed").orElseThrow();
    assertThat(none).isEmpty();
    assertThat(
            instance(key).allVariableValues().stream()
                .filter(value -> value.contains(TARGET_KEY))
                .toList())
        .as("only the caller's own variable and the worker input mapped from it")
        .hasSize(2);
  }

  @Test
  void aWaitForAStateAStoppedStreamCannotReachEndsWithStreamStopped() {
    long key =
        start(
            "live-workers-check",
            Map.of(
                "name",
                "stopped early",
                "targetUrl",
                "rtmp://a.rtmp.youtube.com/live2",
                "targetKey",
                TARGET_KEY,
                "stopFirst",
                true));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("StreamStopped", 1);

    assertThat(instance(key).variable("errorCode").orElseThrow().asText())
        .isEqualTo("STREAM_STOPPED");
  }

  /**
   * create, add and delete a target, get, list by name (and by a condition nothing meets); or, with
   * stopFirst, start and stop the stream and wait for it to be live.
   */
  private static BpmnModelInstance workersProcess() {
    return Bpmn.createExecutableProcess("live-workers-check")
        .startEvent()
        .serviceTask(
            "Create",
            task ->
                task.zeebeJobType("mediaflow.live.create_stream")
                    .zeebeInputExpression("name", "name")
                    .zeebeTaskHeader("resultVariable", "created"))
        .exclusiveGateway("StopFirst")
        .defaultFlow()
        .serviceTask(
            "AddTarget",
            task ->
                task.zeebeJobType("mediaflow.live.add_simulcast_target")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("targetUrl", "url")
                    .zeebeInputExpression("targetKey", "streamKey")
                    .zeebeTaskHeader("resultVariable", "withTarget"))
        .serviceTask(
            "DeleteTarget",
            task ->
                task.zeebeJobType("mediaflow.live.delete_simulcast_target")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("withTarget.simulcast_targets[1].id", "targetId"))
        .serviceTask(
            "Get",
            task ->
                task.zeebeJobType("mediaflow.live.get_stream")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("true", "includeStreamKey"))
        .serviceTask(
            "List",
            task ->
                task.zeebeJobType("mediaflow.live.list_streams")
                    .zeebeInputExpression(
                        "{name: name, \"params.dvr.enabled\": 0, playback_domain: null, \"simulcast_targets\": \"notnull\"}",
                        "filters"))
        .serviceTask(
            "ListNone",
            task ->
                task.zeebeJobType("mediaflow.live.list_streams")
                    .zeebeInputExpression("{name: name, \"status.name\": \"live\"}", "filters")
                    .zeebeTaskHeader("resultVariable", "noneListed"))
        .endEvent("Checked")
        .moveToNode("StopFirst")
        .conditionExpression("stopFirst = true")
        .serviceTask(
            "Start",
            task ->
                task.zeebeJobType("mediaflow.live.start_stream")
                    .zeebeInputExpression("created.id", "streamId"))
        .serviceTask(
            "Stop",
            task ->
                task.zeebeJobType("mediaflow.live.stop_stream")
                    .zeebeInputExpression("created.id", "streamId"))
        .serviceTask(
            "WaitForLive",
            task ->
                task.zeebeJobType("mediaflow.live.wait_for_status")
                    .zeebeInputExpression("created.id", "streamId")
                    .zeebeInputExpression("[\"live\"]", "states"))
        .boundaryEvent("StreamStopped")
        .error()
        .endEvent("StoppedEnd")
        .moveToActivity("WaitForLive")
        .endEvent("WentLive")
        .done();
  }
}
