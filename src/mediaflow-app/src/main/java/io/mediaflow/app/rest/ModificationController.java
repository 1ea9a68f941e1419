package io.mediaflow.app.rest;

import io.camunda.client.protocol.rest.ProcessInstanceMigrationInstruction;
import io.camunda.client.protocol.rest.ProcessInstanceModificationInstruction;
import io.camunda.client.protocol.rest.SetVariableRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest.MigrationPlan;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest.VariableInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import java.util.List;
import java.util.Objects;
import java.util.function.LongConsumer;
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
      @PathVariable long elementInstanceKey, @RequestBody SetVariableRequest request) {
    var command =
        SetVariablesRequest.newBuilder()
            .setElementInstanceKey(elementInstanceKey)
            .setVariables(GatewayCalls.json(request.getVariables()))
            .setLocal(Boolean.TRUE.equals(request.getLocal()));
    operationReference(request.getOperationReference(), command::setOperationReference);
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
      @PathVariable long processInstanceKey,
      @RequestBody ProcessInstanceModificationInstruction request) {
    var command =
        ModifyProcessInstanceRequest.newBuilder().setProcessInstanceKey(processInstanceKey);
    for (var instruction : listed(request.getActivateInstructions())) {
      String ancestor = instruction.getAncestorElementInstanceKey();
      // camunda-client-java's activation without an ancestor sends -1: any of the element's scopes
      long ancestorKey =
          ancestor == null
              ? -1
              : RequestValues.key("activateInstructions[].ancestorElementInstanceKey", ancestor);
      var activation =
          command
              .addActivateInstructionsBuilder()
              .setElementId(instruction.getElementId())
              .setAncestorElementInstanceKey(ancestorKey > 0 ? ancestorKey : -1);
      for (var variables : listed(instruction.getVariableInstructions())) {
        activation.addVariableInstructions(
            VariableInstruction.newBuilder()
                .setVariables(GatewayCalls.json(variables.getVariables()))
                .setScopeId(Objects.requireNonNullElse(variables.getScopeId(), "")));
      }
    }
    for (var instruction : listed(request.getTerminateInstructions())) {
      command
          .addTerminateInstructionsBuilder()
          .setElementInstanceKey(
              RequestValues.key(
                  "terminateInstructions[].elementInstanceKey",
                  instruction.getElementInstanceKey()));
    }
    if (command.getActivateInstructionsCount() == 0
        && command.getTerminateInstructionsCount() == 0) {
      throw ApiProblem.invalid(
          "A modification needs at least one of activateInstructions and terminateInstructions");
    }
    operationReference(request.getOperationReference(), command::setOperationReference);
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
      @PathVariable long processInstanceKey,
      @RequestBody ProcessInstanceMigrationInstruction request) {
    var plan =
        MigrationPlan.newBuilder()
            .setTargetProcessDefinitionKey(
                RequestValues.key(
                    "targetProcessDefinitionKey", request.getTargetProcessDefinitionKey()));
    for (var mapping :
        RequestValues.mappings("mappingInstructions", request.getMappingInstructions())) {
      plan.addMappingInstructionsBuilder()
          .setSourceElementId(mapping.getSourceElementId())
          .setTargetElementId(mapping.getTargetElementId());
    }
    var command =
        MigrateProcessInstanceRequest.newBuilder()
            .setProcessInstanceKey(processInstanceKey)
            .setMigrationPlan(plan);
    operationReference(request.getOperationReference(), command::setOperationReference);
    gateway.await(gateway.gateway().migrateProcessInstance(command.build()));
    return ResponseEntity.noContent().build();
  }

  /** The command's {@code operationReference}, when the request gives one (at least 1). */
  private static void operationReference(Long reference, LongConsumer command) {
    long given = RequestValues.atLeast("operationReference", reference, 1, -1);
    if (given > 0) {
      command.accept(given);
    }
  }

  private static <T> List<T> listed(List<T> list) {
    return Objects.requireNonNullElse(list, List.of());
  }
}
