package io.mediaflow.transcoding;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import io.mediaflow.MediaflowTest;
import io.mediaflow.api.ApiJson;
import io.mediaflow.transcoding.internal.JobProgress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code wait_for_job} keeps where the job stands on its element instance while it polls. */
public class WaitForJobProgressTest extends MediaflowTest {

  public static final String PROCESS = "test-wait-for-job-progress";

  /** create_task, start_encode2 with a four-rung ladder of the 1080p sample, then wait_for_job. */
  public static void deploy(io.camunda.client.CamundaClient camunda) {
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(PROCESS)
                .startEvent()
                .serviceTask(
                    "CreateTask",
                    task ->
                        task.zeebeJobType("mediaflow.transcoding.create_task")
                            .zeebeTaskHeader("resultVariable", "transcodingTask"))
                .serviceTask(
                    "StartJob",
                    task ->
                        task.zeebeJobType("mediaflow.transcoding.start_encode2")
                            .zeebeInputExpression("transcodingTask.task_token", "taskToken")
                            .zeebeInputExpression(
                                "{source: source, format: [{output: \"advanced_hls\", stream: ["
                                    + "{resolution: 1080, bitrate: 5000}, {resolution: 720, bitrate: 2800},"
                                    + " {resolution: 480, bitrate: 1400}, {resolution: 360, bitrate: 800}]}]}",
                                "query")
                            .zeebeTaskHeader("resultVariable", "transcodingJob"))
                .serviceTask(
                    "WaitForJob",
                    task ->
                        task.zeebeJobType("mediaflow.transcoding.wait_for_job")
                            .zeebeInputExpression("transcodingJob.task_token", "taskToken")
                            .zeebeInputExpression("transcodingJob.status_url", "statusUrl"))
                .endEvent()
                .done(),
            PROCESS + ".bpmn")
        .send()
        .join();
  }

  @BeforeEach
  void deployTheProcess() {
    deploy(camunda);
  }

  @Test
  void theWaitKeepsTheJobsStatusAndPercentOnItsElementInstanceAsTheyChange() {
    long instance = start(PROCESS, Map.of("source", baseUrl() + "/sandbox/samples/bars-1080p.mp4"));

    // Two different percentages of the encoding stage, read while the job encodes.
    await(
        "two steps of the encoding stage",
        () -> {
          List<JsonNode> encoding =
              progressWrites(instance).stream()
                  .filter(progress -> progress.path("status").asText().equals("encoding"))
                  .toList();
          return encoding.stream()
                      .map(progress -> progress.path("percent").asDouble())
                      .distinct()
                      .count()
                  >= 2
              ? Optional.of(encoding)
              : Optional.empty();
        });
    assertThatProcessInstance(byKey(instance)).isCompleted();
    assertThat(instance(instance).incidentsRaised()).isEmpty();

    long waitElement = elementInstanceKey(instance, "WaitForJob");
    List<JsonNode> writes = progressWrites(instance);
    assertThat(writes)
        .allSatisfy(
            progress -> {
              assertThat(progress.path("status").asText())
                  .isIn("downloading", "queued", "encoding", "saving");
              assertThat(progress.path("updatedAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
              assertThat(progress.has("percent"))
                  .as("a percent only in the encoding stage: " + progress)
                  .isEqualTo(progress.path("status").asText().equals("encoding"));
            });
    for (int i = 1; i < writes.size(); i++) {
      assertThat(withoutTime(writes.get(i)))
          .as("only written when it changed")
          .isNotEqualTo(withoutTime(writes.get(i - 1)));
    }
    assertThat(variableRecords(instance))
        .as("kept on the waiting element instance only")
        .allSatisfy(variable -> assertThat(variable.getScopeKey()).isEqualTo(waitElement));
  }

  private List<JsonNode> progressWrites(long instance) {
    return variableRecords(instance).stream().map(variable -> read(variable.getValue())).toList();
  }

  private List<VariableRecordValue> variableRecords(long instance) {
    return StreamSupport.stream(records().variableRecords().spliterator(), false)
        .map(Record::getValue)
        .filter(
            v -> v.getProcessInstanceKey() == instance && v.getName().equals(JobProgress.VARIABLE))
        .toList();
  }

  private long elementInstanceKey(long instance, String elementId) {
    return StreamSupport.stream(records().processInstanceRecords().spliterator(), false)
        .filter(r -> r.getIntent() == ProcessInstanceIntent.ELEMENT_ACTIVATED)
        .filter(
            r ->
                r.getValue().getProcessInstanceKey() == instance
                    && r.getValue().getElementId().equals(elementId))
        .map(Record::getKey)
        .findFirst()
        .orElseThrow();
  }

  private static JsonNode withoutTime(JsonNode progress) {
    var copy = progress.deepCopy();
    ((com.fasterxml.jackson.databind.node.ObjectNode) copy).remove("updatedAt");
    return copy;
  }

  private static JsonNode read(String json) {
    try {
      return ApiJson.MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
