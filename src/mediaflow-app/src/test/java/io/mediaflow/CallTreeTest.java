package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.api.search.response.Incident;
import io.camunda.client.api.search.response.ProcessInstanceCallHierarchyEntryResponse;
import io.camunda.client.api.statistics.response.ProcessElementStatistics;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The REST API's answers about instances tied by a call activity: element statistics of a process
 * instance and of a process definition, the call hierarchy, and the incidents of an instance with
 * those of the instances it called, read with Camunda's Java client and over plain HTTP.
 *
 * <p>Two instances of a parent that passes an intermediate event and a fork, then calls a child and
 * waits in a task: in {@code failing} the child's task fails without retries (an incident) and the
 * parent's waiting task is cancelled by a modification; in {@code passing} the child completes and
 * the parent's task still waits.
 */
class CallTreeTest extends MediaflowTest {

  private final String parentId = "tree-parent-" + UUID.randomUUID();
  private final String childId = "tree-child-" + UUID.randomUUID();
  private final String childWork = "tree-work-" + UUID.randomUUID();

  private long parentDefinition;
  private long childDefinition;
  private long failing;
  private long passing;
  private long failingChild;
  private long passingChild;

  @BeforeEach
  void runTheTree() {
    var deployment =
        camunda
            .newDeployResourceCommand()
            .addProcessModel(
                Bpmn.createExecutableProcess(parentId)
                    .name("Parent process")
                    .startEvent("Start")
                    .intermediateThrowEvent("Passed")
                    .parallelGateway("Fork")
                    .callActivity("Call", call -> call.zeebeProcessId(childId))
                    .endEvent("Called")
                    .moveToLastGateway()
                    .serviceTask("Waits", task -> task.zeebeJobType("tree-wait-" + parentId))
                    .endEvent("Waited")
                    .done(),
                parentId + ".bpmn")
            .addProcessModel(
                Bpmn.createExecutableProcess(childId)
                    .name("Child process")
                    .startEvent("ChildStart")
                    .serviceTask("Work", task -> task.zeebeJobType(childWork))
                    .endEvent("ChildEnd")
                    .done(),
                childId + ".bpmn")
            .send()
            .join();
    for (var process : deployment.getProcesses()) {
      if (process.getBpmnProcessId().equals(parentId)) {
        parentDefinition = process.getProcessDefinitionKey();
      } else {
        childDefinition = process.getProcessDefinitionKey();
      }
    }
    failing = start(parentId, Map.of("branch", "failing"));
    passing = start(parentId, Map.of("branch", "passing"));
    failingChild = calledInstance(failing, childId);
    passingChild = calledInstance(passing, childId);

    var jobs =
        await(
            "both children's jobs",
            () -> {
              var activated =
                  camunda
                      .newActivateJobsCommand()
                      .jobType(childWork)
                      .maxJobsToActivate(2)
                      .send()
                      .join()
                      .getJobs();
              return activated.size() == 2 ? Optional.of(activated) : Optional.empty();
            });
    for (var job : jobs) {
      if (job.getProcessInstanceKey() == failingChild) {
        camunda.newFailCommand(job.getKey()).retries(0).errorMessage("no source").send().join();
      } else {
        camunda.newCompleteCommand(job.getKey()).send().join();
      }
    }
    camunda
        .newModifyProcessInstanceCommand(failing)
        .terminateElement(elementInstance(failing, "Waits"))
        .send()
        .join();
  }

  @Test
  void anInstancesElementsAreCountedByState() {
    assertThat(awaitStatistics(failing, "Waits", List.of(0L, 1L, 0L, 0L)))
        .containsExactly(
            Map.entry("Call", List.of(0L, 0L, 1L, 0L)), // its child has an incident
            Map.entry("Fork", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Passed", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Start", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Waits", List.of(0L, 1L, 0L, 0L)));
    assertThat(awaitStatistics(failingChild, "Work", List.of(0L, 0L, 1L, 0L)))
        .containsExactly(
            Map.entry("ChildStart", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Work", List.of(0L, 0L, 1L, 0L)));

    List<ProcessElementStatistics> read =
        camunda.newProcessInstanceElementStatisticsRequest(passing).send().join();
    assertThat(counts(read))
        .containsExactly(
            Map.entry("Call", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Called", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Fork", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Passed", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Start", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Waits", List.of(1L, 0L, 0L, 0L)));

    // Camunda's specification has no 404 here: an unknown instance has no statistics.
    assertThat(json(get("/v2/process-instances/1/statistics/element-instances")).path("items"))
        .isEmpty();
  }

  @Test
  void aDefinitionsElementsCountTheInstancesTheFilterFinds() {
    awaitStatistics(failing, "Waits", List.of(0L, 1L, 0L, 0L));
    awaitStatistics(passing, "Called", List.of(0L, 0L, 0L, 1L));

    assertThat(counts(definitionStatistics(Map.of())))
        .containsExactly(
            Map.entry("Call", List.of(0L, 0L, 1L, 1L)),
            Map.entry("Called", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Fork", List.of(0L, 0L, 0L, 2L)),
            Map.entry("Passed", List.of(0L, 0L, 0L, 2L)),
            Map.entry("Start", List.of(0L, 0L, 0L, 2L)),
            Map.entry("Waits", List.of(1L, 1L, 0L, 0L)));
    assertThat(
            counts(
                camunda
                    .newProcessDefinitionElementStatisticsRequest(parentDefinition)
                    .filter(filter -> filter.processInstanceKey(failing))
                    .send()
                    .join()))
        .containsExactly(
            Map.entry("Call", List.of(0L, 0L, 1L, 0L)),
            Map.entry("Fork", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Passed", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Start", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Waits", List.of(0L, 1L, 0L, 0L)));
    assertThat(
            counts(
                definitionStatistics(
                    Map.of("elementId", "Waits", "elementInstanceState", "ACTIVE"))))
        .isEqualTo(
            counts(
                definitionStatistics(
                    Map.of(
                        "variables", List.of(Map.of("name", "branch", "value", "\"passing\""))))))
        .containsExactly(
            Map.entry("Call", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Called", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Fork", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Passed", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Start", List.of(0L, 0L, 0L, 1L)),
            Map.entry("Waits", List.of(1L, 0L, 0L, 0L)));

    var unknownField =
        post(
            "/v2/process-definitions/" + parentDefinition + "/statistics/element-instances",
            Map.of("filter", Map.of("processDefinitionId", parentId)));
    assertThat(unknownField.statusCode()).isEqualTo(400);
    assertThat(json(unknownField).path("detail").asText())
        .contains("[filter.processDefinitionId] is unknown");
  }

  @Test
  void theCallHierarchyLeadsFromTheRootToTheInstance() {
    List<ProcessInstanceCallHierarchyEntryResponse> hierarchy =
        camunda.newProcessInstanceGetCallHierarchyRequest(failingChild).send().join();
    assertThat(hierarchy)
        .extracting(
            ProcessInstanceCallHierarchyEntryResponse::getProcessInstanceKey,
            ProcessInstanceCallHierarchyEntryResponse::getProcessDefinitionKey,
            ProcessInstanceCallHierarchyEntryResponse::getProcessDefinitionName)
        .containsExactly(
            tuple(failing, parentDefinition, "Parent process"),
            tuple(failingChild, childDefinition, "Child process"));

    var root = get("/v2/process-instances/" + failing + "/call-hierarchy");
    assertThat(root.statusCode()).isEqualTo(200);
    assertThat(json(root).isArray()).isTrue();
    assertThat(json(root)).isEmpty();

    assertNotFound(get("/v2/process-instances/1/call-hierarchy"));
  }

  @Test
  void anInstancesIncidentsIncludeThoseOfTheInstancesItCalled() {
    List<Incident> incidents =
        await(
            "the child's incident",
            () -> {
              var found =
                  camunda.newIncidentsByProcessInstanceSearchRequest(failing).send().join().items();
              return found.isEmpty() ? Optional.empty() : Optional.of(found);
            });
    assertThat(incidents)
        .extracting(
            Incident::getProcessInstanceKey, Incident::getElementId, Incident::getErrorMessage)
        .containsExactly(tuple(failingChild, "Work", "no source"));
    assertThat(
            json(post("/v2/process-instances/" + failingChild + "/incidents/search", Map.of()))
                .path("items"))
        .hasSize(1);
    var none = json(post("/v2/process-instances/" + passing + "/incidents/search", Map.of()));
    assertThat(none.path("items")).isEmpty();
    assertThat(none.path("page").path("totalItems").asLong()).isZero();

    assertNotFound(post("/v2/process-instances/1/incidents/search", Map.of()));
    var filtered =
        post(
            "/v2/process-instances/" + failing + "/incidents/search",
            Map.of("filter", Map.of("elementId", "Work")));
    assertThat(filtered.statusCode()).isEqualTo(400);
    assertThat(json(filtered).path("detail").asText()).contains("[filter] is unknown");
  }

  private Map<String, List<Long>> awaitStatistics(
      long instance, String elementId, List<Long> expected) {
    return await(
        "the statistics of " + elementId + " in " + instance + " to be " + expected,
        () -> {
          var items =
              json(get("/v2/process-instances/" + instance + "/statistics/element-instances"))
                  .path("items");
          Map<String, List<Long>> counts = counts(items);
          return expected.equals(counts.get(elementId)) ? Optional.of(counts) : Optional.empty();
        });
  }

  private JsonNode definitionStatistics(Map<String, Object> filter) {
    var answer =
        post(
            "/v2/process-definitions/" + parentDefinition + "/statistics/element-instances",
            Map.of("filter", filter));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return json(answer).path("items");
  }

  private long elementInstance(long processInstance, String elementId) {
    return await(
        elementId + " in " + processInstance,
        () -> {
          var items =
              json(post(
                      "/v2/element-instances/search",
                      Map.of(
                          "filter",
                          Map.of(
                              "processInstanceKey",
                              Long.toString(processInstance),
                              "elementId",
                              elementId,
                              "state",
                              "ACTIVE"))))
                  .path("items");
          return items.isEmpty()
              ? Optional.empty()
              : Optional.of(items.get(0).path("elementInstanceKey").asLong());
        });
  }

  /** Per element id: active, canceled, incidents, completed, in the order the answer has them. */
  private static Map<String, List<Long>> counts(JsonNode items) {
    var counts = new LinkedHashMap<String, List<Long>>();
    items.forEach(
        item ->
            counts.put(
                item.path("elementId").asText(),
                List.of(
                    item.path("active").asLong(),
                    item.path("canceled").asLong(),
                    item.path("incidents").asLong(),
                    item.path("completed").asLong())));
    return counts;
  }

  private static Map<String, List<Long>> counts(List<ProcessElementStatistics> items) {
    var counts = new LinkedHashMap<String, List<Long>>();
    for (var item : items) {
      counts.put(
          item.getElementId(),
          Arrays.asList(
              item.getActive(), item.getCanceled(), item.getIncidents(), item.getCompleted()));
    }
    return counts;
  }

  private static void assertNotFound(HttpResponse<String> answer) {
    assertThat(answer.statusCode()).isEqualTo(404);
    assertThat(answer.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(json(answer).path("title").asText()).isEqualTo("NOT_FOUND");
    assertThat(json(answer).path("detail").asText()).isEqualTo("No process instance with key 1");
  }
}
