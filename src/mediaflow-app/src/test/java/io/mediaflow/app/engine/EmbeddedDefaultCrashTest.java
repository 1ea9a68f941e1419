package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import io.mediaflow.callback.CallbackProperties;
import io.mediaflow.callback.internal.CallbackUrls;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The embedded default as its users run it, a separate JVM with its engine in a data folder, killed
 * with {@code kill -9} (no shutdown hook, no snapshot) and started again over the same folder:
 * every instance and open task is there with the same keys, the instances go on, new keys follow
 * the old ones, and the keys the data folder keeps (here: of callback URLs) are the same.
 */
class EmbeddedDefaultCrashTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int INSTANCES = 20;

  /** The REST API's task search, which lists Camunda user tasks, as Camunda 8.8's does. */
  private static final String TASKS = "/v2/user-tasks/search";

  /** The console's, which lists the job-based user tasks of earlier versions too. */
  private static final String CONSOLE_TASKS = "/console/api/user-tasks/search";

  @TempDir Path data;
  private EmbeddedDefaultProcess application;

  @BeforeEach
  void application() {
    application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
  }

  @Test
  void aKilledApplicationComesBackWithEveryInstanceAndOpenTask() throws Exception {
    String processId = "crash-" + UUID.randomUUID();
    List<Long> instances = new ArrayList<>();
    Set<String> tasksBefore;
    Process app = application.start();
    try (CamundaClient camunda = client()) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess(processId)
                  .startEvent()
                  .userTask("Review", task -> task.zeebeUserTask())
                  .endEvent()
                  .done(),
              processId + ".bpmn")
          .send()
          .join();
      for (int i = 0; i < INSTANCES; i++) {
        instances.add(
            camunda
                .newCreateInstanceCommand()
                .bpmnProcessId(processId)
                .latestVersion()
                .variables(Map.of("number", i))
                .send()
                .join()
                .getProcessInstanceKey());
      }
      tasksBefore = awaitOpenTasks(TASKS, processId, INSTANCES);
    } finally {
      app.destroyForcibly(); // SIGKILL
      app.waitFor();
    }

    // A callback URL handed to the service before the crash, signed with the key the data folder
    // keeps.
    String callbackSecret = Files.readString(data.resolve("secrets/callback-secret")).strip();
    String callbackUrl =
        new CallbackUrls(
                new CallbackProperties(
                    true,
                    application.baseUrl(),
                    callbackSecret,
                    Duration.ofDays(7),
                    Duration.ofHours(1),
                    Duration.ofMinutes(1),
                    Duration.ofMinutes(15)),
                Clock.systemUTC())
            .forSubject(CallbackUrls.Kind.TRANSCODING, "task-before-the-crash")
            .orElseThrow();

    app = application.start();
    try (CamundaClient camunda = client()) {
      assertThat(
              postForm(
                      callbackUrl,
                      "task_token=task-before-the-crash&event=saved&callback_type=task")
                  .statusCode())
          .as("a callback URL of the run before is still valid")
          .isEqualTo(204);
      Set<String> tasksAfter = awaitOpenTasks(TASKS, processId, INSTANCES);
      assertThat(tasksAfter).as("the same open tasks, by key").isEqualTo(tasksBefore);
      JsonNode first =
          application.search(
              "/v2/variables/search",
              Map.of("processInstanceKey", Long.toString(instances.getFirst()), "name", "number"));
      assertThat(first.get(0).path("value").asText()).isEqualTo("0");

      String task = tasksAfter.iterator().next();
      assertThat(post("/v2/user-tasks/" + task + "/completion", Map.of()).statusCode())
          .isEqualTo(204);
      awaitOpenTasks(TASKS, processId, INSTANCES - 1);
      long next =
          camunda
              .newCreateInstanceCommand()
              .bpmnProcessId(processId)
              .latestVersion()
              .send()
              .join()
              .getProcessInstanceKey();
      assertThat(next)
          .as("new keys follow the old ones")
          .isGreaterThan(instances.stream().mapToLong(k -> k).max().orElseThrow());
    } finally {
      app.destroy(); // a graceful stop: a snapshot, then exit
      app.waitFor();
    }
  }

  /**
   * A task's assignment and update, acknowledged just before a {@code kill -9}, are there after the
   * restart: they are in the engine's log, not only in the running application's memory. So for a
   * Camunda user task (the engine's own commands, which its state holds) and for a job-based one
   * (changes kept as its local variables), which an earlier version made of every user task.
   */
  @ParameterizedTest(name = "Camunda user task: {0}")
  @ValueSource(booleans = {true, false})
  void aKilledApplicationKeepsEveryAssignmentAndUpdateOfATask(boolean camundaUserTask)
      throws Exception {
    String processId = "crash-assignment-" + UUID.randomUUID();
    String tasks = camundaUserTask ? TASKS : CONSOLE_TASKS;
    // No snapshot in this run: only the log holds the changes.
    String[] noSnapshot = {
      "--mediaflow.engine.snapshot-period=1h", "--mediaflow.engine.snapshot-log-growth=1GB"
    };
    Process app = application.start(noSnapshot);
    String task;
    try (CamundaClient camunda = client()) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess(processId)
                  .startEvent()
                  .userTask(
                      "Review",
                      t -> {
                        t.zeebeCandidateGroups("editors");
                        if (camundaUserTask) {
                          t.zeebeUserTask();
                        }
                      })
                  .endEvent()
                  .done(),
              processId + ".bpmn")
          .send()
          .join();
      camunda
          .newCreateInstanceCommand()
          .bpmnProcessId(processId)
          .latestVersion()
          .variables(Map.of("clip", "intro"))
          .send()
          .join();
      task = awaitOpenTasks(tasks, processId, 1).iterator().next();
      application.postOk(
          "/v2/user-tasks/" + task + "/assignment",
          Map.of("assignee", "ann", "allowOverride", false));
      assertThat(
              patch(
                      "/v2/user-tasks/" + task,
                      Map.of(
                          "changeset",
                          Map.of(
                              "candidateGroups",
                              List.of("reviewers"),
                              "priority",
                              80,
                              "dueDate",
                              "2031-05-01T10:00:00Z")))
                  .statusCode())
          .isEqualTo(204);
    } finally {
      app.destroyForcibly(); // SIGKILL, right after the engine acknowledged the changes
      app.waitFor();
    }

    app = application.start(noSnapshot);
    try {
      JsonNode after = application.search(tasks, Map.of("userTaskKey", task)).get(0);
      assertThat(after.path("assignee").asText()).isEqualTo("ann");
      assertThat(after.path("candidateGroups"))
          .containsExactly(JSON.getNodeFactory().textNode("reviewers"));
      assertThat(after.path("priority").asInt()).isEqualTo(80);
      assertThat(after.path("dueDate").asText()).isEqualTo("2031-05-01T10:00:00Z");
      assertThat(
              application.search(
                  tasks, Map.of("processDefinitionId", processId, "assignee", "ann")))
          .hasSize(1);
      assertThat(
              application.search(
                  "/v2/variables/search",
                  Map.of("processInstanceKey", after.path("processInstanceKey").asText())))
          .extracting(variable -> variable.path("name").asText())
          .as("the changes are no variables, after a replay too")
          .containsExactly("clip");
      assertThat(
              post(
                      "/v2/user-tasks/" + task + "/assignment",
                      Map.of("assignee", "bob", "allowOverride", false))
                  .statusCode())
          .as("still hers: another's claim is refused")
          .isEqualTo(409);
      application.postOk("/v2/user-tasks/" + task + "/completion", Map.of());
      awaitOpenTasks(tasks, processId, 0);
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  /**
   * A clock pinned over Camunda's REST API is still pinned after a {@code kill -9} that came before
   * any snapshot held it (the log's replay brings it back): a job activated afterwards gets its
   * deadline from the pinned instant.
   */
  @Test
  void aPinnedClockOutlastsAKill() throws Exception {
    String processId = "clock-" + UUID.randomUUID();
    Instant pinned = Instant.parse("2031-01-01T00:00:00Z");
    // No snapshot in this run: only the log holds the pin.
    String[] noSnapshot = {
      "--mediaflow.engine.snapshot-period=1h", "--mediaflow.engine.snapshot-log-growth=1GB"
    };
    Process app = application.start(noSnapshot);
    try (CamundaClient camunda = restClient()) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess(processId)
                  .startEvent()
                  .serviceTask("Check", task -> task.zeebeJobType(processId))
                  .endEvent()
                  .done(),
              processId + ".bpmn")
          .send()
          .join();
      camunda.newCreateInstanceCommand().bpmnProcessId(processId).latestVersion().send().join();
      camunda.newPinClockCommand().time(pinned).send().join();
    } finally {
      app.destroyForcibly(); // SIGKILL
      app.waitFor();
    }

    app = application.start(noSnapshot);
    try (CamundaClient camunda = restClient()) {
      var jobs =
          camunda
              .newActivateJobsCommand()
              .jobType(processId)
              .maxJobsToActivate(1)
              .timeout(Duration.ofMinutes(1))
              .send()
              .join()
              .getJobs();
      assertThat(jobs)
          .singleElement()
          .satisfies(
              job ->
                  assertThat(Instant.ofEpochMilli(job.getDeadline()))
                      .as("the deadline, from the engine's clock")
                      .isEqualTo(pinned.plus(Duration.ofMinutes(1))));
      camunda.newResetClockCommand().send().join();
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  /** Camunda's client at its defaults: REST. */
  private CamundaClient restClient() {
    return CamundaClient.newClientBuilder()
        .grpcAddress(application.gateway())
        .restAddress(URI.create(application.baseUrl()))
        .build();
  }

  /**
   * The keys of the process's open tasks, once there are {@code count}, as {@code search} lists
   * them.
   */
  private Set<String> awaitOpenTasks(String search, String processId, int count) {
    return Awaitility.await("open tasks")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              var keys = new TreeSet<String>();
              application
                  .search(search, Map.of("processDefinitionId", processId, "state", "CREATED"))
                  .forEach(task -> keys.add(task.path("userTaskKey").asText()));
              return keys;
            },
            keys -> keys.size() == count);
  }

  private CamundaClient client() {
    return CamundaClient.newClientBuilder()
        .grpcAddress(application.gateway())
        .restAddress(URI.create(application.baseUrl()))
        .preferRestOverGrpc(false)
        .build();
  }

  private HttpResponse<String> postForm(String url, String form)
      throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> patch(String path, Object body)
      throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(application.baseUrl() + path))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, Object body)
      throws IOException, InterruptedException {
    return application.post(path, JSON.writeValueAsString(body));
  }
}
