package io.mediaflow;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.mediaflow.api.ApiJson;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.StreamSupport;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** The REST API ({@code /v2}) over HTTP, as the console and Camunda's clients use it. */
class RestApiTest extends MediaflowTest {

  private static final String FORM =
      """
      {"id": "rest-api-test-review", "type": "default", "schemaVersion": 18, "components": [
        {"id": "a", "type": "checkbox", "key": "approved", "label": "Approve", "defaultValue": false},
        {"id": "c", "type": "textarea", "key": "comment", "label": "Why not?", "validate": {"required": true},
         "conditional": {"hide": "=approved = true"}},
        {"id": "p", "type": "number", "key": "priority", "label": "Priority", "validate": {"min": 1, "max": 5}},
        {"id": "s", "type": "select", "key": "channel", "label": "Channel",
         "values": [{"label": "Web", "value": "web"}, {"label": "TV", "value": "tv"}]}
      ]}
      """;

  /**
   * Waiting activations hold no server thread: with more of them waiting at once than the server
   * has request threads (Tomcat's 200), each having asked the engine (one worker name each), the
   * API still answers, and none of them has answered yet.
   */
  @Test
  void waitingJobActivationsHoldNoServerThread() {
    String type = "nobody-creates-" + UUID.randomUUID();
    int requests = 250;
    var client = HttpClient.newHttpClient();
    var waiting = new ArrayList<CompletableFuture<HttpResponse<String>>>();
    for (int i = 0; i < requests; i++) {
      String body =
          "{\"type\": \""
              + type
              + "\", \"worker\": \"w"
              + i
              + "\", \"timeout\": 60000,"
              + " \"maxJobsToActivate\": 1, \"requestTimeout\": 60000}";
      waiting.add(
          client.sendAsync(
              HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/jobs/activation"))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString()));
    }
    try {
      Awaitility.await("every request in the server, each having asked the engine once")
          .atMost(PATIENCE)
          .until(
              () ->
                  StreamSupport.stream(records().jobBatchRecords().spliterator(), false)
                          .filter(batch -> batch.getValue().getType().equals(type))
                          .map(batch -> batch.getValue().getWorker())
                          .distinct()
                          .count()
                      == requests);
      assertThat(post("/v2/process-definitions/search", Map.of()).statusCode()).isEqualTo(200);
      assertThat(waiting).as("all still waiting for a job").noneMatch(CompletableFuture::isDone);
    } finally {
      waiting.forEach(request -> request.cancel(true));
    }
  }

  /**
   * A Camunda user task deployed over REST is the engine's own: listed from its creation until it
   * is completed, never a job a worker could take, its form enforced on completion, and the engine
   * refuses completing it twice as Camunda does.
   */
  @Test
  void aDeployedCamundaUserTaskIsListedUntilCompletedAndItsFormIsEnforced() {
    String processId = "rest-api-test-" + UUID.randomUUID();
    BpmnModelInstance model =
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .userTask(
                "Review",
                task ->
                    task.name("Review the thing")
                        .zeebeUserTask()
                        .zeebeFormId("rest-api-test-review"))
            .endEvent()
            .done();
    var deployed =
        deploy(Map.of(processId + ".bpmn", Bpmn.convertToString(model), "review.form", FORM));
    assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
    assertThat(json(deployed).at("/deployments/0/processDefinition/processDefinitionId").asText())
        .isEqualTo(processId);
    String definitionKey =
        json(deployed).at("/deployments/0/processDefinition/processDefinitionKey").asText();
    assertThat(
            json(get("/v2/process-definitions/" + definitionKey)).path("hasStartForm").asBoolean())
        .isFalse();
    assertThat(get("/v2/process-definitions/" + definitionKey + "/xml").body())
        .contains("Review the thing");
    assertThat(get("/v2/process-definitions/" + definitionKey + "/form").statusCode())
        .isEqualTo(204);

    List<String> instances = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      var created = post("/v2/process-instances", Map.of("processDefinitionKey", definitionKey));
      assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
      instances.add(json(created).path("processInstanceKey").asText());
    }
    Map<String, Object> byProcess =
        Map.of("filter", Map.of("processDefinitionId", processId, "state", "CREATED"));
    assertThat(json(post("/v2/user-tasks/search", byProcess)).at("/page/totalItems").asInt())
        .isEqualTo(3);

    assertThat(
            json(post(
                    "/v2/jobs/search",
                    Map.of(
                        "filter", Map.of("processDefinitionId", processId, "elementId", "Review"))))
                .at("/page/totalItems")
                .asInt())
        .as("a Camunda user task is no job a worker could take")
        .isZero();

    JsonNode task =
        json(post(
                "/v2/user-tasks/search",
                Map.of("filter", Map.of("processInstanceKey", instances.get(0)))))
            .at("/items/0");
    assertThat(task.path("name").asText()).isEqualTo("Review the thing");
    assertThat(task.path("state").asText()).isEqualTo("CREATED");
    String taskKey = task.path("userTaskKey").asText();
    assertThat(json(get("/v2/user-tasks/" + taskKey + "/form")).path("formId").asText())
        .isEqualTo("rest-api-test-review");

    assertRefused(taskKey, Map.of("approved", "yes"), "'approved' must be true or false");
    assertRefused(taskKey, Map.of("approved", false), "'comment' is required");
    assertRefused(taskKey, Map.of("approved", true, "priority", 9), "'priority' must be at most 5");
    assertRefused(
        taskKey, Map.of("approved", true, "priority", "high"), "'priority' must be a number");
    assertRefused(
        taskKey,
        Map.of("approved", true, "channel", "radio"),
        "'channel' must be one of [web, tv]");

    // Approved, the comment is hidden and so not required.
    assertThat(
            post(
                    "/v2/user-tasks/" + taskKey + "/completion",
                    Map.of("variables", Map.of("approved", true, "channel", "tv")))
                .statusCode())
        .isEqualTo(204);
    assertThat(json(get("/v2/user-tasks/" + taskKey)).path("state").asText())
        .isEqualTo("COMPLETED");
    var again = post("/v2/user-tasks/" + taskKey + "/completion", Map.of());
    assertThat(again.statusCode()).as(again.body()).isEqualTo(404);
    assertThat(json(again).path("detail").asText())
        .as("the engine's own refusal, as Camunda answers")
        .contains("Command 'COMPLETE' rejected with code 'NOT_FOUND'");

    var rejected =
        post(
            "/v2/user-tasks/search",
            Map.of("filter", Map.of("processInstanceKey", instances.get(1))));
    String secondKey = json(rejected).at("/items/0/userTaskKey").asText();
    assertThat(
            post(
                    "/v2/user-tasks/" + secondKey + "/completion",
                    Map.of("variables", Map.of("approved", false, "comment", "Not like this")))
                .statusCode())
        .isEqualTo(204);

    assertThat(json(post("/v2/user-tasks/search", byProcess)).at("/page/totalItems").asInt())
        .isEqualTo(1);
    JsonNode first =
        await(
            "the first instance to complete",
            () ->
                Optional.of(json(get("/v2/process-instances/" + instances.get(0))))
                    .filter(instance -> instance.path("state").asText().equals("COMPLETED")));
    assertThat(first.path("processDefinitionId").asText()).isEqualTo(processId);
    JsonNode elements =
        json(
            post(
                "/v2/element-instances/search",
                Map.of(
                    "filter",
                    Map.of("processInstanceKey", instances.get(0), "elementId", "Review"))));
    assertThat(elements.at("/items/0/state").asText()).isEqualTo("COMPLETED");
    assertThat(elements.at("/items/0/type").asText()).isEqualTo("USER_TASK");
    var variables =
        json(
            post(
                "/v2/variables/search",
                Map.of(
                    "filter", Map.of("processInstanceKey", instances.get(1), "name", "comment"))));
    assertThat(variables.at("/items/0/value").asText()).isEqualTo("\"Not like this\"");

    var cancelled = post("/v2/process-instances/" + instances.get(2) + "/cancellation", Map.of());
    assertThat(cancelled.statusCode()).isEqualTo(204);
    assertThat(json(post("/v2/user-tasks/search", byProcess)).at("/page/totalItems").asInt())
        .as("a task whose scope ended is no longer open")
        .isZero();
  }

  /**
   * Malformed requests are the caller's to fix: a 4xx naming the problem, never a server error, and
   * no instance.
   */
  @Test
  void malformedRequestsAreRefusedWithA4xxThatNamesTheProblem() {
    var variables = new java.util.HashMap<String, Object>();
    for (int i = 0; i < 50_000; i++) {
      variables.put("v" + i, i);
    }
    Map<String, Map<String, Object>> malformed = new java.util.LinkedHashMap<>();
    malformed.put(
        "maximum size",
        Map.of("processDefinitionId", "go-live", "variables", Map.of("x", "a".repeat(12_000_000))));
    malformed.put("characters", Map.of("processDefinitionId", "x".repeat(100_000)));
    malformed.put("record batch", Map.of("processDefinitionId", "go-live", "variables", variables));
    malformed.put(
        "requestTimeout",
        Map.of("processDefinitionId", "go-live", "awaitCompletion", true, "requestTimeout", -5));
    malformed.put(
        "awaitCompletion", Map.of("processDefinitionId", "go-live", "awaitCompletion", "yes"));
    malformed.put("colour", Map.of("processDefinitionId", "go-live", "colour", "red"));
    malformed.forEach(
        (named, body) -> {
          HttpResponse<String> answer = post("/v2/process-instances", body);
          assertThat(answer.statusCode()).as("%s: %s", named, answer.body()).isBetween(400, 499);
          assertThat(answer.body()).as(named).contains(named);
        });

    Map<String, Map<String, Object>> elsewhere = new java.util.LinkedHashMap<>();
    elsewhere.put("/v2/process-instances/search", Map.of("filter", Map.of(), "colour", "red"));
    elsewhere.put("/v2/user-tasks/search", Map.of("page", Map.of("limit", "ten")));
    elsewhere.put("/v2/incidents/search", Map.of("page", Map.of("size", 10)));
    elsewhere.put("/v2/variables/search", Map.of("page", Map.of("after", "bm90IGEgY3Vyc29y")));
    elsewhere.put("/v2/jobs/1/failure", Map.of("retries", "3"));
    elsewhere.put("/v2/jobs/1/completion", Map.of("variabels", Map.of("a", 1)));
    elsewhere.put("/v2/jobs/1/error", Map.of("errorCode", 7));
    elsewhere.put(
        "/v2/jobs/activation", Map.of("type", "t", "timeout", "1m", "maxJobsToActivate", 1));
    elsewhere.put("/v2/user-tasks/1/completion", Map.of("variables", List.of()));
    elsewhere.put("/v2/incidents/1/resolution", Map.of("force", true));
    Map<String, String> named =
        Map.of(
            "/v2/process-instances/search",
            "[colour]",
            "/v2/user-tasks/search",
            "page.limit",
            "/v2/incidents/search",
            "[page.size]",
            "/v2/variables/search",
            "cursor",
            "/v2/jobs/1/failure",
            "retries",
            "/v2/jobs/1/completion",
            "[variabels]",
            "/v2/jobs/1/error",
            "errorCode",
            "/v2/jobs/activation",
            "timeout",
            "/v2/user-tasks/1/completion",
            "variables",
            "/v2/incidents/1/resolution",
            "[force]");
    elsewhere.forEach(
        (path, body) -> {
          HttpResponse<String> answer = post(path, body);
          assertThat(answer.statusCode()).as("%s: %s", path, answer.body()).isBetween(400, 499);
          assertThat(answer.body())
              .as(path)
              .contains(named.get(path))
              .doesNotContain("java.", "Exception");
        });

    HttpResponse<String> garbage = deploy(Map.of("garbage.bpmn", "this is not XML"));
    assertThat(garbage.statusCode()).as(garbage.body()).isEqualTo(400);
    assertThat(garbage.body())
        .as("the engine's parser, as Camunda answers")
        .contains("garbage.bpmn", "Line=1", "Content is not allowed in prolog");
    HttpResponse<String> xxe =
        deploy(
            Map.of(
                "xxe.bpmn",
                "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x SYSTEM"
                    + " \"file:///etc/passwd\">]><definitions>&x;</definitions>"));
    assertThat(xxe.statusCode()).as(xxe.body()).isEqualTo(400);
    assertThat(xxe.body()).contains("DOCTYPE").doesNotContain("root:");

    HttpResponse<String> fault = post("/sandbox/callbacks/faults", Map.of("mode", "bogus"));
    assertThat(fault.statusCode()).isEqualTo(400);
    assertThat(fault.body()).contains("mode: must be one of");
  }

  @Test
  void anIncidentIsFoundAndResolvedOnceItsJobHasRetriesAgain() {
    String processId = "rest-api-test-" + UUID.randomUUID();
    String jobType = processId + ".work";
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask("Work", task -> task.zeebeJobType(jobType))
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long instance = start(processId, Map.of());
    var job =
        camunda
            .newActivateJobsCommand()
            .jobType(jobType)
            .maxJobsToActivate(1)
            .send()
            .join()
            .getJobs()
            .getFirst();
    camunda.newFailCommand(job).retries(0).errorMessage("the thing broke").send().join();

    JsonNode incident =
        await(
                "the incident",
                () ->
                    Optional.of(
                            json(
                                post(
                                    "/v2/incidents/search",
                                    Map.of(
                                        "filter",
                                        Map.of("processInstanceKey", Long.toString(instance))))))
                        .filter(found -> found.at("/page/totalItems").asInt() == 1))
            .at("/items/0");
    assertThat(incident.path("errorType").asText()).isEqualTo("JOB_NO_RETRIES");
    assertThat(incident.path("errorMessage").asText()).isEqualTo("the thing broke");
    assertThat(incident.path("jobKey").asText()).isEqualTo(Long.toString(job.getKey()));
    assertThat(json(get("/v2/process-instances/" + instance)).path("hasIncident").asBoolean())
        .isTrue();
    assertThat(
            json(post(
                    "/v2/element-instances/search",
                    Map.of(
                        "filter",
                        Map.of(
                            "processInstanceKey", Long.toString(instance), "hasIncident", true))))
                .at("/items/0/elementId")
                .asText())
        .isEqualTo("Work");

    var noRetries =
        send(
            HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/jobs/" + job.getKey()))
                .header("Content-Type", "application/json")
                .method(
                    "PATCH",
                    HttpRequest.BodyPublishers.ofString("{\"changeset\": {\"retries\": 0}}"))
                .build());
    assertThat(noRetries.statusCode()).isEqualTo(400);
    assertThat(json(noRetries).path("detail").asText()).contains("changeset.retries");
    var retries =
        send(
            HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/jobs/" + job.getKey()))
                .header("Content-Type", "application/json")
                .method(
                    "PATCH",
                    HttpRequest.BodyPublishers.ofString("{\"changeset\": {\"retries\": 1}}"))
                .build());
    assertThat(retries.statusCode()).as(retries.body()).isEqualTo(204);
    String incidentKey = incident.path("incidentKey").asText();
    assertThat(post("/v2/incidents/" + incidentKey + "/resolution", Map.of()).statusCode())
        .isEqualTo(204);
    assertThat(json(get("/v2/incidents/" + incidentKey)).path("state").asText())
        .isEqualTo("RESOLVED");
    assertThat(json(get("/v2/process-instances/" + instance)).path("hasIncident").asBoolean())
        .isFalse();

    var again =
        camunda
            .newActivateJobsCommand()
            .jobType(jobType)
            .maxJobsToActivate(1)
            .send()
            .join()
            .getJobs();
    camunda.newCompleteCommand(again.getFirst()).send().join();
    assertThatProcessInstance(byKey(instance)).isCompleted();
  }

  @Test
  void searchesArePagedWithCursors() {
    // Running instances, so every search sees the same set.
    String processId = "rest-api-test-" + UUID.randomUUID();
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId).startEvent().userTask("Wait").endEvent().done(),
            processId + ".bpmn")
        .send()
        .join();
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 17; i++) {
      keys.add(Long.toString(start(processId, Map.of())));
    }
    Map<String, Object> filter = Map.of("processDefinitionId", processId);
    List<Map<String, String>> newestFirst =
        List.of(Map.of("field", "processInstanceKey", "order", "DESC"));
    await(
        "all 17 instances listed",
        () ->
            Optional.of(json(post("/v2/process-instances/search", Map.of("filter", filter))))
                .filter(found -> found.at("/page/totalItems").asInt() == keys.size()));

    var paged = new ArrayList<String>();
    Map<String, Object> page = Map.of("limit", 7);
    while (true) {
      JsonNode found =
          json(
              post(
                  "/v2/process-instances/search",
                  Map.of("filter", filter, "sort", newestFirst, "page", page)));
      assertThat(found.at("/page/totalItems").asInt()).isEqualTo(keys.size());
      found.path("items").forEach(item -> paged.add(item.path("processInstanceKey").asText()));
      if (found.path("items").size() < 7) {
        break;
      }
      page = Map.of("limit", 7, "after", found.at("/page/endCursor").asText());
    }
    assertThat(paged).containsExactlyElementsOf(keys.reversed());

    var unknownField =
        post("/v2/process-instances/search", Map.of("filter", Map.of("colour", "blue")));
    assertThat(unknownField.statusCode()).isEqualTo(400);
    assertThat(json(unknownField).path("detail").asText()).contains("filter.colour");
  }

  @Test
  void aTaskChangeWithABadValueIsRefusedNamingTheFieldAndRule() {
    String processId = "rest-api-changes-" + UUID.randomUUID();
    var deployed =
        deploy(
            Map.of(
                processId + ".bpmn",
                Bpmn.convertToString(
                    Bpmn.createExecutableProcess(processId)
                        .startEvent()
                        .userTask("Review", task -> task.zeebeUserTask())
                        .endEvent()
                        .done())));
    assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
    String instance =
        json(post("/v2/process-instances", Map.of("processDefinitionId", processId)))
            .path("processInstanceKey")
            .asText();
    String task =
        Awaitility.await("the task")
            .atMost(PATIENCE)
            .until(
                () ->
                    json(post(
                            "/v2/user-tasks/search",
                            Map.of("filter", Map.of("processInstanceKey", instance))))
                        .at("/items/0/userTaskKey")
                        .asText(""),
                key -> !key.isEmpty());

    assertBadChange(
        post("/v2/user-tasks/" + task + "/assignment", Map.of("assignee", " ")),
        "assignee is required");
    assertBadChange(
        post(
            "/v2/user-tasks/" + task + "/assignment",
            Map.of("assignee", "ann", "allowOverride", "no")),
        "allowOverride must be true or false");
    assertBadChange(
        patch("/v2/user-tasks/" + task, Map.of("changeset", Map.of("priority", 101))),
        "changeset.priority must be within the [0,100] range");
    assertBadChange(
        patch("/v2/user-tasks/" + task, Map.of("changeset", Map.of("dueDate", "tomorrow"))),
        "changeset.dueDate must be an RFC 3339 date-time");
    assertBadChange(
        patch("/v2/user-tasks/" + task, Map.of("changeset", Map.of("candidateGroups", "editors"))),
        "changeset.candidateGroups must be a list of texts");
    assertBadChange(
        patch("/v2/user-tasks/" + task, Map.of("changeset", Map.of())), "No update data provided");
    assertThat(post("/v2/user-tasks/1/assignment", Map.of("assignee", "ann")).statusCode())
        .isEqualTo(404);
    assertBadChange(
        post(
            "/v2/jobs/activation",
            Map.of("type", "x", "timeout", 1000, "maxJobsToActivate", 1, "tenantFilter", "MINE")),
        "tenantFilter must be PROVIDED or ASSIGNED");
  }

  private static void assertBadChange(HttpResponse<String> response, String reason) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(json(response).path("detail").asText()).contains(reason);
  }

  private HttpResponse<String> patch(String path, Object body) {
    try {
      return send(
          HttpRequest.newBuilder(URI.create(baseUrl() + path))
              .header("Content-Type", "application/json")
              .method(
                  "PATCH",
                  HttpRequest.BodyPublishers.ofString(ApiJson.MAPPER.writeValueAsString(body)))
              .build());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private void assertRefused(String taskKey, Map<String, Object> variables, String reason) {
    var response =
        post("/v2/user-tasks/" + taskKey + "/completion", Map.of("variables", variables));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(json(response).path("detail").asText()).contains(reason);
  }

  /** A multipart deployment, as Camunda's clients send it: one {@code resources} part per file. */
  private HttpResponse<String> deploy(Map<String, String> files) {
    String boundary = "mediaflow-" + UUID.randomUUID();
    var body = new ByteArrayOutputStream();
    files.forEach(
        (name, content) ->
            body.writeBytes(
                ("--"
                        + boundary
                        + "\r\n"
                        + "Content-Disposition: form-data; name=\"resources\"; filename=\""
                        + name
                        + "\"\r\n"
                        + "Content-Type: application/octet-stream\r\n\r\n"
                        + content
                        + "\r\n")
                    .getBytes(StandardCharsets.UTF_8)));
    body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return send(
        HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/deployments"))
            .header("Content-Type", "multipart/form-data; boundary=" + boundary)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()))
            .build());
  }
}
