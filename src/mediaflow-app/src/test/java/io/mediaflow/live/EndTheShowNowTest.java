package io.mediaflow.live;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.MediaflowTest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * "End the show now": the message {@code end-the-show}, correlated by the stream id, as the console
 * and other systems publish it through the REST API, starts go-live's event sub-process of that
 * name, which interrupts the show wherever it waits and ends it through its normal end (stop, wait
 * until stopped, DVR recordings listed) rather than a cancellation that runs none of it.
 */
class EndTheShowNowTest extends MediaflowTest {

  @Autowired LiveClient client;

  @Test
  void onAirTheMessageEndsTheShowAsTheProducerWouldAndListsTheRecordings() {
    String folder = "s3://live-recordings/end-now-" + UUID.randomUUID();
    var variables = show("ended from outside");
    variables.put(
        "dvr",
        Map.of(
            "format",
            List.of("mp4"),
            "destination",
            Map.of(
                "url",
                folder,
                "access_key",
                GoLiveProcessTest.ACCESS_KEY,
                "secret_key",
                GoLiveProcessTest.SECRET_KEY)));
    long key = start("go-live", variables);
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();
    completeUserTask(startEncoder, Map.of());
    ingest(streamId, "start");
    awaitUserTask(key, "End the broadcast");

    endTheShowNow(streamId);

    assertCompletedExactlyInOrder(key, "StopStream", "WaitUntilStopped", "FindRecordings");
    assertThatProcessInstance(byKey(key))
        .hasCompletedElement("EndNowRequested", 1)
        .hasCompletedElement("EndedNow", 1)
        .hasTerminatedElements("OnAir", "EndTheBroadcast")
        .hasCompletedElement("BroadcastEnded", 1);
    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(instance(key).variable("outcome").orElseThrow().asText())
        .isEqualTo("broadcast-ended");
    assertThat(instance(key).variable("dvrRecordings").orElseThrow())
        .singleElement()
        .satisfies(
            location -> {
              // The destination folder, and the stream's files in it by their stream ID, wherever
              // below the folder the service wrote them (issue 30, point 1).
              assertThat(location.path("folder").asText()).isEqualTo(folder + "/");
              assertThat(location.path("pattern").asText()).contains(streamId);
            });
    assertThat(client.getStream(new GetStream(streamId)).statusName()).isEqualTo("stopped");
    assertThat(
            openUserTasks(
                Map.of("processInstanceKey", Long.toString(key), "elementId", "EndTheBroadcast")))
        .as("the producer's task closed with the show")
        .isEmpty();
  }

  @Test
  void beforeTheStreamWentLiveTheMessageStopsItThroughTheSameEnd() {
    long key = start("go-live", show("ended before live"));
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();

    endTheShowNow(streamId);

    // Through the same stop; a show that never went on air has no recording to prove and does not
    // end as a broadcast.
    assertCompletedExactlyInOrder(key, "StopStream", "WaitUntilStopped", "NeverWentLive");
    assertThatProcessInstance(byKey(key))
        .hasCompletedElement("EndNowRequested", 1)
        .hasCompletedElement("FindRecordings", 0)
        .hasTerminatedElements("StartYourEncoder");
    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(instance(key).variable("outcome").orElseThrow().asText())
        .isEqualTo("never-went-live");
    assertThat(client.getStream(new GetStream(streamId)).statusName()).isEqualTo("stopped");
  }

  /** As the console's "End the show now" publishes it. */
  private void endTheShowNow(String streamId) {
    HttpResponse<String> response =
        post(
            "/v2/messages/publication",
            Map.of("name", "end-the-show", "correlationKey", streamId, "timeToLive", 600000));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private static Map<String, Object> show(String name) {
    var variables = new LinkedHashMap<String, Object>();
    variables.put("streamName", name + " " + UUID.randomUUID());
    variables.put("streamTimeout", GoLiveProcessTest.PATIENT_STREAM_TIMEOUT);
    return variables;
  }

  /** The sandbox's ingest control: an encoder starts pushing to the stream. */
  private void ingest(String streamId, String action) {
    var response = post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", action));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }
}
