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
import java.util.Set;
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
  ObjectNode activate(@RequestBody JsonNode request) {
    RequestObject body = RequestObject.of(request, "a job activation", Set.of("type", "worker", "timeout",
        "maxJobsToActivate", "fetchVariable", "requestTimeout", "tenantIds", "tenantFilter"));
    String type = body.text("type", null);
    long timeout = body.number("timeout", 1, -1);
    long max = body.number("maxJobsToActivate", 1, -1);
    if (type == null || timeout < 0 || max < 0) {
      throw ApiProblem.invalid("type, timeout and maxJobsToActivate are required");
    }
    var command = camunda.newActivateJobsCommand().jobType(type)
        .maxJobsToActivate((int) Math.min(max, Integer.MAX_VALUE)).timeout(Duration.ofMillis(timeout));
    String worker = body.text("worker", null);
    if (worker != null) {
      command = command.workerName(worker);
    }
    List<String> fetch = new ArrayList<>();
    body.get("fetchVariable").forEach(name -> fetch.add(name.asText()));
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
  ResponseEntity<Void> complete(@PathVariable long jobKey, @RequestBody(required = false) JsonNode request) {
    RequestObject body = RequestObject.of(request, "a job completion", Set.of("variables", "result"));
    camunda.newCompleteCommand(jobKey).variables(body.variables()).send().join();
    return ResponseEntity.noContent().build();
  }

  /** {@code retries} left (0 raises an incident), {@code errorMessage}, {@code retryBackOff} (ms). */
  @PostMapping("/{jobKey}/failure")
  ResponseEntity<Void> fail(@PathVariable long jobKey, @RequestBody(required = false) JsonNode request) {
    RequestObject body = RequestObject.of(request, "a job failure", Set.of("retries", "errorMessage", "retryBackOff",
        "variables"));
    var command = camunda.newFailCommand(jobKey).retries((int) body.number("retries", 0, 0))
        .errorMessage(body.text("errorMessage", ""))
        .retryBackoff(Duration.ofMillis(body.number("retryBackOff", 0, 0)))
        .variables(body.variables());
    command.send().join();
    return ResponseEntity.noContent().build();
  }

  /** A BPMN error: {@code errorCode} (required), {@code errorMessage}. */
  @PostMapping("/{jobKey}/error")
  ResponseEntity<Void> throwError(@PathVariable long jobKey, @RequestBody JsonNode request) {
    RequestObject body = RequestObject.of(request, "a job error", Set.of("errorCode", "errorMessage", "variables"));
    String code = body.text("errorCode", null);
    if (code == null) {
      throw ApiProblem.invalid("errorCode is required");
    }
    camunda.newThrowErrorCommand(jobKey).errorCode(code).errorMessage(body.text("errorMessage", ""))
        .variables(body.variables()).send().join();
    return ResponseEntity.noContent().build();
  }

  /** {@code {"changeset": {"retries": n, "timeout": ms}}}: either or both. */
  @PatchMapping("/{jobKey}")
  ResponseEntity<Void> updateJob(@PathVariable long jobKey, @RequestBody JsonNode request) {
    RequestObject body = RequestObject.of(request, "a job update", Set.of("changeset", "operationReference"));
    RequestObject changeset = body.object("changeset", Set.of("retries", "timeout"));
    long retries = changeset.number("retries", 1, -1);
    long timeout = changeset.number("timeout", 1, -1);
    if (retries < 0 && timeout < 0) {
      throw ApiProblem.invalid("changeset must set retries or timeout");
    }
    if (retries > 0) {
      camunda.newUpdateRetriesCommand(jobKey).retries((int) Math.min(retries, Integer.MAX_VALUE)).send().join();
    }
    if (timeout > 0) {
      camunda.newUpdateTimeoutCommand(jobKey).timeout(Duration.ofMillis(timeout)).send().join();
    }
    return ResponseEntity.noContent().build();
  }
}
