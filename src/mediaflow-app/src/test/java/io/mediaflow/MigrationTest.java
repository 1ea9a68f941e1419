package io.mediaflow;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.grpc.Status;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A running instance migrated to the next version of its process, as Camunda's Java client asks it
 * over REST and over gRPC: the instance then shows the new definition, its waiting job is the new
 * element's, and it continues on the new version's path. The engine's refusals come back with its
 * reason: an active element left unmapped, an element the source does not have.
 */
class MigrationTest extends MediaflowTest {

  private CamundaClient rest;
  private CamundaClient grpc;
  private String unique;

  @BeforeEach
  void connect() {
    rest = userClient(true);
    grpc = userClient(false);
    unique = UUID.randomUUID().toString().substring(0, 8);
  }

  @AfterEach
  void disconnect() {
    rest.close();
    grpc.close();
  }

  @Test
  void anInstanceMigratedOverRestContinuesOnTheNewVersion() {
    Versions versions = deployTwoVersions();
    long instance = startOn(versions.first());
    awaitJob(versions, "Work");

    rest.newMigrateProcessInstanceCommand(instance)
        .migrationPlan(versions.second())
        .addMappingInstruction("Work", "Work2")
        .send()
        .join();

    JsonNode migrated = json(get("/v2/process-instances/" + instance));
    assertThat(migrated.path("processDefinitionKey").asText())
        .isEqualTo(Long.toString(versions.second()));
    assertThat(migrated.path("processDefinitionVersion").asInt()).isEqualTo(2);
    JsonNode active =
        json(post(
                "/v2/element-instances/search",
                Map.of(
                    "filter",
                    Map.of("processInstanceKey", Long.toString(instance), "state", "ACTIVE"))))
            .path("items");
    assertThat(active.findValuesAsText("elementId")).contains("Work2").doesNotContain("Work");
    continuesOnTheSecondVersion(versions, instance);
  }

  @Test
  void anInstanceMigratedOverGrpcContinuesOnTheNewVersion() {
    Versions versions = deployTwoVersions();
    long instance = startOn(versions.first());
    awaitJob(versions, "Work");

    grpc.newMigrateProcessInstanceCommand(instance)
        .migrationPlan(versions.second())
        .addMappingInstruction("Work", "Work2")
        .send()
        .join();

    assertThat(json(get("/v2/process-instances/" + instance)).path("processDefinitionKey").asText())
        .isEqualTo(Long.toString(versions.second()));
    continuesOnTheSecondVersion(versions, instance);
  }

  @Test
  void aMigratedUserTaskIsListedAsTheNewVersionsTask() {
    String processId = "migrated-task-" + unique;
    long first =
        deploy(
            processId,
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .userTask("Approve", task -> task.name("Approve the cut").zeebeUserTask())
                .endEvent()
                .done());
    long second =
        deploy(
            processId,
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .userTask("Approve2", task -> task.name("Approve the final cut").zeebeUserTask())
                .endEvent()
                .done());
    long instance = startOn(first);
    awaitUserTask(instance, "Approve the cut");

    rest.newMigrateProcessInstanceCommand(instance)
        .migrationPlan(second)
        .addMappingInstruction("Approve", "Approve2")
        .send()
        .join();

    UserTask task = awaitUserTask(instance, "Approve the final cut");
    assertThat(task.elementId()).isEqualTo("Approve2");
    assertThat(json(get("/v2/user-tasks/" + task.key())).path("processDefinitionKey").asText())
        .isEqualTo(Long.toString(second));
    completeUserTask(task, Map.of());
    assertThatProcessInstance(byKey(instance)).isCompleted();
  }

  @Test
  void theEngineRefusesAMigrationThatLeavesAnActiveElementUnmapped() {
    Versions versions = deployTwoVersions();
    long instance = startOn(versions.first());
    awaitJob(versions, "Work");

    var unmapped =
        post(
            "/v2/process-instances/" + instance + "/migration",
            Map.of(
                "targetProcessDefinitionKey",
                Long.toString(versions.second()),
                "mappingInstructions",
                List.of(Map.of("sourceElementId", "End", "targetElementId", "End"))));
    assertThat(unmapped.statusCode()).as(unmapped.body()).isEqualTo(409);
    assertThat(json(unmapped).path("detail").asText())
        .contains("no mapping instruction defined for active element with id 'Work'");
    assertThatThrownBy(
            () ->
                grpc.newMigrateProcessInstanceCommand(instance)
                    .migrationPlan(versions.second())
                    .addMappingInstruction("End", "End")
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ClientStatusException.class,
            refused -> {
              assertThat(refused.getStatusCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
              assertThat(refused.getMessage()).contains("active element with id 'Work'");
            });

    var unknownSource =
        post(
            "/v2/process-instances/" + instance + "/migration",
            Map.of(
                "targetProcessDefinitionKey",
                Long.toString(versions.second()),
                "mappingInstructions",
                List.of(Map.of("sourceElementId", "Nowhere", "targetElementId", "Work2"))));
    assertThat(unknownSource.statusCode()).as(unknownSource.body()).isEqualTo(400);
    assertThat(json(unknownSource).path("detail").asText()).contains("'Nowhere'");

    var unknownTarget =
        post(
            "/v2/process-instances/" + instance + "/migration",
            Map.of(
                "targetProcessDefinitionKey",
                "1",
                "mappingInstructions",
                List.of(Map.of("sourceElementId", "Work", "targetElementId", "Work2"))));
    assertThat(unknownTarget.statusCode()).as(unknownTarget.body()).isEqualTo(404);

    var noTarget =
        post(
            "/v2/process-instances/" + instance + "/migration",
            Map.of(
                "mappingInstructions",
                List.of(Map.of("sourceElementId", "Work", "targetElementId", "Work2"))));
    assertThat(noTarget.statusCode()).isEqualTo(400);
    assertThat(json(noTarget).path("detail").asText()).contains("targetProcessDefinitionKey");
    var halfMapped =
        post(
            "/v2/process-instances/" + instance + "/migration",
            Map.of(
                "targetProcessDefinitionKey",
                Long.toString(versions.second()),
                "mappingInstructions",
                List.of(Map.of("sourceElementId", "Work"))));
    assertThat(halfMapped.statusCode()).isEqualTo(400);
    assertThat(json(halfMapped).path("detail").asText()).contains("targetElementId");

    // Refused, the instance is still the first version's.
    assertThat(json(get("/v2/process-instances/" + instance)).path("processDefinitionKey").asText())
        .isEqualTo(Long.toString(versions.first()));
  }

  /** The keys of the two versions of one process, and the job types of their tasks. */
  private record Versions(long first, long second, String work, String review) {}

  /**
   * Version 1 waits in {@code Work}; version 2 calls that task {@code Work2} (same job type) and
   * goes on to a {@code Review} the first version does not have.
   */
  private Versions deployTwoVersions() {
    String processId = "migrated-" + unique;
    String work = "work-" + unique;
    String review = "review-" + unique;
    long first =
        deploy(
            processId,
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask("Work", task -> task.zeebeJobType(work))
                .endEvent("End")
                .done());
    long second =
        deploy(
            processId,
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask("Work2", task -> task.zeebeJobType(work))
                .serviceTask("Review", task -> task.zeebeJobType(review))
                .endEvent("End")
                .done());
    return new Versions(first, second, work, review);
  }

  private long deploy(String processId, BpmnModelInstance model) {
    return rest.newDeployResourceCommand()
        .addProcessModel(model, processId + ".bpmn")
        .send()
        .join()
        .getProcesses()
        .get(0)
        .getProcessDefinitionKey();
  }

  private long startOn(long definitionKey) {
    long key =
        rest.newCreateInstanceCommand()
            .processDefinitionKey(definitionKey)
            .send()
            .join()
            .getProcessInstanceKey();
    track(key);
    return key;
  }

  /** Once the job of {@code elementId} waits: a migration moves active elements only. */
  private void awaitJob(Versions versions, String elementId) {
    await(
        "the job of " + elementId,
        () -> {
          JsonNode jobs =
              json(post(
                      "/v2/jobs/search",
                      Map.of("filter", Map.of("type", versions.work(), "elementId", elementId))))
                  .path("items");
          return jobs.isEmpty() ? Optional.empty() : Optional.of(jobs.get(0));
        });
  }

  /**
   * The job created on the first version is now the second's {@code Work2}; completed, the instance
   * goes on to the second version's {@code Review}, then ends.
   */
  private void continuesOnTheSecondVersion(Versions versions, long instance) {
    ActivatedJob work = activate(versions.work());
    assertThat(work.getElementId()).isEqualTo("Work2");
    assertThat(work.getProcessDefinitionKey()).isEqualTo(versions.second());
    rest.newCompleteCommand(work.getKey()).send().join();
    ActivatedJob review = activate(versions.review());
    assertThat(review.getProcessInstanceKey()).isEqualTo(instance);
    rest.newCompleteCommand(review.getKey()).send().join();
    assertThatProcessInstance(byKey(instance)).isCompleted();
  }

  private ActivatedJob activate(String type) {
    return await(
        "a job of type " + type,
        () ->
            rest
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
