package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The process instance filters that are no field of the result (an instance's elements, incidents,
 * jobs), and the element instance filter by scope, over REST as Camunda's clients send them.
 */
class SearchFiltersTest extends MediaflowTest {

  private final String processId = "filters-" + UUID.randomUUID();

  @Test
  void instancesAreFoundByTheirElementsIncidentsAndJobs() {
    String type = "filters-work-" + UUID.randomUUID();
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask("Work", task -> task.zeebeJobType(type))
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long failed = start(processId, Map.of());
    long retrying = start(processId, Map.of());
    var jobs =
        await(
            "both jobs",
            () -> {
              var activated =
                  camunda
                      .newActivateJobsCommand()
                      .jobType(type)
                      .maxJobsToActivate(2)
                      .send()
                      .join()
                      .getJobs();
              return activated.size() == 2 ? Optional.of(activated) : Optional.empty();
            });
    for (var job : jobs) {
      boolean last = job.getProcessInstanceKey() == failed;
      camunda
          .newFailCommand(job.getKey())
          .retries(last ? 0 : 1)
          .retryBackoff(Duration.ofHours(1))
          .errorMessage(last ? "the source is gone" : "try again later")
          .send()
          .join();
    }
    await(
        "the incident",
        () ->
            keys(Map.of("errorMessage", "the source is gone")).equals(List.of(failed))
                ? Optional.of(true)
                : Optional.empty());

    assertThat(keys(Map.of("incidentErrorHashCode", "the source is gone".hashCode())))
        .containsExactly(failed);
    assertThat(keys(Map.of("hasRetriesLeft", true))).containsExactly(retrying);
    assertThat(keys(Map.of("elementId", "Work", "hasElementInstanceIncident", true)))
        .containsExactly(failed);
    assertThat(keys(Map.of("elementId", "Work", "elementInstanceState", "ACTIVE")))
        .containsExactlyInAnyOrder(failed, retrying);
    assertThat(keys(Map.of("elementId", "Elsewhere"))).isEmpty();
    assertThat(keys(Map.of("batchOperationId", "some-batch"))).isEmpty();

    HttpResponse<String> children =
        post(
            "/v2/element-instances/search",
            Map.of("filter", Map.of("elementInstanceScopeKey", Long.toString(failed))));
    assertThat(children.statusCode()).as(children.body()).isEqualTo(200);
    List<String> elementIds = new ArrayList<>();
    json(children).path("items").forEach(item -> elementIds.add(item.path("elementId").asText()));
    assertThat(elementIds).as(children.body()).contains("Work").doesNotContain(processId);
  }

  @Test
  void tagsGivenAtTheStartOverRestOrGrpcAreShownAndFound() {
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId).startEvent().userTask("Wait").endEvent().done(),
            processId + ".bpmn")
        .send()
        .join();
    long overRest;
    long overGrpc;
    try (var rest = userClient(true);
        var grpc = userClient(false)) {
      var created =
          rest.newCreateInstanceCommand()
              .bpmnProcessId(processId)
              .latestVersion()
              .tags("channel:sports", "priority.high")
              .send()
              .join();
      assertThat(created.getTags()).containsExactlyInAnyOrder("channel:sports", "priority.high");
      overRest = created.getProcessInstanceKey();
      overGrpc =
          grpc.newCreateInstanceCommand()
              .bpmnProcessId(processId)
              .latestVersion()
              .tags("channel:sports")
              .send()
              .join()
              .getProcessInstanceKey();
    }
    await(
        "both instances", () -> keys(Map.of()).size() == 2 ? Optional.of(true) : Optional.empty());

    assertThat(keys(Map.of("tags", List.of("channel:sports"))))
        .containsExactlyInAnyOrder(overRest, overGrpc);
    assertThat(keys(Map.of("tags", List.of("channel:sports", "priority.high"))))
        .containsExactly(overRest);
    JsonNode shown = json(get("/v2/process-instances/" + overRest));
    List<String> tags = new ArrayList<>();
    shown.path("tags").forEach(tag -> tags.add(tag.asText()));
    assertThat(tags).containsExactlyInAnyOrder("channel:sports", "priority.high");

    var refused =
        post(
            "/v2/process-instances",
            Map.of("processDefinitionId", processId, "tags", List.of("ok", "9lives")));
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).path("detail").asText()).contains("tags[1]", "start with a letter");
  }

  /** The keys of this test's instances the filter finds. */
  private List<Long> keys(Map<String, Object> filter) {
    var mine = new HashMap<String, Object>(filter);
    mine.put("processDefinitionId", processId);
    var answer = post("/v2/process-instances/search", Map.of("filter", mine));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    List<Long> keys = new ArrayList<>();
    json(answer).path("items").forEach(item -> keys.add(item.path("processInstanceKey").asLong()));
    return keys;
  }
}
