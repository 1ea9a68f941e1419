package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest.MigrationPlan;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest.VariableInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.mediaflow.app.batch.BatchOperation.ElementMapping;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Changes to running instances, as Camunda's REST API has them (what Operate does): setting
 * variables in an element instance's scope, modifying a process instance (activating and
 * terminating elements) and migrating it to another process definition. Each is forwarded to the
 * engine.
 */
@RestController
class ModificationController {

  private static final Set<String> ACTIVATION =
      Set.of("elementId", "ancestorElementInstanceKey", "variableInstructions");

  private final GatewayCalls gateway;

  ModificationController(GatewayCalls gateway) {
    this.gateway = gateway;
  }

  /**
   * {@code variables} set in the scope of the element instance (or process instance) {@code
   * elementInstanceKey}: with {@code local} there, otherwise each where a variable of its name
   * already is, else at the top.
   */
  @PutMapping("/v2/element-instances/{elementInstanceKey}/variables")
  ResponseEntity<Void> setVariables(
      @PathVariable long elementInstanceKey, @RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request, "setting variables", Set.of("variables", "local", "operationReference"));
    if (!body.get("variables").isObject()) {
      throw ApiProblem.invalid("variables is required: a JSON object of the variables to set");
    }
    JsonNode local = body.get("local");
    if (!local.isMissingNode() && !local.isNull() && !local.isBoolean()) {
      throw ApiProblem.invalid("local must be true or false, got " + local);
    }
    var command =
        SetVariablesRequest.newBuilder()
            .setElementInstanceKey(elementInstanceKey)
            .setVariables(GatewayCalls.json(body.variables()))
            .setLocal(local.asBoolean(false));
    long reference = body.number("operationReference", 1, -1);
    if (reference > 0) {
      command.setOperationReference(reference);
    }
    gateway.await(gateway.gateway().setVariables(command.build()));
    return ResponseEntity.noContent().build();
  }

  /**
   * {@code activateInstructions} ({@code elementId}, {@code ancestorElementInstanceKey}, {@code
   * variableInstructions} of {@code variables} and {@code scopeId}) and {@code
   * terminateInstructions} ({@code elementInstanceKey}), applied together.
   */
  @PostMapping("/v2/process-instances/{processInstanceKey}/modification")
  ResponseEntity<Void> modify(
      @PathVariable long processInstanceKey, @RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request,
            "a process instance modification",
            Set.of("activateInstructions", "terminateInstructions", "operationReference"));
    var command =
        ModifyProcessInstanceRequest.newBuilder().setProcessInstanceKey(processInstanceKey);
    for (JsonNode entry : list(body, "activateInstructions")) {
      RequestObject instruction = RequestObject.of(entry, "an activate instruction", ACTIVATION);
      String elementId = instruction.text("elementId", null);
      if (elementId == null) {
        throw ApiProblem.invalid("activateInstructions[].elementId is required");
      }
      long ancestor = instruction.key("ancestorElementInstanceKey");
      // camunda-client-java's activation without an ancestor sends -1: any of the element's scopes
      var activation =
          command
              .addActivateInstructionsBuilder()
              .setElementId(elementId)
              .setAncestorElementInstanceKey(ancestor > 0 ? ancestor : -1);
      for (JsonNode variables : list(instruction, "variableInstructions")) {
        RequestObject variableInstruction =
            RequestObject.of(variables, "a variable instruction", Set.of("variables", "scopeId"));
        String scope = variableInstruction.text("scopeId", null);
        activation.addVariableInstructions(
            VariableInstruction.newBuilder()
                .setVariables(GatewayCalls.json(variableInstruction.variables()))
                .setScopeId(scope == null ? "" : scope));
      }
    }
    for (JsonNode entry : list(body, "terminateInstructions")) {
      RequestObject instruction =
          RequestObject.of(entry, "a terminate instruction", Set.of("elementInstanceKey"));
      long terminated = instruction.key("elementInstanceKey");
      if (terminated <= 0) {
        throw ApiProblem.invalid("terminateInstructions[].elementInstanceKey is required");
      }
      command.addTerminateInstructionsBuilder().setElementInstanceKey(terminated);
    }
    if (command.getActivateInstructionsCount() == 0
        && command.getTerminateInstructionsCount() == 0) {
      throw ApiProblem.invalid(
          "A modification needs at least one of activateInstructions and terminateInstructions");
    }
    long reference = body.number("operationReference", 1, -1);
    if (reference > 0) {
      command.setOperationReference(reference);
    }
    gateway.await(gateway.gateway().modifyProcessInstance(command.build()));
    return ResponseEntity.noContent().build();
  }

  /**
   * Migrates the instance to {@code targetProcessDefinitionKey}, each active element to the {@code
   * targetElementId} its entry of {@code mappingInstructions} names for its {@code
   * sourceElementId}. The engine refuses an active element left unmapped, an unknown target and a
   * mapping it cannot follow, naming them.
   */
  @PostMapping("/v2/process-instances/{processInstanceKey}/migration")
  ResponseEntity<Void> migrate(
      @PathVariable long processInstanceKey, @RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request,
            "a process instance migration",
            Set.of("targetProcessDefinitionKey", "mappingInstructions", "operationReference"));
    long target = body.key("targetProcessDefinitionKey");
    if (target <= 0) {
      throw ApiProblem.invalid(
          "targetProcessDefinitionKey is required: the key of the process definition to migrate"
              + " to");
    }
    var plan = MigrationPlan.newBuilder().setTargetProcessDefinitionKey(target);
    for (ElementMapping mapping : ElementMappings.read(body, "mappingInstructions")) {
      plan.addMappingInstructionsBuilder()
          .setSourceElementId(mapping.sourceElementId())
          .setTargetElementId(mapping.targetElementId());
    }
    var command =
        MigrateProcessInstanceRequest.newBuilder()
            .setProcessInstanceKey(processInstanceKey)
            .setMigrationPlan(plan);
    long reference = body.number("operationReference", 1, -1);
    if (reference > 0) {
      command.setOperationReference(reference);
    }
    gateway.await(gateway.gateway().migrateProcessInstance(command.build()));
    return ResponseEntity.noContent().build();
  }

  private static JsonNode list(RequestObject body, String name) {
    JsonNode list = body.get(name);
    if (!list.isMissingNode() && !list.isNull() && !list.isArray()) {
      throw ApiProblem.invalid(name + " must be a list, got " + list);
    }
    return list;
  }
}
