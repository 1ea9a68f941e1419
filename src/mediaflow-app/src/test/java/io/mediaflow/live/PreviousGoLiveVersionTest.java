package io.mediaflow.live;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.Process;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An instance of the previous version of go-live, where five boundary events caught "End the show
 * now" instead of one event sub-process, still ends through the message the console publishes: a
 * message is correlated by its name and key, whichever version's element waits for it. The previous
 * version is {@code go-live-previous.bpmn} beside this class, deployed as a version of go-live and
 * followed at once by the current one, so that every other test starts the current version.
 */
class PreviousGoLiveVersionTest extends MediaflowTest {

  @Autowired LiveClient client;

  @Test
  void aShowOfThePreviousVersionOnAirEndsThroughTheSameMessage() {
    Process previous = deploy("io/mediaflow/live/go-live-previous.bpmn", "go-live-previous.bpmn");
    Process current = deploy("bpmn/go-live.bpmn", "go-live.bpmn");
    assertThat(current.getBpmnProcessId())
        .isEqualTo(previous.getBpmnProcessId())
        .isEqualTo("go-live");
    assertThat(current.getVersion())
        .as("the current go-live is the latest version again")
        .isGreaterThan(previous.getVersion());

    long key =
        camunda
            .newCreateInstanceCommand()
            .processDefinitionKey(previous.getProcessDefinitionKey())
            .variables(
                Map.of(
                    "streamName",
                    "previous version " + UUID.randomUUID(),
                    "streamTimeout",
                    GoLiveProcessTest.PATIENT_STREAM_TIMEOUT))
            .send()
            .join()
            .getProcessInstanceKey();
    track(key);
    UserTask startEncoder = awaitUserTask(key, "Start your encoder");
    String streamId = describeTask(startEncoder).at("/variables/streamId").asText();
    completeUserTask(startEncoder, Map.of());
    ingest(streamId, "start");
    awaitUserTask(key, "End the broadcast");

    // As the console's "End the show now" publishes it.
    HttpResponse<String> response =
        post(
            "/v2/messages/publication",
            Map.of("name", "end-the-show", "correlationKey", streamId, "timeToLive", 600000));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);

    // As that version ended the show: its boundary event on On air, then the normal end.
    assertCompletedExactlyInOrder(
        key, "EndNowOnAir", "StopStream", "WaitUntilStopped", "FindRecordings", "BroadcastEnded");
    assertThatProcessInstance(byKey(key)).hasTerminatedElements("OnAir", "EndTheBroadcast");
    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(instance(key).variable("outcome").orElseThrow().asText())
        .isEqualTo("broadcast-ended");
    assertThat(client.getStream(new GetStream(streamId)).statusName()).isEqualTo("stopped");
    assertThat(
            openUserTasks(
                Map.of("processInstanceKey", Long.toString(key), "elementId", "EndTheBroadcast")))
        .as("the producer's task closed with the show")
        .isEmpty();
  }

  /**
   * Deploys one BPMN file from the class path under the given resource name, as a user's
   * application does over the REST API.
   */
  private Process deploy(String classpathResource, String resourceName) {
    try (InputStream bpmn = getClass().getClassLoader().getResourceAsStream(classpathResource);
        CamundaClient client = userClient(true)) {
      assertThat(bpmn).as(classpathResource).isNotNull();
      return client
          .newDeployResourceCommand()
          .addResourceBytes(bpmn.readAllBytes(), resourceName)
          .send()
          .join()
          .getProcesses()
          .getFirst();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The sandbox's ingest control: an encoder starts pushing to the stream. */
  private void ingest(String streamId, String action) {
    var response = post("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", action));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }
}
