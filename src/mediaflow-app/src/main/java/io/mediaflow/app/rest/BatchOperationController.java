package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.BatchOperationCreatedResult;
import io.camunda.client.protocol.rest.BatchOperationItemResponse;
import io.camunda.client.protocol.rest.BatchOperationResponse;
import io.camunda.client.protocol.rest.BatchOperationTypeEnum;
import io.mediaflow.app.batch.BatchOperation;
import io.mediaflow.app.batch.BatchOperation.ElementMapping;
import io.mediaflow.app.batch.BatchOperation.ItemState;
import io.mediaflow.app.batch.BatchOperation.Plan;
import io.mediaflow.app.batch.BatchOperation.Type;
import io.mediaflow.app.batch.BatchOperations;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.rest.ProcessInstanceBatchRequests.ProcessInstanceCancellationBatchOperationRequest;
import io.mediaflow.app.rest.ProcessInstanceBatchRequests.ProcessInstanceIncidentResolutionBatchOperationRequest;
import io.mediaflow.app.rest.ProcessInstanceBatchRequests.ProcessInstanceMigrationBatchOperationRequest;
import io.mediaflow.app.rest.ProcessInstanceBatchRequests.ProcessInstanceModificationBatchOperationRequest;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Camunda 8.8's batch operations on process instances: created from a process instance filter,
 * which selects the instances {@code POST /v2/process-instances/search} finds with it (only running
 * ones; for an incident resolution, their active incidents), then worked through by {@link
 * BatchOperations}; read, searched, suspended, resumed and canceled by key.
 */
@RestController
@RequestMapping("/v2")
class BatchOperationController {

  private final BatchOperations batches;
  private final ProcessInstanceSearch instances;
  private final ProcessHistory history;

  BatchOperationController(
      BatchOperations batches, ProcessInstanceSearch instances, ProcessHistory history) {
    this.batches = batches;
    this.instances = instances;
    this.history = history;
  }

  @PostMapping("/process-instances/cancellation")
  ObjectNode cancelInstances(
      @RequestBody ProcessInstanceCancellationBatchOperationRequest request) {
    return create(Type.CANCEL_PROCESS_INSTANCE, Plan.NONE, request.filter());
  }

  @PostMapping("/process-instances/incident-resolution")
  ObjectNode resolveIncidents(
      @RequestBody ProcessInstanceIncidentResolutionBatchOperationRequest request) {
    return create(Type.RESOLVE_INCIDENT, Plan.NONE, request.filter());
  }

  /** {@code migrationPlan}: {@code targetProcessDefinitionKey}, {@code mappingInstructions}. */
  @PostMapping("/process-instances/migration")
  ObjectNode migrateInstances(@RequestBody ProcessInstanceMigrationBatchOperationRequest request) {
    var plan = request.migrationPlan();
    long target =
        RequestValues.key(
            "migrationPlan.targetProcessDefinitionKey", plan.getTargetProcessDefinitionKey());
    if (history.processDefinition(target).isEmpty()) {
      throw ApiProblem.notFound("No process definition with key " + target);
    }
    List<ElementMapping> mappings =
        RequestValues.mappings("migrationPlan.mappingInstructions", plan.getMappingInstructions())
            .stream()
            .map(
                mapping ->
                    new ElementMapping(mapping.getSourceElementId(), mapping.getTargetElementId()))
            .toList();
    return create(Type.MIGRATE_PROCESS_INSTANCE, new Plan(target, mappings), request.filter());
  }

  /** {@code moveInstructions}: each {@code sourceElementId} to {@code targetElementId}. */
  @PostMapping("/process-instances/modification")
  ObjectNode modifyInstances(
      @RequestBody ProcessInstanceModificationBatchOperationRequest request) {
    List<ElementMapping> moves =
        RequestValues.mappings("moveInstructions", request.moveInstructions()).stream()
            .map(move -> new ElementMapping(move.getSourceElementId(), move.getTargetElementId()))
            .toList();
    return create(Type.MODIFY_PROCESS_INSTANCE, new Plan(0, moves), request.filter());
  }

  @GetMapping("/batch-operations/{batchOperationKey}")
  ObjectNode get(@PathVariable String batchOperationKey) {
    return shape(existing(batchOperationKey));
  }

  /**
   * Filters and sorts by {@code batchOperationKey}, {@code operationType} and {@code state}, and
   * sorts by the dates; Camunda's results name the type {@code batchOperationType}.
   */
  @PostMapping("/batch-operations/search")
  ObjectNode search(@RequestBody(required = false) JsonNode query) {
    return Search.of(
            sortedAsResults(query),
            Map.of(
                "operationType",
                (operation, condition) ->
                    Search.matches(
                        operation.path("batchOperationType"), condition, "filter.operationType")))
        .apply(batches.all().stream().map(BatchOperationController::shape));
  }

  /** The query with its sort by {@code operationType} named as the results name the type. */
  private static JsonNode sortedAsResults(JsonNode query) {
    if (query == null || !query.path("sort").isArray()) {
      return query;
    }
    JsonNode sorted = query.deepCopy();
    for (JsonNode criterion : sorted.path("sort")) {
      if (criterion.path("field").asText().equals("operationType")) {
        ((ObjectNode) criterion).put("field", "batchOperationType");
      }
    }
    return sorted;
  }

  @PostMapping("/batch-operations/{batchOperationKey}/cancellation")
  ResponseEntity<Void> cancel(@PathVariable String batchOperationKey) {
    return change(batchOperationKey, batches::cancel);
  }

  @PostMapping("/batch-operations/{batchOperationKey}/suspension")
  ResponseEntity<Void> suspend(@PathVariable String batchOperationKey) {
    return change(batchOperationKey, batches::suspend);
  }

  @PostMapping("/batch-operations/{batchOperationKey}/resumption")
  ResponseEntity<Void> resume(@PathVariable String batchOperationKey) {
    return change(batchOperationKey, batches::resume);
  }

  /** The items of every batch operation: {@code batchOperationKey}, {@code itemKey}, ... */
  @PostMapping("/batch-operation-items/search")
  ObjectNode searchItems(@RequestBody(required = false) JsonNode query) {
    return Search.of(query)
        .apply(
            batches.all().stream()
                .flatMap(
                    operation ->
                        operation.items().stream().map(item -> itemShape(operation, item))));
  }

  /**
   * The operation over the instances the filter selects, kept before it is acknowledged. A filter
   * the search refuses (an unknown field, a wrong operator) is refused here the same way.
   */
  private ObjectNode create(Type type, Plan plan, ObjectNode filter) {
    Predicate<ObjectNode> running = instance -> instance.path("state").asText().equals("ACTIVE");
    if (type == Type.RESOLVE_INCIDENT) {
      running = running.and(instance -> instance.path("hasIncident").asBoolean());
    }
    List<Long> keys =
        instances.all(filter).stream()
            .filter(running)
            .map(instance -> instance.path("processInstanceKey").asLong())
            .toList();
    BatchOperation created = batches.create(type, plan, keys);
    return Shapes.tree(
        new BatchOperationCreatedResult()
            .batchOperationKey(Shapes.key(created.key()))
            .batchOperationType(BatchOperationTypeEnum.fromValue(type.name())));
  }

  private ResponseEntity<Void> change(String key, Consumer<Long> change) {
    long found = existing(key).key();
    try {
      change.accept(found);
    } catch (BatchOperations.Refused refused) {
      throw ApiProblem.invalidState(refused.getMessage());
    }
    return ResponseEntity.noContent().build();
  }

  private BatchOperation existing(String key) {
    try {
      return batches
          .get(Long.parseLong(key))
          .orElseThrow(() -> ApiProblem.notFound("No batch operation with key " + key));
    } catch (NumberFormatException e) {
      throw ApiProblem.notFound("No batch operation with key " + key);
    }
  }

  private static ObjectNode shape(BatchOperation operation) {
    return Shapes.tree(
        new BatchOperationResponse()
            .batchOperationKey(Shapes.key(operation.key()))
            .state(BatchOperationResponse.StateEnum.fromValue(operation.state().name()))
            .batchOperationType(BatchOperationTypeEnum.fromValue(operation.type().name()))
            .startDate(Shapes.date(operation.startDate()))
            .endDate(Shapes.date(operation.endDate()))
            .operationsTotalCount(operation.items().size())
            .operationsFailedCount((int) operation.count(ItemState.FAILED))
            .operationsCompletedCount((int) operation.count(ItemState.COMPLETED))
            .errors(List.of()));
  }

  private static ObjectNode itemShape(BatchOperation operation, BatchOperation.Item item) {
    return Shapes.tree(
        new BatchOperationItemResponse()
            .batchOperationKey(Shapes.key(operation.key()))
            .operationType(BatchOperationTypeEnum.fromValue(operation.type().name()))
            .itemKey(Shapes.key(item.itemKey()))
            .processInstanceKey(Shapes.key(item.processInstanceKey()))
            .state(BatchOperationItemResponse.StateEnum.fromValue(item.state().name()))
            .processedDate(Shapes.date(item.processedDate()))
            .errorMessage(item.errorMessage()));
  }
}
