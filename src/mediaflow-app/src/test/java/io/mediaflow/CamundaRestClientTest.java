package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.search.enums.ProcessInstanceState;
import io.camunda.client.api.search.enums.UserTaskState;
import io.camunda.client.api.search.response.ProcessInstance;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Camunda's Java client as an application would build it, with its defaults: it prefers the REST API, so every
 * command and search below goes to the embedded default's {@code /v2} endpoints.
 */
class CamundaRestClientTest extends MediaflowTest {

  private CamundaClient client;

  @BeforeEach
  void connect() {
    client = CamundaClient.newClientBuilder()
        .restAddress(URI.create(baseUrl()))
        .grpcAddress(URI.create("http://localhost:" + ENGINE_PORT))
        .build();
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  @Test
  void deploysStartsFindsAndCompletesAUserTask() {
    var model = Bpmn.createExecutableProcess("rest-client-check").startEvent()
        .userTask("Approve", task -> task.name("Approve it").zeebeUserTask()).endEvent().done();
    var deployment = client.newDeployResourceCommand().addProcessModel(model, "rest-client-check.bpmn").send().join();
    assertThat(deployment.getProcesses()).singleElement()
        .satisfies(process -> assertThat(process.getBpmnProcessId()).isEqualTo("rest-client-check"));

    long key = client.newCreateInstanceCommand().bpmnProcessId("rest-client-check").latestVersion()
        .variables(Map.of("requestedBy", "rest")).send().join().getProcessInstanceKey();
    var task = await("the user task", () -> client.newUserTaskSearchRequest()
        .filter(filter -> filter.processInstanceKey(key).state(UserTaskState.CREATED))
        .send().join().items().stream().findFirst());
    assertThat(task.getName()).isEqualTo("Approve it");
    assertThat(task.getElementId()).isEqualTo("Approve");

    client.newCompleteUserTaskCommand(task.getUserTaskKey()).variables(Map.of("approved", true)).send().join();

    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    assertThat(client.newUserTaskSearchRequest().filter(filter -> filter.processInstanceKey(key)).send().join()
        .items()).singleElement().satisfies(done -> assertThat(done.getState()).isEqualTo(UserTaskState.COMPLETED));
  }

  @Test
  void deploysStartsAndCompletesTranscodeWithApproval() {
    client.newDeployResourceCommand()
        .addResourceFromClasspath("bpmn/transcode-with-approval.bpmn")
        .addResourceFromClasspath("forms/review-renditions.form")
        .addResourceFromClasspath("forms/failed-transcoding-job.form")
        .send().join();
    long key = client.newCreateInstanceCommand().bpmnProcessId("transcode-with-approval").latestVersion()
        .variables(Map.of("source", baseUrl() + "/sandbox/samples/bars-1080p.mp4")).send().join()
        .getProcessInstanceKey();

    var review = await("Review renditions", () -> client.newUserTaskSearchRequest()
        .filter(filter -> filter.processInstanceKey(key).elementId("ReviewRenditions").state(UserTaskState.CREATED))
        .send().join().items().stream().findFirst());
    assertThat(client.newUserTaskGetFormRequest(review.getUserTaskKey()).send().join().getFormId())
        .isEqualTo("review-renditions");
    client.newCompleteUserTaskCommand(review.getUserTaskKey()).variables(Map.of("approved", true)).send().join();

    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
  }

  private ProcessInstance awaitEnded(long key) {
    return await("instance " + key + " to end", () -> {
      ProcessInstance instance = client.newProcessInstanceSearchRequest()
          .filter(filter -> filter.processInstanceKey(key)).send().join().singleItem();
      return instance.getState() == ProcessInstanceState.ACTIVE ? Optional.empty() : Optional.of(instance);
    });
  }
}
