package io.mediaflow.transcoding;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.builder.ServiceTaskBuilder;
import io.mediaflow.MediaflowTest;
import io.mediaflow.api.ApiJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Jobs whose outputs are no video: their URLs reach the process. The job is checked with the
 * element template of 'Transcoding: check the job' exactly as Camunda Modeler applies it (read from
 * {@code element-templates/}), in a loop, so the test also shows the template carrying the newest
 * {@code status_url} into the process.
 */
class OutputsInProcessTest extends MediaflowTest {

  private static final Path CHECK_JOB_TEMPLATE =
      Path.of("../../element-templates/mediaflow.transcoding.check_job.json");

  @Test
  void anAudioSpeechToTextAndMetadataJobReturnsEveryOutputUrlAndTheCheckCarriesTheNewestStatusUrl()
      throws Exception {
    String processId = "outputs-" + UUID.randomUUID();
    var process =
        Bpmn.createExecutableProcess(processId)
            .startEvent()
            .serviceTask(
                "CreateTask", task -> task.zeebeJobType("mediaflow.transcoding.create_task"))
            .serviceTask(
                "StartJob",
                task ->
                    task.zeebeJobType("mediaflow.transcoding.start_encode2")
                        .zeebeInputExpression("transcodingTask.task_token", "taskToken")
                        .zeebeInputExpression("query", "query"))
            .serviceTask("CheckJob", task -> applyTemplate(task, CHECK_JOB_TEMPLATE))
            .exclusiveGateway("Done")
            .conditionExpression(
                "transcodingResult != null and transcodingResult.status = \"completed\"")
            .endEvent()
            .moveToLastExclusiveGateway()
            .defaultFlow()
            .intermediateCatchEvent("TimeToCheck")
            .timerWithDuration("PT0.2S")
            .connectTo("CheckJob")
            .done();
    camunda.newDeployResourceCommand().addProcessModel(process, processId + ".bpmn").send().join();
    Map<String, Object> query =
        Map.of(
            "source",
            baseUrl() + "/sandbox/samples/bars.mp4",
            "format",
            List.of(
                Map.of("output", "mp3", "user_tag", "podcast"),
                Map.of("output", "hls_audio", "segment_duration", 1, "user_tag", "radio"),
                Map.of("output", "speech_to_text", "user_tag", "transcript"),
                Map.of("output", "metadata", "user_tag", "probe")));

    long key = start(processId, Map.of("query", query));
    assertThatProcessInstance(byKey(key)).isCompleted();
    assertThat(instance(key).incidentsRaised()).isEmpty();

    JsonNode result = instance(key).variable("transcodingResult").orElseThrow();
    var byTag = new java.util.HashMap<String, JsonNode>();
    result.path("outputs").forEach(output -> byTag.put(output.path("userTag").asText(), output));
    assertThat(byTag).containsOnlyKeys("podcast", "radio", "transcript", "probe");
    assertThat(byTag.get("podcast").path("list").asText()).isEqualTo("audios");
    assertThat(byTag.get("radio").path("list").asText()).isEqualTo("audios");
    assertThat(byTag.get("transcript").path("list").asText()).isEqualTo("texts");
    assertThat(byTag.get("probe").path("list").asText()).isEqualTo("texts");
    for (JsonNode output : byTag.values()) {
      String url = output.path("url").asText();
      assertThat(url).as(output.toString()).startsWith(baseUrl());
      assertThat(get(url.substring(baseUrl().length())).statusCode()).as(url).isEqualTo(200);
      assertThat(output.path("tag").asText()).isNotBlank();
      assertThat(output.path("storage").isObject()).isTrue();
    }
    assertThat(byTag.get("radio").path("url").asText()).endsWith(".m3u8");
    assertThat(
            json(get(byTag.get("probe").path("url").asText().substring(baseUrl().length())))
                .path("duration")
                .asDouble())
        .isPositive();

    JsonNode job = instance(key).variable("transcodingJob").orElseThrow();
    // The sandbox hands a job to another master at every stage: start_encode2 answered master 1.
    assertThat(job.path("status_url").asText())
        .as("the template carried the last status_url back")
        .isEqualTo(result.path("statusUrl").asText())
        .doesNotContain("/master/1/");
  }

  /** The template's bindings, as Camunda Modeler writes them into the service task. */
  private static void applyTemplate(ServiceTaskBuilder task, Path template) {
    JsonNode properties;
    try {
      properties = ApiJson.MAPPER.readTree(Files.readString(template)).path("properties");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    var outputs = new ArrayList<String[]>();
    for (JsonNode property : properties) {
      JsonNode binding = property.path("binding");
      String value = property.path("value").asText();
      switch (binding.path("type").asText()) {
        case "zeebe:taskDefinition" -> {
          if (binding.path("property").asText().equals("type")) {
            task.zeebeJobType(value);
          }
        }
        case "zeebe:input" ->
            task.zeebeInputExpression(value.substring(1), binding.path("name").asText());
        case "zeebe:taskHeader" -> task.zeebeTaskHeader(binding.path("key").asText(), value);
        case "zeebe:output" -> outputs.add(new String[] {binding.path("source").asText(), value});
        default -> {}
      }
    }
    outputs.forEach(output -> task.zeebeOutputExpression(output[0].substring(1), output[1]));
  }
}
