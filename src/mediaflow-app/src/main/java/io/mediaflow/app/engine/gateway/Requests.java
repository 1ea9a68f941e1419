package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRuntimeInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationStartInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationMappingInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationActivateInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationTerminateInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationVariableInstruction;
import io.camunda.zeebe.protocol.record.value.RuntimeInstructionType;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.grpc.Status;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.agrona.DirectBuffer;

/**
 * The engine's command records built from the gateway protocol's requests that need more than a few
 * setters.
 */
final class Requests {

  private Requests() {}

  /**
   * A start, with its start instructions and its runtime instructions (terminate the instance once
   * an element completed, as Desktop Modeler's task testing asks), as Camunda's gateway writes it.
   */
  static ProcessInstanceCreationRecord creation(CreateProcessInstanceRequest request) {
    var creation =
        new ProcessInstanceCreationRecord()
            .setBpmnProcessId(request.getBpmnProcessId())
            .setVersion(request.getVersion())
            .setProcessDefinitionKey(request.getProcessDefinitionKey())
            .setTags(tags(request.getTagsList()));
    request
        .getStartInstructionsList()
        .forEach(
            start ->
                creation.addStartInstruction(
                    new ProcessInstanceCreationStartInstruction()
                        .setElementId(start.getElementId())));
    request.getRuntimeInstructionsList().stream()
        .filter(instruction -> instruction.hasTerminate())
        .forEach(
            instruction ->
                creation.addRuntimeInstruction(
                    new ProcessInstanceCreationRuntimeInstruction()
                        .setType(RuntimeInstructionType.TERMINATE_PROCESS_INSTANCE)
                        .setAfterElementId(instruction.getTerminate().getAfterElementId())));
    if (!request.getVariables().isEmpty()) {
      creation.setVariables(msgPack(request.getVariables()));
    }
    if (!request.getTenantId().isEmpty()) {
      creation.setTenantId(request.getTenantId());
    }
    return creation;
  }

  static ProcessInstanceModificationRecord modification(ModifyProcessInstanceRequest request) {
    var modification =
        new ProcessInstanceModificationRecord()
            .setProcessInstanceKey(request.getProcessInstanceKey());
    for (var activate : request.getActivateInstructionsList()) {
      var instruction =
          new ProcessInstanceModificationActivateInstruction()
              .setElementId(activate.getElementId())
              .setAncestorScopeKey(activate.getAncestorElementInstanceKey());
      activate
          .getVariableInstructionsList()
          .forEach(
              variables ->
                  instruction.addVariableInstruction(
                      new ProcessInstanceModificationVariableInstruction()
                          .setElementId(variables.getScopeId())
                          .setVariables(msgPack(variables.getVariables()))));
      modification.addActivateInstruction(instruction);
    }
    request
        .getTerminateInstructionsList()
        .forEach(
            terminate ->
                modification.addTerminateInstruction(
                    new ProcessInstanceModificationTerminateInstruction()
                        .setElementInstanceKey(terminate.getElementInstanceKey())));
    return modification;
  }

  /**
   * A migration to the plan's target definition, each active element to the element its mapping
   * instruction names; the engine itself refuses an unmapped element, an unknown target and a
   * mapping it cannot follow.
   */
  static ProcessInstanceMigrationRecord migration(MigrateProcessInstanceRequest request) {
    var plan = request.getMigrationPlan();
    var migration =
        new ProcessInstanceMigrationRecord()
            .setProcessInstanceKey(request.getProcessInstanceKey())
            .setTargetProcessDefinitionKey(plan.getTargetProcessDefinitionKey());
    plan.getMappingInstructionsList()
        .forEach(
            mapping ->
                migration.addMappingInstruction(
                    new ProcessInstanceMigrationMappingInstruction()
                        .setSourceElementId(mapping.getSourceElementId())
                        .setTargetElementId(mapping.getTargetElementId())));
    return migration;
  }

  /**
   * A request's variables as the engine keeps them; anything but a JSON object is refused as
   * Zeebe's gateway does.
   */
  static DirectBuffer msgPack(String json) {
    try {
      return BufferUtil.wrapArray(MsgPackConverter.convertToMsgPack(json));
    } catch (RuntimeException e) {
      // The value is not echoed: variables may hold secrets.
      throw Status.INVALID_ARGUMENT
          .withDescription("Property 'variables' is invalid: expected a JSON object")
          .asRuntimeException();
    }
  }

  /** Camunda 8.8's tag: a letter, then up to 99 letters, digits, {@code _ - : .}. */
  private static final Pattern TAG = Pattern.compile("[A-Za-z][A-Za-z0-9_\\-:.]{0,99}");

  /** At most this many tags per instance, as Camunda 8.8 takes them. */
  private static final int MAX_TAGS = 10;

  /** A start's tags, refused as Camunda's gateway refuses them. */
  static Set<String> tags(List<String> tags) {
    if (tags.size() > MAX_TAGS) {
      throw Status.INVALID_ARGUMENT
          .withDescription("tags must be at most " + MAX_TAGS + ", got " + tags.size())
          .asRuntimeException();
    }
    for (int i = 0; i < tags.size(); i++) {
      if (!TAG.matcher(tags.get(i)).matches()) {
        throw Status.INVALID_ARGUMENT
            .withDescription(
                "tags["
                    + i
                    + "] must start with a letter, followed by at most 99 letters, digits or _ - : . (got '"
                    + tags.get(i)
                    + "')")
            .asRuntimeException();
      }
    }
    return new HashSet<>(tags);
  }
}
