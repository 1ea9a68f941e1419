package io.mediaflow;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Elements of a running ad-hoc sub-process activated from outside, as Camunda's Java client asks
 * over REST ({@code activateAdHocSubProcessActivities}): each runs with the variables it was given,
 * {@code cancelRemainingInstances} ends the ones still running first, and the engine's refusal of
 * an element the sub-process does not have names it.
 */
class AdHocActivationTest extends MediaflowTest {

  private CamundaClient client;
  private String unique;

  @BeforeEach
  void connect() {
    client = userClient(true);
    unique = UUID.randomUUID().toString().substring(0, 8);
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  @Test
  void theElementsAskedForRunInTheAdHocSubProcess() {
    String processId = "ad-hoc-activated-" + unique;
    String transcode = "transcode-" + unique;
    String publish = "publish-" + unique;
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .adHocSubProcess(
                    "Agent",
                    adHoc -> {
                      adHoc.serviceTask("Transcode", task -> task.zeebeJobType(transcode));
                      adHoc.serviceTask("Publish", task -> task.zeebeJobType(publish));
                    })
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long instance = start(processId, Map.of());
    String agent =
        Long.toString(activeElement(instance, "Agent").path("elementInstanceKey").asLong());

    client
        .newActivateAdHocSubProcessActivitiesCommand(agent)
        .activateElement("Transcode", Map.of("quality", "high"))
        .send()
        .join();
    ActivatedJob transcoding = activate(transcode);
    assertThat(transcoding.getElementId()).isEqualTo("Transcode");
    assertThat(transcoding.getVariablesAsMap()).containsEntry("quality", "high");

    var instead =
        post(
            "/v2/element-instances/ad-hoc-activities/" + agent + "/activation",
            Map.of(
                "elements",
                List.of(Map.of("elementId", "Publish")),
                "cancelRemainingInstances",
                true));
    assertThat(instead.statusCode()).as(instead.body()).isEqualTo(204);
    await(
        "Transcode terminated",
        () ->
            elements(instance, "Transcode", "TERMINATED").isEmpty()
                ? Optional.empty()
                : Optional.of(true));
    client.newCompleteCommand(activate(publish).getKey()).send().join();
    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("Publish", 1)
        .hasCompletedElement("Transcode", 0);
  }

  @Test
  void theEngineRefusesAnElementTheAdHocSubProcessDoesNotHave() {
    String processId = "ad-hoc-refused-" + unique;
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .adHocSubProcess(
                    "Agent",
                    adHoc ->
                        adHoc.serviceTask("Transcode", task -> task.zeebeJobType("t-" + unique)))
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long instance = start(processId, Map.of());
    String path =
        "/v2/element-instances/ad-hoc-activities/"
            + activeElement(instance, "Agent").path("elementInstanceKey").asText()
            + "/activation";

    var unknown = post(path, Map.of("elements", List.of(Map.of("elementId", "Nowhere"))));
    assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(404);
    assertThat(json(unknown).path("detail").asText()).contains("[Nowhere] do not exist");
    var none = post(path, Map.of("elements", List.of()));
    assertThat(none.statusCode()).isEqualTo(400);
    assertThat(json(none).path("detail").asText()).isEqualTo("No elements provided.");
    var noId = post(path, Map.of("elements", List.of(Map.of("variables", Map.of()))));
    assertThat(noId.statusCode()).isEqualTo(400);
    assertThat(json(noId).path("detail").asText()).isEqualTo("elements[0].elementId is required");
    var noSubProcess =
        post(
            "/v2/element-instances/ad-hoc-activities/1/activation",
            Map.of("elements", List.of(Map.of("elementId", "Transcode"))));
    assertThat(noSubProcess.statusCode()).as(noSubProcess.body()).isEqualTo(404);
    assertThat(elements(instance, "Transcode", "ACTIVE")).isEmpty();
  }

  /** The element instance of {@code elementId}, once it is active. */
  private JsonNode activeElement(long instance, String elementId) {
    return await(
        elementId + " active in " + instance,
        () -> elements(instance, elementId, "ACTIVE").stream().findFirst());
  }

  private List<JsonNode> elements(long instance, String elementId, String state) {
    var found =
        post(
            "/v2/element-instances/search",
            Map.of(
                "filter",
                Map.of(
                    "processInstanceKey",
                    Long.toString(instance),
                    "elementId",
                    elementId,
                    "state",
                    state)));
    assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
    var items = new java.util.ArrayList<JsonNode>();
    json(found).path("items").forEach(items::add);
    return items;
  }

  private ActivatedJob activate(String type) {
    return await(
        "a job of type " + type,
        () ->
            client
                .newActivateJobsCommand()
                .jobType(type)
                .maxJobsToActivate(1)
                .timeout(Duration.ofMinutes(1))
                .requestTimeout(Duration.ofSeconds(1))
                .send()
                .join()
                .getJobs()
                .stream()
                .findFirst());
  }
}
