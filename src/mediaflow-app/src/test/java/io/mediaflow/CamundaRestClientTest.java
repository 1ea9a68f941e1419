package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.search.enums.JobState;
import io.camunda.client.api.search.enums.ProcessInstanceState;
import io.camunda.client.api.search.enums.UserTaskState;
import io.camunda.client.api.search.filter.UserTaskFilter;
import io.camunda.client.api.search.response.ProcessInstance;
import io.camunda.zeebe.model.bpmn.Bpmn;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Camunda's Java client as an application would build it, with its defaults: it prefers the REST
 * API, so every command and search below goes to the embedded default's {@code /v2} endpoints.
 */
class CamundaRestClientTest extends MediaflowTest {

  private CamundaClient client;

  @BeforeEach
  void connect() {
    client = userClient(true);
  }

  @AfterEach
  void disconnect() {
    client.close();
  }

  @Test
  void deploysStartsFindsAndCompletesAUserTask() {
    var model =
        Bpmn.createExecutableProcess("rest-client-check")
            .startEvent()
            .userTask("Approve", task -> task.name("Approve it").zeebeUserTask())
            .endEvent()
            .done();
    var deployment =
        client
            .newDeployResourceCommand()
            .addProcessModel(model, "rest-client-check.bpmn")
            .send()
            .join();
    assertThat(deployment.getProcesses())
        .singleElement()
        .satisfies(
            process -> assertThat(process.getBpmnProcessId()).isEqualTo("rest-client-check"));

    long key =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("rest-client-check")
            .latestVersion()
            .variables(Map.of("requestedBy", "rest"))
            .send()
            .join()
            .getProcessInstanceKey();
    var task =
        await(
            "the user task",
            () ->
                client
                    .newUserTaskSearchRequest()
                    .filter(filter -> filter.processInstanceKey(key).state(UserTaskState.CREATED))
                    .send()
                    .join()
                    .items()
                    .stream()
                    .findFirst());
    assertThat(task.getName()).isEqualTo("Approve it");
    assertThat(task.getElementId()).isEqualTo("Approve");

    client
        .newCompleteUserTaskCommand(task.getUserTaskKey())
        .variables(Map.of("approved", true))
        .send()
        .join();

    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    assertThat(
            client
                .newUserTaskSearchRequest()
                .filter(filter -> filter.processInstanceKey(key))
                .send()
                .join()
                .items())
        .singleElement()
        .satisfies(done -> assertThat(done.getState()).isEqualTo(UserTaskState.COMPLETED));
  }

  @Test
  void deploysStartsAndCompletesTranscodeWithApproval() {
    client
        .newDeployResourceCommand()
        .addResourceFromClasspath("bpmn/transcode-with-approval.bpmn")
        .addResourceFromClasspath("forms/review-renditions.form")
        .addResourceFromClasspath("forms/failed-transcoding-job.form")
        .send()
        .join();
    long key =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("transcode-with-approval")
            .latestVersion()
            .variables(Map.of("source", baseUrl() + "/sandbox/samples/bars-1080p.mp4"))
            .send()
            .join()
            .getProcessInstanceKey();

    var review =
        await(
            "Review renditions",
            () ->
                client
                    .newUserTaskSearchRequest()
                    .filter(
                        filter ->
                            filter
                                .processInstanceKey(key)
                                .elementId("ReviewRenditions")
                                .state(UserTaskState.CREATED))
                    .send()
                    .join()
                    .items()
                    .stream()
                    .findFirst());
    assertThat(client.newUserTaskGetFormRequest(review.getUserTaskKey()).send().join().getFormId())
        .isEqualTo("review-renditions");
    client
        .newCompleteUserTaskCommand(review.getUserTaskKey())
        .variables(Map.of("approved", true))
        .send()
        .join();

    assertThat(awaitEnded(key).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
  }

  @Test
  void assignsClaimsUpdatesAndUnassignsAUserTask() {
    var model =
        Bpmn.createExecutableProcess("rest-client-assignment")
            .startEvent()
            .userTask(
                "Review",
                task -> task.name("Review it").zeebeCandidateGroups("editors").zeebeUserTask())
            .endEvent()
            .done();
    client
        .newDeployResourceCommand()
        .addProcessModel(model, "rest-client-assignment.bpmn")
        .send()
        .join();
    long instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId("rest-client-assignment")
            .latestVersion()
            .variables(Map.of("clip", "intro"))
            .send()
            .join()
            .getProcessInstanceKey();
    var task =
        await(
            "the user task",
            () ->
                client
                    .newUserTaskSearchRequest()
                    .filter(
                        filter -> filter.processInstanceKey(instance).state(UserTaskState.CREATED))
                    .send()
                    .join()
                    .items()
                    .stream()
                    .findFirst());
    long key = task.getUserTaskKey();
    assertThat(task.getAssignee()).isNull();
    assertThat(task.getCandidateGroups()).containsExactly("editors");
    assertThat(task.getPriority()).isEqualTo(50);

    client.newAssignUserTaskCommand(key).assignee("ann").allowOverride(false).send().join();
    assertThat(tasks(instance, filter -> filter.assignee("ann"))).containsExactly(key);
    assertThatThrownBy(
            () ->
                client
                    .newAssignUserTaskCommand(key)
                    .assignee("bob")
                    .allowOverride(false)
                    .send()
                    .join())
        .as("claiming a task someone else holds: the engine's rejection, titled as Camunda's")
        .isInstanceOfSatisfying(
            ProblemException.class,
            problem -> {
              assertThat(problem.code()).isEqualTo(409);
              assertThat(problem.details().getTitle()).isEqualTo("INVALID_STATE");
            });
    client
        .newAssignUserTaskCommand(key)
        .assignee("ann")
        .allowOverride(false)
        .send()
        .join(); // hers already
    client
        .newAssignUserTaskCommand(key)
        .assignee("bob")
        .send()
        .join(); // allowOverride defaults to true
    assertThat(tasks(instance, filter -> filter.assignee("ann"))).isEmpty();
    assertThat(tasks(instance, filter -> filter.assignee("bob"))).containsExactly(key);

    client
        .newUpdateUserTaskCommand(key)
        .candidateGroups("reviewers")
        .candidateUsers("carl")
        .dueDate("2031-05-01T10:00:00Z")
        .followUpDate("2031-04-30T10:00:00Z")
        .priority(80)
        .send()
        .join();
    assertThat(tasks(instance, filter -> filter.candidateGroup("editors"))).isEmpty();
    assertThat(tasks(instance, filter -> filter.candidateGroup("reviewers"))).containsExactly(key);
    assertThat(tasks(instance, filter -> filter.candidateUser("carl"))).containsExactly(key);
    var updated = client.newUserTaskGetRequest(key).send().join();
    assertThat(updated.getCandidateGroups()).containsExactly("reviewers");
    assertThat(updated.getCandidateUsers()).containsExactly("carl");
    assertThat(updated.getDueDate()).isEqualTo(OffsetDateTime.parse("2031-05-01T10:00:00Z"));
    assertThat(updated.getFollowUpDate()).isEqualTo(OffsetDateTime.parse("2031-04-30T10:00:00Z"));
    assertThat(updated.getPriority()).isEqualTo(80);
    assertThat(updated.getAssignee()).as("an update leaves the assignee alone").isEqualTo("bob");

    client.newUpdateUserTaskCommand(key).clearDueDate().clearCandidateUsers().send().join();
    client.newUnassignUserTaskCommand(key).send().join();
    var cleared = client.newUserTaskGetRequest(key).send().join();
    assertThat(cleared.getAssignee()).isNull();
    assertThat(cleared.getDueDate()).isNull();
    assertThat(cleared.getCandidateUsers()).isEmpty();
    assertThat(cleared.getCandidateGroups()).containsExactly("reviewers");
    assertThat(tasks(instance, filter -> filter.assignee(assignee -> assignee.exists(false))))
        .containsExactly(key);

    assertThat(client.newUserTaskVariableSearchRequest(key).send().join().items())
        .as("the task's changes are no variables of it")
        .extracting(variable -> variable.getName())
        .containsExactly("clip");
    assertThat(
            client
                .newVariableSearchRequest()
                .filter(filter -> filter.processInstanceKey(instance))
                .send()
                .join()
                .items())
        .extracting(variable -> variable.getName())
        .containsExactly("clip");
    client
        .newCompleteUserTaskCommand(key)
        .send()
        .join(); // anyone may complete it over the API, as in Camunda
    assertThat(awaitEnded(instance).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    assertThatThrownBy(() -> client.newAssignUserTaskCommand(key).assignee("ann").send().join())
        .as("the engine no longer knows a completed task, as Camunda answers")
        .isInstanceOfSatisfying(
            ProblemException.class, problem -> assertThat(problem.code()).isEqualTo(404));
  }

  /**
   * Long polling: an activation sent before any job of its type exists waits and answers with the
   * job once an instance creates it; one that finds none answers empty after its request timeout,
   * not before.
   */
  @Test
  void anActivationWaitsForItsJobAndTheSearchFollowsIt() {
    String type = "rest-long-poll-" + UUID.randomUUID();
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(type)
                .startEvent()
                .serviceTask("Work", task -> task.zeebeJobType(type))
                .endEvent()
                .done(),
            type + ".bpmn")
        .send()
        .join();
    var waiting =
        client
            .newActivateJobsCommand()
            .jobType(type)
            .maxJobsToActivate(1)
            .workerName("poller")
            .timeout(Duration.ofMinutes(5))
            .requestTimeout(Duration.ofSeconds(60))
            .send();
    long instance =
        client
            .newCreateInstanceCommand()
            .bpmnProcessId(type)
            .latestVersion()
            .send()
            .join()
            .getProcessInstanceKey();
    var jobs = waiting.join().getJobs();
    assertThat(jobs)
        .as("the job created after the request was sent")
        .singleElement()
        .satisfies(job -> assertThat(job.getProcessInstanceKey()).isEqualTo(instance));
    long jobKey = jobs.getFirst().getKey();

    var found =
        client
            .newJobSearchRequest()
            .filter(filter -> filter.type(type).state(JobState.CREATED))
            .send()
            .join()
            .items();
    assertThat(found)
        .singleElement()
        .satisfies(
            job -> {
              assertThat(job.getJobKey()).isEqualTo(jobKey);
              assertThat(job.getWorker()).isEqualTo("poller");
              assertThat(job.getProcessInstanceKey()).isEqualTo(instance);
              assertThat(job.getDeadline()).isAfter(OffsetDateTime.now());
            });
    long elementInstance = found.getFirst().getElementInstanceKey();
    assertThat(
            client
                .newJobSearchRequest()
                .filter(
                    filter ->
                        filter
                            .elementInstanceKey(elementInstance)
                            .jobKey(jobKey)
                            .processInstanceKey(instance))
                .send()
                .join()
                .items())
        .hasSize(1);

    long started = System.nanoTime();
    assertThat(
            client
                .newActivateJobsCommand()
                .jobType(type)
                .maxJobsToActivate(1)
                .timeout(Duration.ofMinutes(5))
                .requestTimeout(Duration.ofSeconds(1))
                .send()
                .join()
                .getJobs())
        .as("its only job is taken")
        .isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .as("held for its request timeout")
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));

    client.newFailCommand(jobKey).retries(2).errorMessage("try again").send().join();
    assertThat(
            client
                .newActivateJobsCommand()
                .jobType(type)
                .maxJobsToActivate(1)
                .timeout(Duration.ofMinutes(5))
                .tenantId("another-tenant")
                .requestTimeout(Duration.ofMillis(500))
                .send()
                .join()
                .getJobs())
        .as("no tenant but <default> has jobs")
        .isEmpty();
    assertThat(
            client
                .newJobSearchRequest()
                .filter(filter -> filter.jobKey(jobKey))
                .send()
                .join()
                .singleItem())
        .satisfies(
            job -> {
              assertThat(job.getState()).isEqualTo(JobState.FAILED);
              assertThat(job.getRetries()).isEqualTo(2);
              assertThat(job.getErrorMessage()).isEqualTo("try again");
              assertThat(job.hasFailedWithRetriesLeft()).isTrue();
            });
    var again =
        client
            .newActivateJobsCommand()
            .jobType(type)
            .maxJobsToActivate(1)
            .timeout(Duration.ofMinutes(5))
            .requestTimeout(Duration.ofSeconds(60))
            .send()
            .join()
            .getJobs();
    assertThat(again).extracting(job -> job.getKey()).containsExactly(jobKey);
    client.newCompleteCommand(jobKey).send().join();
    assertThat(awaitEnded(instance).getState()).isEqualTo(ProcessInstanceState.COMPLETED);
    var completed =
        client.newJobSearchRequest().filter(filter -> filter.type(type)).send().join().singleItem();
    assertThat(completed.getState()).isEqualTo(JobState.COMPLETED);
    assertThat(completed.getEndTime()).isNotNull();
  }

  private List<Long> tasks(long instance, Consumer<UserTaskFilter> filter) {
    return client
        .newUserTaskSearchRequest()
        .filter(f -> filter.accept(f.processInstanceKey(instance)))
        .send()
        .join()
        .items()
        .stream()
        .map(task -> task.getUserTaskKey())
        .toList();
  }

  private ProcessInstance awaitEnded(long key) {
    return await(
        "instance " + key + " to end",
        () -> {
          ProcessInstance instance =
              client
                  .newProcessInstanceSearchRequest()
                  .filter(filter -> filter.processInstanceKey(key))
                  .send()
                  .join()
                  .singleItem();
          return instance.getState() == ProcessInstanceState.ACTIVE
              ? Optional.empty()
              : Optional.of(instance);
        });
  }
}
