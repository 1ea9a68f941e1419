package io.mediaflow.app.engine.history;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.instance.FlowElement;
import io.camunda.zeebe.model.bpmn.instance.Process;
import io.camunda.zeebe.model.bpmn.instance.StartEvent;
import io.camunda.zeebe.model.bpmn.instance.UserTask;
import io.camunda.zeebe.model.bpmn.instance.zeebe.ZeebeFormDefinition;
import io.camunda.zeebe.protocol.record.value.deployment.Form;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.camunda.bpm.model.xml.instance.ModelElementInstance;

/**
 * A deployment's process definitions and forms as the history keeps them, read from the deployed
 * resources: the process's and its elements' names, the forms its user tasks and start event link.
 */
final class Deployments {

  private Deployments() {}

  static FormDefinition form(Form form) {
    var definition =
        new FormDefinition(
            form.getFormKey(),
            form.getFormId(),
            form.getVersion(),
            form.getResourceName(),
            form.getTenantId(),
            new String(form.getResource(), StandardCharsets.UTF_8));
    return definition;
  }

  static ProcessDefinition definition(
      io.camunda.zeebe.protocol.record.value.deployment.Process process) {
    byte[] xml = process.getResource();
    var model = Bpmn.readModelFromStream(new ByteArrayInputStream(xml));
    String name = null;
    var elementNames = new HashMap<String, String>();
    var userTaskForms = new HashMap<String, String>();
    String startFormId = null;
    for (Process candidate : model.getModelElementsByType(Process.class)) {
      if (candidate.getId().equals(process.getBpmnProcessId())) {
        name = candidate.getName();
      }
    }
    for (FlowElement element : model.getModelElementsByType(FlowElement.class)) {
      if (!processOf(element).getId().equals(process.getBpmnProcessId())) {
        continue;
      }
      if (element.getName() != null) {
        elementNames.put(element.getId(), element.getName());
      }
      var form = element.getSingleExtensionElement(ZeebeFormDefinition.class);
      if (form != null && form.getFormId() != null) {
        if (element instanceof UserTask) {
          userTaskForms.put(element.getId(), form.getFormId());
        } else if (element instanceof StartEvent && element.getParentElement() instanceof Process) {
          startFormId = form.getFormId();
        }
      }
    }
    var definition =
        new ProcessDefinition(
            process.getProcessDefinitionKey(),
            process.getBpmnProcessId(),
            name,
            process.getVersion(),
            emptyToNull(process.getVersionTag()),
            process.getResourceName(),
            process.getTenantId(),
            xml,
            Map.copyOf(elementNames),
            Map.copyOf(userTaskForms),
            startFormId);
    return definition;
  }

  private static Process processOf(ModelElementInstance element) {
    ModelElementInstance parent = element.getParentElement();
    while (!(parent instanceof Process process)) {
      parent = parent.getParentElement();
    }
    return process;
  }

  static String emptyToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
