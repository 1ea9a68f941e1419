package io.mediaflow.app.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.instance.Process;
import io.camunda.zeebe.model.bpmn.instance.UserTask;
import io.camunda.zeebe.model.bpmn.instance.zeebe.ZeebeFormDefinition;
import org.camunda.bpm.model.xml.instance.ModelElementInstance;
import io.mediaflow.api.ApiJson;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * What was deployed, as the task API needs it: each user task's name and form, and each form's schema. A job of a
 * job-based user task names only its process and element, so this fills in the rest.
 */
@Component
public class DeployedModels {

  /** A user task of a deployed process. */
  public record UserTaskModel(String name, String formId) {}

  private final Map<String, UserTaskModel> userTasks = new ConcurrentHashMap<>();
  private final Map<String, JsonNode> forms = new ConcurrentHashMap<>();

  void addProcess(byte[] bpmn) {
    var model = Bpmn.readModelFromStream(new ByteArrayInputStream(bpmn));
    // User tasks anywhere in a process, subprocesses included.
    for (UserTask task : model.getModelElementsByType(UserTask.class)) {
      var form = task.getSingleExtensionElement(ZeebeFormDefinition.class);
      userTasks.put(key(processOf(task).getId(), task.getId()),
          new UserTaskModel(task.getName(), form == null ? null : form.getFormId()));
    }
  }

  void addForm(byte[] form) {
    try {
      JsonNode schema = ApiJson.MAPPER.readTree(form);
      forms.put(schema.path("id").asText(), schema);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Process processOf(ModelElementInstance element) {
    ModelElementInstance parent = element.getParentElement();
    while (!(parent instanceof Process process)) {
      parent = parent.getParentElement();
    }
    return process;
  }

  public Optional<UserTaskModel> userTask(String bpmnProcessId, String elementId) {
    return Optional.ofNullable(userTasks.get(key(bpmnProcessId, elementId)));
  }

  public Optional<JsonNode> form(String formId) {
    return formId == null ? Optional.empty() : Optional.ofNullable(forms.get(formId));
  }

  private static String key(String processId, String elementId) {
    return processId + "/" + elementId;
  }
}
