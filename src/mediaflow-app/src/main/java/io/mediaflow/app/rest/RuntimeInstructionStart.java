package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRuntimeInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationStartInstruction;
import io.camunda.zeebe.protocol.record.value.RuntimeInstructionType;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.mediaflow.app.engine.EngineCommands;
import java.util.Map;
import java.util.Set;

/**
 * A start with {@code runtimeInstructions} (Desktop Modeler's task testing: end the instance once
 * an element completed), written to the engine's log as Camunda's gateway writes it ({@link
 * EngineCommands}); the gateway of before dropped them from its gRPC start. Its answer cannot wait
 * for the instance's completion: the engine answers that only to a request of its gateway.
 */
final class RuntimeInstructionStart {

  private RuntimeInstructionStart() {}

  /** Whether the start has runtime instructions and so must be started here. */
  static boolean applies(RequestObject body) {
    return body.get("runtimeInstructions").size() > 0;
  }

  static ObjectNode start(RequestObject body, EngineCommands commands) {
    if (body.get("awaitCompletion").asBoolean(false)) {
      throw ApiProblem.invalid(
          "awaitCompletion cannot be combined with runtimeInstructions on the embedded default:"
              + " its engine answers a start with runtime instructions only once the instance is created; start it"
              + " without awaitCompletion and follow it with POST /v2/process-instances/search");
    }
    var command = new ProcessInstanceCreationRecord();
    if (body.has("processDefinitionKey")) {
      command.setProcessDefinitionKey(body.key("processDefinitionKey"));
    } else if (body.has("processDefinitionId")) {
      command
          .setBpmnProcessId(body.text("processDefinitionId", null))
          .setVersion(
              (int) Math.min(body.number("processDefinitionVersion", -1, -1), Integer.MAX_VALUE));
    } else {
      throw ApiProblem.invalid("Either processDefinitionId or processDefinitionKey is required");
    }
    command.setVariables(BufferUtil.wrapArray(MsgPackConverter.convertToMsgPack(body.variables())));
    if (body.has("tenantId")) {
      command.setTenantId(body.text("tenantId", null));
    }
    for (JsonNode instruction : body.get("startInstructions")) {
      command.addStartInstruction(
          new ProcessInstanceCreationStartInstruction()
              .setElementId(
                  RequestObject.of(instruction, "a start instruction", Set.of("elementId"))
                      .text("elementId", "")));
    }
    for (JsonNode instruction : body.get("runtimeInstructions")) {
      RequestObject runtime =
          RequestObject.of(instruction, "a runtime instruction", Set.of("type", "afterElementId"));
      String type = runtime.text("type", RuntimeInstructionType.TERMINATE_PROCESS_INSTANCE.name());
      String after = runtime.text("afterElementId", null);
      if (!type.equals(RuntimeInstructionType.TERMINATE_PROCESS_INSTANCE.name()) || after == null) {
        throw ApiProblem.invalid(
            "runtimeInstructions[] must be {\"type\": \"TERMINATE_PROCESS_INSTANCE\","
                + " \"afterElementId\": <an element's id>}, got "
                + instruction);
      }
      command.addRuntimeInstruction(
          new ProcessInstanceCreationRuntimeInstruction()
              .setType(RuntimeInstructionType.TERMINATE_PROCESS_INSTANCE)
              .setAfterElementId(after));
    }
    var created = commands.createProcessInstance(command);
    return Shapes.created(
        created.processDefinitionId(),
        created.version(),
        created.tenantId(),
        created.processDefinitionKey(),
        created.processInstanceKey(),
        Map.of());
  }
}
