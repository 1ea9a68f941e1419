package io.mediaflow.app.usertask;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.app.engine.DeployedModels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A small task list for the embedded default: {@code GET /tasks} lists the open user tasks with their form and
 * variables, {@code POST /tasks/{key}/complete} completes one with the variables in the body.
 */
@RestController
@ConditionalOnProperty(name = "mediaflow.engine.job-based-user-tasks", havingValue = "true", matchIfMissing = true)
public class UserTaskController {

  private final OpenUserTasks tasks;
  private final DeployedModels models;
  private final CamundaClient camunda;

  public UserTaskController(OpenUserTasks tasks, DeployedModels models, CamundaClient camunda) {
    this.tasks = tasks;
    this.models = models;
    this.camunda = camunda;
  }

  /**
   * @param processInstanceKey only the tasks of this process instance
   * @param name only the tasks with this name, e.g. {@code Review renditions}
   */
  @GetMapping("/tasks")
  public List<Map<String, Object>> list(
      @RequestParam(required = false) Long processInstanceKey, @RequestParam(required = false) String name) {
    return tasks.list().stream()
        .filter(job -> processInstanceKey == null || job.getProcessInstanceKey() == processInstanceKey)
        .map(this::describe)
        .filter(task -> name == null || name.equals(task.get("name")))
        .toList();
  }

  @GetMapping("/tasks/{key}")
  public ResponseEntity<Map<String, Object>> get(@PathVariable long key) {
    return tasks.get(key)
        .map(job -> {
          Map<String, Object> task = describe(job);
          models.form((String) task.get("formId")).ifPresent(form -> task.put("form", form));
          return ResponseEntity.ok(task);
        })
        .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND).build());
  }

  @PostMapping("/tasks/{key}/complete")
  public ResponseEntity<Map<String, Object>> complete(@PathVariable long key, @RequestBody(required = false) Map<String, Object> variables) {
    ActivatedJob job = tasks.get(key).orElse(null);
    if (job == null) {
      return problem(HttpStatus.NOT_FOUND, "No open user task with key " + key);
    }
    Map<String, Object> values = variables == null ? Map.of() : variables;
    var model = models.userTask(job.getBpmnProcessId(), job.getElementId()).orElse(null);
    List<String> missing = model == null ? List.of() : models.form(model.formId())
        .map(form -> missingRequiredFields(form, job.getVariablesAsMap(), values))
        .orElse(List.of());
    if (!missing.isEmpty()) {
      return problem(HttpStatus.BAD_REQUEST, "Required by the form: " + String.join(", ", missing));
    }
    try {
      camunda.newCompleteCommand(key).variables(values).send().join();
    } catch (ClientStatusException e) {
      tasks.forget(key);
      return problem(HttpStatus.CONFLICT, "The engine did not accept the completion: " + e.getStatusCode());
    }
    tasks.forget(key);
    return ResponseEntity.noContent().build();
  }

  private Map<String, Object> describe(ActivatedJob job) {
    var model = models.userTask(job.getBpmnProcessId(), job.getElementId());
    Map<String, Object> task = new LinkedHashMap<>();
    task.put("key", job.getKey());
    task.put("name", model.map(DeployedModels.UserTaskModel::name).orElse(job.getElementId()));
    task.put("elementId", job.getElementId());
    task.put("bpmnProcessId", job.getBpmnProcessId());
    task.put("processInstanceKey", job.getProcessInstanceKey());
    task.put("formId", model.map(DeployedModels.UserTaskModel::formId).orElse(null));
    task.put("variables", job.getVariablesAsMap());
    return task;
  }

  /**
   * Fields the form marks as required that neither the completion nor the process provide. Fields that a
   * condition may hide are left to the person: their condition is FEEL, which only a form renderer evaluates.
   */
  private static List<String> missingRequiredFields(JsonNode form, Map<String, Object> current, Map<String, Object> values) {
    var missing = new ArrayList<String>();
    for (JsonNode component : form.path("components")) {
      String key = component.path("key").asText(null);
      boolean required = component.path("validate").path("required").asBoolean(false);
      boolean conditional = component.has("conditional");
      if (key != null && required && !conditional && values.get(key) == null && current.get(key) == null) {
        missing.add(key);
      }
    }
    return missing;
  }

  private static ResponseEntity<Map<String, Object>> problem(HttpStatus status, String message) {
    return ResponseEntity.status(status).body(Map.of("error", message));
  }
}
