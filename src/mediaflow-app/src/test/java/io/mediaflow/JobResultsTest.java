package io.mediaflow;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.search.enums.JobKind;
import io.camunda.client.api.search.enums.ListenerEventType;
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
 * Jobs that are more than a task's work, over REST as Camunda's Java client works them: an ad-hoc
 * sub-process's job, completed with a result that activates one of its elements (8.8's agentic
 * pattern), and an execution listener's job, each activated with its real kind and listener event.
 */
class JobResultsTest extends MediaflowTest {

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

  private ActivatedJob activate(String type) {
    return await(
        "a job of type " + type,
        () -> {
          List<ActivatedJob> jobs =
              client
                  .newActivateJobsCommand()
                  .jobType(type)
                  .maxJobsToActivate(1)
                  .timeout(Duration.ofMinutes(1))
                  .requestTimeout(Duration.ofSeconds(1))
                  .send()
                  .join()
                  .getJobs();
          return jobs.stream().findFirst();
        });
  }

  @Test
  void anAdHocSubProcessJobActivatesTheElementsItsResultNames() {
    String processId = "ad-hoc-" + unique;
    String agent = "agent-" + unique;
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .adHocSubProcess(
                    "Agent",
                    adHoc -> {
                      adHoc.zeebeJobType(agent);
                      adHoc.task("Transcode");
                      adHoc.task("Publish");
                    })
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long instance = start(processId, Map.of());

    ActivatedJob job = activate(agent);
    assertThat(job.getKind()).isEqualTo(JobKind.AD_HOC_SUB_PROCESS);
    assertThat(job.getListenerEventType()).isEqualTo(ListenerEventType.UNSPECIFIED);
    client
        .newCompleteCommand(job.getKey())
        .withResult(
            result ->
                result
                    .forAdHocSubProcess()
                    .activateElement("Transcode")
                    .variables(Map.of("chosen", "Transcode"))
                    .completionConditionFulfilled(true))
        .send()
        .join();

    assertThatProcessInstance(byKey(instance))
        .isCompleted()
        .hasCompletedElement("Transcode", 1)
        .hasCompletedElement("Publish", 0);
  }

  @Test
  void anExecutionListenersJobIsActivatedAsOneAndAnUnknownResultTypeIsRefused() {
    String processId = "listened-" + unique;
    String listener = "listener-" + unique;
    String work = "work-" + unique;
    client
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask(
                    "Work", task -> task.zeebeJobType(work).zeebeStartExecutionListener(listener))
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    start(processId, Map.of());

    ActivatedJob listening = activate(listener);
    assertThat(listening.getKind()).isEqualTo(JobKind.EXECUTION_LISTENER);
    assertThat(listening.getListenerEventType()).isEqualTo(ListenerEventType.START);
    var refused =
        post(
            "/v2/jobs/" + listening.getKey() + "/completion",
            Map.of("result", Map.of("type", "somethingElse")));
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(json(refused).path("detail").asText()).contains("result.type");
    client.newCompleteCommand(listening.getKey()).send().join();

    ActivatedJob working = activate(work);
    assertThat(working.getKind()).isEqualTo(JobKind.BPMN_ELEMENT);
    assertThat(working.getUserTask()).isNull();
    assertThat(Optional.ofNullable(working.getListenerEventType()))
        .contains(ListenerEventType.UNSPECIFIED);
  }
}
