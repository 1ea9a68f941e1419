package io.mediaflow.app.batch;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest.ActivateInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest.TerminateInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.grpc.Status;
import io.mediaflow.app.batch.BatchOperation.ElementMapping;
import io.mediaflow.app.batch.BatchOperation.Item;
import io.mediaflow.app.engine.gateway.Answers;
import io.mediaflow.app.engine.gateway.CommandGateway;
import io.mediaflow.app.engine.history.ElementInstance;
import io.mediaflow.app.engine.history.IncidentState;
import io.mediaflow.app.engine.history.InstanceState;
import io.mediaflow.app.engine.history.Job;
import io.mediaflow.app.engine.history.ProcessHistory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The command each item of a batch operation stands for, sent through the {@link CommandGateway} as
 * Camunda's batch operation executors send theirs, and the history's answer to whether an item's
 * command has taken effect, asked before an item whose answer was lost is sent again. Not final: a
 * test holds an item's command to suspend and resume an operation between two items.
 */
class ItemCommands {

  /** An item's command, answered: {@code error} is null when the engine took it. */
  record Answer(BatchOperation.ItemState state, String error) {
    static final Answer DONE = new Answer(BatchOperation.ItemState.COMPLETED, null);
  }

  private final CommandGateway gateway;
  private final ProcessHistory history;
  private final Duration timeout;

  ItemCommands(CommandGateway gateway, ProcessHistory history, Duration timeout) {
    this.gateway = gateway;
    this.history = history;
    this.timeout = timeout;
  }

  /**
   * Sends the item's command and waits for its answer. A refusal of what has taken effect anyway
   * (its command sent before a restart, processed since) is no failure.
   */
  Answer send(BatchOperation operation, Item item) {
    try {
      return switch (operation.type()) {
        case CANCEL_PROCESS_INSTANCE -> cancel(item);
        case RESOLVE_INCIDENT -> resolve(item);
        case MIGRATE_PROCESS_INSTANCE -> migrate(operation.plan(), item);
        case MODIFY_PROCESS_INSTANCE -> modify(operation.plan(), item);
      };
    } catch (RuntimeException refused) {
      if (done(operation, item)) {
        return Answer.DONE;
      }
      Status status = Status.fromThrowable(refused);
      return new Answer(
          BatchOperation.ItemState.FAILED,
          status.getDescription() != null ? status.getDescription() : refused.toString());
    }
  }

  /** Whether the history shows the item's command as taken effect. */
  boolean done(BatchOperation operation, Item item) {
    return switch (operation.type()) {
      case CANCEL_PROCESS_INSTANCE ->
          history
              .processInstance(item.processInstanceKey())
              .map(instance -> instance.state() == InstanceState.TERMINATED)
              .orElse(true); // forgotten: it ended long ago
      case RESOLVE_INCIDENT ->
          history
              .incident(item.itemKey())
              .map(incident -> incident.state() == IncidentState.RESOLVED)
              .orElse(true);
      case MIGRATE_PROCESS_INSTANCE ->
          history
              .processInstance(item.processInstanceKey())
              .map(
                  instance ->
                      instance.definitionKey() == operation.plan().targetProcessDefinitionKey())
              .orElse(false);
      case MODIFY_PROCESS_INSTANCE ->
          activeSources(operation.plan().mappings(), item.processInstanceKey()).isEmpty();
    };
  }

  private Answer cancel(Item item) {
    await(
        gateway.cancelProcessInstance(
            CancelProcessInstanceRequest.newBuilder()
                .setProcessInstanceKey(item.processInstanceKey())
                .build()));
    return Answer.DONE;
  }

  /**
   * A job's incident comes back unless the job has retries: as Camunda's executor, it is given one
   * first.
   */
  private Answer resolve(Item item) {
    long jobKey = history.incident(item.itemKey()).map(incident -> incident.jobKey()).orElse(-1L);
    boolean noRetries =
        jobsOf(item.processInstanceKey()).stream()
            .anyMatch(job -> job.key() == jobKey && job.retries() <= 0);
    if (noRetries) {
      await(
          gateway.updateJobRetries(
              UpdateJobRetriesRequest.newBuilder().setJobKey(jobKey).setRetries(1).build()));
    }
    await(
        gateway.resolveIncident(
            ResolveIncidentRequest.newBuilder().setIncidentKey(item.itemKey()).build()));
    return Answer.DONE;
  }

  private Answer migrate(BatchOperation.Plan plan, Item item) {
    var migration =
        MigrateProcessInstanceRequest.MigrationPlan.newBuilder()
            .setTargetProcessDefinitionKey(plan.targetProcessDefinitionKey());
    for (ElementMapping mapping : plan.mappings()) {
      migration
          .addMappingInstructionsBuilder()
          .setSourceElementId(mapping.sourceElementId())
          .setTargetElementId(mapping.targetElementId());
    }
    await(
        gateway.migrateProcessInstance(
            MigrateProcessInstanceRequest.newBuilder()
                .setProcessInstanceKey(item.processInstanceKey())
                .setMigrationPlan(migration)
                .build()));
    return Answer.DONE;
  }

  /**
   * Each move terminates the source element's active instances and activates the target element
   * once for each of them, in one modification; an instance with none of the sources active is
   * skipped.
   */
  private Answer modify(BatchOperation.Plan plan, Item item) {
    List<ElementInstance> sources = activeSources(plan.mappings(), item.processInstanceKey());
    if (sources.isEmpty()) {
      return new Answer(BatchOperation.ItemState.SKIPPED, null);
    }
    var modification =
        ModifyProcessInstanceRequest.newBuilder().setProcessInstanceKey(item.processInstanceKey());
    for (ElementInstance source : sources) {
      modification.addTerminateInstructions(
          TerminateInstruction.newBuilder().setElementInstanceKey(source.key()));
      plan.mappings().stream()
          .filter(move -> move.sourceElementId().equals(source.elementId()))
          .forEach(
              move ->
                  modification.addActivateInstructions(
                      // no ancestor: the engine takes the target's flow scope
                      ActivateInstruction.newBuilder()
                          .setElementId(move.targetElementId())
                          .setAncestorElementInstanceKey(-1)));
    }
    await(gateway.modifyProcessInstance(modification.build()));
    return Answer.DONE;
  }

  private List<ElementInstance> activeSources(List<ElementMapping> moves, long processInstanceKey) {
    Set<String> sourceIds =
        Set.copyOf(moves.stream().map(ElementMapping::sourceElementId).toList());
    return history
        .elementInstanceLookup()
        .matching()
        .apply(Map.of("processInstanceKey", Set.of(Long.toString(processInstanceKey))))
        .stream()
        .filter(element -> element.state() == InstanceState.ACTIVE)
        .filter(element -> sourceIds.contains(element.elementId()))
        .toList();
  }

  private List<Job> jobsOf(long processInstanceKey) {
    return history
        .jobLookup()
        .matching()
        .apply(Map.of("processInstanceKey", Set.of(Long.toString(processInstanceKey))));
  }

  private <T> T await(CompletableFuture<T> command) {
    return Answers.await(command, timeout);
  }
}
