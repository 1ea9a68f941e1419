package io.mediaflow;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.CamundaAssert.assertThatUserTask;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static io.camunda.process.test.api.assertions.UserTaskSelectors.byElementId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.search.enums.JobKind;
import io.camunda.client.api.search.enums.ListenerEventType;
import io.camunda.client.api.worker.JobClient;
import io.camunda.client.api.worker.JobWorker;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.value.JobRecordValue;
import io.camunda.zeebe.protocol.record.value.UserTaskRecordValue;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Camunda user tasks ({@code zeebe:userTask}, Modeler's default in 8.8) as the engine runs them,
 * whichever protocol deployed the model: the engine's own user task commands, its task listeners
 * (whose jobs correct or deny a change), and the task's attributes from the model. What Camunda 8
 * Run answers, the embedded default answers.
 */
class CamundaUserTasksTest extends MediaflowTest {

  /**
   * A Camunda user task assigned by its model, with a listener on assigning and one on completing,
   * as Desktop Modeler writes them.
   */
  private static final String MODEL =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
          xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" id="Definitions"
          targetNamespace="http://bpmn.io/schema/bpmn">
        <bpmn:process id="%1$s" isExecutable="true">
          <bpmn:startEvent id="Start" />
          <bpmn:sequenceFlow id="ToReview" sourceRef="Start" targetRef="Review" />
          <bpmn:userTask id="Review" name="Review the cut">
            <bpmn:extensionElements>
              <zeebe:userTask />
              <zeebe:assignmentDefinition assignee="=requestedBy" candidateGroups="editors" />
              <zeebe:taskSchedule dueDate="2031-05-01T10:00:00Z" followUpDate="2031-04-30T10:00:00Z" />
              <zeebe:priorityDefinition priority="70" />
              <zeebe:taskListeners>
                <zeebe:taskListener eventType="assigning" type="%2$s" />
                <zeebe:taskListener eventType="completing" type="%2$s" />
              </zeebe:taskListeners>
            </bpmn:extensionElements>
          </bpmn:userTask>
          <bpmn:sequenceFlow id="ToEnd" sourceRef="Review" targetRef="End" />
          <bpmn:endEvent id="End" />
        </bpmn:process>
      </bpmn:definitions>
      """;

  private final List<CamundaClient> clients = new ArrayList<>();
  private final List<JobWorker> workers = new ArrayList<>();

  /** Every listener job the workers took, in the order they took them. */
  private final List<ActivatedJob> heard = new CopyOnWriteArrayList<>();

  private String unique;

  @BeforeEach
  void name() {
    unique = UUID.randomUUID().toString().substring(0, 8);
  }

  @AfterEach
  void close() {
    workers.forEach(JobWorker::close);
    clients.forEach(CamundaClient::close);
  }

  /**
   * The held-out case: the same model deployed over gRPC and over REST (which refused it while it
   * rewrote Camunda user tasks into job-based ones). In both instances the assigning listener's job
   * runs and the task is assigned as it says, a denied assignment leaves the task as it was, the
   * completion waits for the completing listener, and the history shows the same records.
   */
  @Test
  void aCamundaUserTaskRunsAlikeDeployedOverGrpcAndOverRest() {
    long overGrpc = deployAndStart(client(false), "over-grpc");
    long overRest = deployAndStart(client(true), "over-rest");

    for (long instance : new long[] {overGrpc, overRest}) {
      JsonNode task = awaitTask(instance, "bob");
      assertThat(task.path("candidateGroups").toString()).isEqualTo("[\"editors\"]");
      assertThat(task.path("priority").asInt()).isEqualTo(70);
      assertThat(task.path("dueDate").asText()).startsWith("2031-05-01T10:00");
      assertThat(task.path("followUpDate").asText()).startsWith("2031-04-30T10:00");
      ActivatedJob assigning = heardFor(instance).getFirst();
      assertThat(assigning.getKind()).isEqualTo(JobKind.TASK_LISTENER);
      assertThat(assigning.getListenerEventType()).isEqualTo(ListenerEventType.ASSIGNING);
      assertThat(assigning.getUserTask().getAssignee())
          .as("the model's assignee, which the listener corrects")
          .isEqualTo("ann");
      assertThat(assigning.getUserTask().getUserTaskKey())
          .isEqualTo(task.path("userTaskKey").asLong());
      long key = task.path("userTaskKey").asLong();

      var denied = post("/v2/user-tasks/" + key + "/assignment", Map.of("assignee", "mallory"));
      assertThat(denied.statusCode()).as(denied.body()).isEqualTo(409);
      assertThat(json(denied).path("detail").asText()).contains("mallory may not review");
      assertThat(json(get("/v2/user-tasks/" + key)).path("assignee").asText())
          .as("a denied assignment changes nothing")
          .isEqualTo("bob");

      assertThatUserTask(byElementId("Review", instance))
          .isCreated()
          .hasAssignee("bob")
          .hasPriority(70)
          .hasCandidateGroup("editors");
      camunda.newCompleteUserTaskCommand(key).variables(Map.of("cut", "final")).send().join();
      assertThatUserTask(byElementId("Review", instance)).isCompleted();
      assertThatProcessInstance(byKey(instance))
          .isCompleted()
          .hasCompletedElements("Review", "End")
          .hasVariable("cut", "final");
    }

    assertThat(history(overGrpc))
        .as("the instance deployed over gRPC shows the same history as the one over REST")
        .isEqualTo(history(overRest))
        .containsSubsequence(
            "USER_TASK CREATING",
            "USER_TASK CREATED",
            "USER_TASK ASSIGNING",
            "JOB TASK_LISTENER ASSIGNING",
            "USER_TASK ASSIGNED",
            "USER_TASK ASSIGNING",
            "JOB TASK_LISTENER ASSIGNING",
            "USER_TASK ASSIGNMENT_DENIED",
            "USER_TASK COMPLETING",
            "JOB TASK_LISTENER COMPLETING",
            "USER_TASK COMPLETED")
        .as("the task is no job a worker could take")
        .noneMatch(entry -> entry.startsWith("JOB BPMN_ELEMENT"));
    assertThat(searchedJobs(overGrpc))
        .isEqualTo(searchedJobs(overRest))
        .containsExactly(
            "TASK_LISTENER ASSIGNING COMPLETED",
            "TASK_LISTENER ASSIGNING COMPLETED",
            "TASK_LISTENER COMPLETING COMPLETED");
  }

  /**
   * A completing listener that denies the completion: the completion is refused with its reason,
   * the task stays open and the instance waits, until a completion it lets through.
   */
  @Test
  void aCompletingListenersDenialKeepsTheTaskOpen() {
    long instance = deployAndStart(client(true), "denied");
    long key = awaitTask(instance, "bob").path("userTaskKey").asLong();

    assertThatThrownBy(
            () -> camunda.newCompleteUserTaskCommand(key).action("withdraw").send().join())
        .isInstanceOfSatisfying(
            ProblemException.class,
            problem -> {
              assertThat(problem.code()).isEqualTo(409);
              assertThat(problem.details().getDetail()).contains("a withdrawal completes nothing");
            });
    assertThat(json(get("/v2/user-tasks/" + key)).path("state").asText()).isEqualTo("CREATED");
    assertThatProcessInstance(byKey(instance)).isActive().hasActiveElements("Review");

    camunda.newCompleteUserTaskCommand(key).send().join();
    assertThatProcessInstance(byKey(instance)).isCompleted();
    assertThat(history(instance))
        .containsSubsequence(
            "USER_TASK COMPLETING",
            "JOB TASK_LISTENER COMPLETING",
            "USER_TASK COMPLETION_DENIED",
            "USER_TASK COMPLETING",
            "JOB TASK_LISTENER COMPLETING",
            "USER_TASK COMPLETED");
  }

  /**
   * A model that asks for a job-based user task (no {@code zeebe:userTask}) gets one, as in
   * Camunda, beside a Camunda user task: only the job-based one is a job, of the engine's user task
   * type. The REST API's task search lists the Camunda user task alone, as Camunda 8.8's does; the
   * console's lists both, and the console assigns and completes both over the REST API.
   */
  @Test
  void aJobBasedUserTaskIsWorkedBesideACamundaUserTask() {
    String processId = "both-kinds-" + unique;
    client(true)
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .parallelGateway("Fork")
                .userTask("AsAJob", task -> task.name("As a job").zeebeCandidateGroups("editors"))
                .parallelGateway("Join")
                .moveToNode("Fork")
                .userTask(
                    "AsTheEngines",
                    task ->
                        task.name("As the engine's")
                            .zeebeUserTask()
                            .zeebeCandidateGroups("editors"))
                .connectTo("Join")
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long instance = start(processId, Map.of());
    String key = Long.toString(instance);
    List<UserTask> open =
        await(
            "both tasks in the console's list",
            () ->
                Optional.of(consoleTasks(Map.of("processInstanceKey", key, "state", "CREATED")))
                    .filter(tasks -> tasks.size() == 2));
    assertThat(open)
        .extracting(UserTask::elementId)
        .containsExactlyInAnyOrder("AsAJob", "AsTheEngines");
    assertThat(openUserTasks(Map.of("processInstanceKey", key)))
        .as("the REST API's search")
        .extracting(UserTask::elementId)
        .containsExactly("AsTheEngines");
    assertThat(
            json(post(
                    "/v2/jobs/search",
                    Map.of(
                        "filter",
                        Map.of("processInstanceKey", key, "type", "io.camunda.zeebe:userTask"))))
                .path("items"))
        .extracting(job -> job.path("elementId").asText())
        .containsExactly("AsAJob");

    for (UserTask task : open) {
      var assigned =
          post(
              "/v2/user-tasks/" + task.key() + "/assignment",
              Map.of("assignee", "ann", "allowOverride", false));
      assertThat(assigned.statusCode()).as(assigned.body()).isEqualTo(204);
    }
    assertThat(
            consoleTasks(Map.of("processInstanceKey", key, "state", "CREATED", "assignee", "ann")))
        .hasSize(2);
    open.forEach(task -> completeUserTask(task, Map.of()));
    assertThatProcessInstance(byKey(instance)).isCompleted();
    Map<String, Object> completed =
        Map.of("processInstanceKey", key, "state", "COMPLETED", "assignee", "ann");
    assertThat(consoleTasks(completed)).hasSize(2);
    assertThat(json(post("/v2/user-tasks/search", Map.of("filter", completed))).path("items"))
        .extracting(task -> task.path("elementId").asText())
        .containsExactly("AsTheEngines");
  }

  /** The tasks the console's task list shows for the filter: job-based ones too. */
  private List<UserTask> consoleTasks(Map<String, Object> filter) {
    var response = post("/console/api/user-tasks/search", Map.of("filter", filter));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return userTasks(json(response).path("items"));
  }

  /**
   * Deploys the model as {@code name} with a listener type of its own, worked by a worker of the
   * same client, and starts it for ann, to be reviewed by bob.
   */
  private long deployAndStart(CamundaClient client, String name) {
    String processId = "camunda-user-task-" + name + "-" + unique;
    String listener = "review-listener-" + name + "-" + unique;
    client
        .newDeployResourceCommand()
        .addResourceBytes(
            MODEL.formatted(processId, listener).getBytes(StandardCharsets.UTF_8),
            processId + ".bpmn")
        .send()
        .join();
    workers.add(
        client
            .newWorker()
            .jobType(listener)
            .handler(this::listen)
            .timeout(Duration.ofMinutes(1))
            .pollInterval(Duration.ofMillis(100))
            .open());
    return start(processId, Map.of("requestedBy", "ann", "reviewer", "bob"));
  }

  /**
   * The listener: an assignment to mallory it denies, any other it corrects to the instance's
   * reviewer; a completion it denies when withdrawn, and lets through otherwise.
   */
  private void listen(JobClient jobs, ActivatedJob job) {
    heard.add(job);
    var task = job.getUserTask();
    var completion = jobs.newCompleteCommand(job);
    if (job.getListenerEventType() == ListenerEventType.ASSIGNING) {
      if ("mallory".equals(task.getAssignee())) {
        completion.withResult(r -> r.forUserTask().deny(true, "mallory may not review"));
      } else {
        String reviewer = (String) job.getVariablesAsMap().get("reviewer");
        completion.withResult(r -> r.forUserTask().correctAssignee(reviewer));
      }
    } else if ("withdraw".equals(task.getAction())) {
      completion.withResult(r -> r.forUserTask().deny(true, "a withdrawal completes nothing"));
    }
    completion.send().join();
  }

  private CamundaClient client(boolean preferRest) {
    CamundaClient client = userClient(preferRest);
    clients.add(client);
    return client;
  }

  /**
   * The instance's open task, once it is assigned to {@code assignee}, as the REST API shows it.
   */
  private JsonNode awaitTask(long instance, String assignee) {
    return await(
        "the review assigned to " + assignee,
        () -> {
          JsonNode found =
              json(
                  post(
                      "/v2/user-tasks/search",
                      Map.of(
                          "filter",
                          Map.of(
                              "processInstanceKey",
                              Long.toString(instance),
                              "state",
                              "CREATED",
                              "assignee",
                              assignee))));
          return found.path("items").isEmpty()
              ? Optional.empty()
              : Optional.of(found.path("items").get(0));
        });
  }

  private List<ActivatedJob> heardFor(long instance) {
    return heard.stream().filter(job -> job.getProcessInstanceKey() == instance).toList();
  }

  /**
   * The instance's user task events and its jobs' creations, in the order the engine wrote them, as
   * {@code USER_TASK <intent>} and {@code JOB <kind> <listener event>}.
   */
  private List<String> history(long instance) {
    var history = new ArrayList<String>();
    for (var record : records().records()) {
      if (record.getRecordType() != RecordType.EVENT) {
        continue;
      }
      if (record.getValue() instanceof UserTaskRecordValue task
          && task.getProcessInstanceKey() == instance) {
        history.add("USER_TASK " + record.getIntent());
      } else if (record.getValue() instanceof JobRecordValue job
          && record.getIntent() == JobIntent.CREATED
          && job.getProcessInstanceKey() == instance) {
        history.add("JOB " + job.getJobKind() + " " + job.getJobListenerEventType());
      }
    }
    return history;
  }

  /** The instance's jobs as the REST API's job search shows them: kind, listener event, state. */
  private List<String> searchedJobs(long instance) {
    var jobs = new ArrayList<String>();
    json(post(
            "/v2/jobs/search",
            Map.of(
                "filter",
                Map.of("processInstanceKey", Long.toString(instance)),
                "sort",
                List.of(Map.of("field", "jobKey")))))
        .path("items")
        .forEach(
            job ->
                jobs.add(
                    job.path("kind").asText()
                        + " "
                        + job.path("listenerEventType").asText()
                        + " "
                        + job.path("state").asText()));
    return jobs;
  }
}
