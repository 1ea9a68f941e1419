package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.ApiJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Jobs over REST, as Camunda's REST API has them, so a job worker of a client in REST mode works: activation,
 * completion, failure, BPMN error, and changing a job's retries or timeout. Each is forwarded to the engine.
 */
@RestController
@RequestMapping("/v2/jobs")
@ConditionalOnProperty(name = "mediaflow.engine.embedded", havingValue = "true", matchIfMissing = true)
class JobController {

  private final CamundaClient camunda;

  JobController(CamundaClient camunda) {
    this.camunda = camunda;
  }

  /** {@code type}, {@code worker}, {@code timeout} (ms), {@code maxJobsToActivate}, {@code fetchVariable}. */
  @PostMapping("/activation")
  ObjectNode activate(@RequestBody JsonNode body) {
    if (!body.hasNonNull("type") || !body.hasNonNull("timeout") || !body.hasNonNull("maxJobsToActivate")) {
      throw ApiProblem.invalid("type, timeout and maxJobsToActivate are required");
    }
    var command = camunda.newActivateJobsCommand().jobType(body.get("type").asText())
        .maxJobsToActivate(body.get("maxJobsToActivate").asInt())
        .timeout(Duration.ofMillis(body.get("timeout").asLong()));
    if (body.hasNonNull("worker")) {
      command = command.workerName(body.get("worker").asText());
    }
    List<String> fetch = new ArrayList<>();
    body.path("fetchVariable").forEach(name -> fetch.add(name.asText()));
    if (!fetch.isEmpty()) {
      command = command.fetchVariables(fetch);
    }
    ObjectNode result = Shapes.object();
    ArrayNode jobs = result.putArray("jobs");
    for (ActivatedJob job : command.send().join().getJobs()) {
      ObjectNode node = jobs.addObject();
      node.put("type", job.getType());
      node.put("processDefinitionId", job.getBpmnProcessId());
      node.put("processDefinitionVersion", job.getProcessDefinitionVersion());
      node.put("elementId", job.getElementId());
      node.set("customHeaders", ApiJson.MAPPER.valueToTree(job.getCustomHeaders()));
      node.put("worker", job.getWorker());
      node.put("retries", job.getRetries());
      node.put("deadline", job.getDeadline());
      node.set("variables", ApiJson.MAPPER.valueToTree(job.getVariablesAsMap()));
      node.put("tenantId", Shapes.tenant(job.getTenantId()));
      node.put("jobKey", Shapes.key(job.getKey()));
      node.put("processInstanceKey", Shapes.key(job.getProcessInstanceKey()));
      node.put("processDefinitionKey", Shapes.key(job.getProcessDefinitionKey()));
      node.put("elementInstanceKey", Shapes.key(job.getElementInstanceKey()));
      node.put("kind", "BPMN_ELEMENT");
      node.put("listenerEventType", "UNSPECIFIED");
      node.putArray("tags");
    }
    return result;
  }

  @PostMapping("/{jobKey}/completion")
  ResponseEntity<Void> complete(@PathVariable long jobKey, @RequestBody(required = false) JsonNode body) {
    camunda.newCompleteCommand(jobKey).variables(variables(body)).send().join();
    return ResponseEntity.noContent().build();
  }

  /** {@code retries} left (0 raises an incident), {@code errorMessage}, {@code retryBackOff} (ms). */
  @PostMapping("/{jobKey}/failure")
  ResponseEntity<Void> fail(@PathVariable long jobKey, @RequestBody(required = false) JsonNode body) {
    JsonNode request = body == null ? Shapes.object() : body;
    var command = camunda.newFailCommand(jobKey).retries(request.path("retries").asInt(0))
        .errorMessage(request.path("errorMessage").asText(""))
        .retryBackoff(Duration.ofMillis(request.path("retryBackOff").asLong(0)))
        .variables(variables(request));
    command.send().join();
    return ResponseEntity.noContent().build();
  }

  /** A BPMN error: {@code errorCode} (required), {@code errorMessage}. */
  @PostMapping("/{jobKey}/error")
  ResponseEntity<Void> throwError(@PathVariable long jobKey, @RequestBody JsonNode body) {
    if (!body.hasNonNull("errorCode")) {
      throw ApiProblem.invalid("errorCode is required");
    }
    camunda.newThrowErrorCommand(jobKey).errorCode(body.get("errorCode").asText())
        .errorMessage(body.path("errorMessage").asText("")).variables(variables(body)).send().join();
    return ResponseEntity.noContent().build();
  }

  /** {@code {"changeset": {"retries": n, "timeout": ms}}}: either or both. */
  @PatchMapping("/{jobKey}")
  ResponseEntity<Void> updateJob(@PathVariable long jobKey, @RequestBody JsonNode body) {
    JsonNode changeset = body.path("changeset");
    if (!changeset.hasNonNull("retries") && !changeset.hasNonNull("timeout")) {
      throw ApiProblem.invalid("changeset must set retries or timeout");
    }
    if (changeset.hasNonNull("retries")) {
      if (!changeset.get("retries").canConvertToInt() || changeset.get("retries").asInt() < 1) {
        throw ApiProblem.invalid("changeset.retries must be a whole number of at least 1, got "
            + changeset.get("retries"));
      }
      camunda.newUpdateRetriesCommand(jobKey).retries(changeset.get("retries").asInt()).send().join();
    }
    if (changeset.hasNonNull("timeout")) {
      camunda.newUpdateTimeoutCommand(jobKey).timeout(Duration.ofMillis(changeset.get("timeout").asLong()))
          .send().join();
    }
    return ResponseEntity.noContent().build();
  }

  private static Map<String, Object> variables(JsonNode body) {
    JsonNode variables = body == null ? null : body.get("variables");
    if (variables == null || variables.isNull()) {
      return Map.of();
    }
    if (!variables.isObject()) {
      throw ApiProblem.invalid("variables must be a JSON object, got " + variables);
    }
    return ApiJson.MAPPER.convertValue(variables, Map.class);
  }
}
