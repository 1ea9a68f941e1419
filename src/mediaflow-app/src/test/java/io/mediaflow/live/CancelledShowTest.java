package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.MediaflowTest;
import io.mediaflow.live.worker.EndedInstanceStreams;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A show cancelled as an operator cancels it (the REST API's cancellation, which the console and
 * Operate send) runs no BPMN, yet its stream is stopped within 30 s by the plugin's sweep: at
 * "Start your encoder", while a real encoder pushes, and as part of {@code live-to-vod}.
 */
@ExtendWith(OutputCaptureExtension.class)
class CancelledShowTest extends MediaflowTest {

  /**
   * 60000 nominal seconds are 600 s at the sandbox's time scale: the service does not stop the
   * stream by itself during a test, so only the sweep can have.
   */
  private static final int NO_AUTO_STOP = 60000;

  /** The bound: a cancelled show's stream stops within 30 s. */
  private static final Duration BOUND = Duration.ofSeconds(30);

  private static final Set<String> STOPPED = Set.of("stopping", "stopped");

  @Autowired LiveClient client;
  @Autowired EndedInstanceStreams sweep;

  @Test
  void aShowCancelledAtStartYourEncoderHasItsStreamStoppedAndAnotherShowKeepsItsOwn(
      CapturedOutput log) {
    long cancelled = start("go-live", show("cancelled early"));
    long running = start("go-live", show("still on"));
    String cancelledStream = streamAtStartYourEncoder(cancelled);
    String runningStream = streamAtStartYourEncoder(running);
    assertThat(client.getStream(new GetStream(cancelledStream)).statusName()).isEqualTo("waiting");

    cancel(cancelled);

    awaitStopped(cancelledStream);
    // The sweep logs once the service has answered its stop, so the stream can read as stopping
    // before the line is written.
    Awaitility.await("the sweep's line about stream " + cancelledStream)
        .atMost(BOUND)
        .untilAsserted(
            () ->
                assertThat(log.getAll())
                    .contains(
                        "Stopped live stream "
                            + cancelledStream
                            + ": the process instance that created it has ended"));
    assertThat(sweep.sweep()).as("a sweep after the stop").doesNotContain(runningStream);
    assertThat(client.getStream(new GetStream(runningStream)).statusName())
        .as("the active show's stream")
        .isEqualTo("waiting");
  }

  @Test
  void aShowCancelledWhileARealEncoderPushesHasItsStreamStoppedAndTheEncoderCutOff()
      throws Exception {
    try (var media = new RealMedia()) {
      long key = start("go-live", show("cancelled on air"));
      UserTask startEncoder = awaitUserTask(key, "Start your encoder");
      JsonNode shown = describeTask(startEncoder).path("variables");
      String streamId = shown.path("streamId").asText();
      RealMedia.Encoder encoder =
          media.push(
              shown.path("ingestUrl").asText() + "/" + shown.path("streamKey").asText(), 600);
      completeUserTask(startEncoder, Map.of());
      awaitUserTask(key, "End the broadcast");
      assertThat(client.getStream(new GetStream(streamId)).statusName()).isEqualTo("live");

      cancel(key);

      awaitStopped(streamId);
      assertThat(encoder.await(60))
          .as("the encoder was cut off when the stream stopped")
          .isNotZero();
    }
  }

  @Test
  void aCancelledLiveToVodHasTheStreamOfItsShowStopped() {
    long key =
        start(
            "live-to-vod",
            Map.of(
                "streamName",
                "live to vod cancelled " + UUID.randomUUID(),
                "streamTimeout",
                NO_AUTO_STOP,
                "dvr",
                Map.of(
                    "destination",
                    Map.of(
                        "url",
                        "s3://live-recordings/vod-" + UUID.randomUUID(),
                        "access_key",
                        GoLiveProcessTest.ACCESS_KEY,
                        "secret_key",
                        GoLiveProcessTest.SECRET_KEY)),
                "publishBucket",
                bucketName(),
                "ladder",
                List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
    long show = calledInstance(key, "go-live");
    String streamId = streamAtStartYourEncoder(show);

    cancel(key);

    awaitStopped(streamId);
  }

  private Map<String, Object> show(String name) {
    return Map.of("streamName", name + " " + UUID.randomUUID(), "streamTimeout", NO_AUTO_STOP);
  }

  private String streamAtStartYourEncoder(long key) {
    UserTask task = awaitUserTask(key, "Start your encoder");
    return describeTask(task).path("variables").path("streamId").asText();
  }

  /** As the console's Cancel instance and Operate do it. */
  private void cancel(long key) {
    HttpResponse<String> response =
        post("/v2/process-instances/" + key + "/cancellation", Map.of());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(204);
  }

  private void awaitStopped(String streamId) {
    Awaitility.await("stream " + streamId + " stopped")
        .atMost(BOUND)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> STOPPED.contains(client.getStream(new GetStream(streamId)).statusName()));
  }
}
