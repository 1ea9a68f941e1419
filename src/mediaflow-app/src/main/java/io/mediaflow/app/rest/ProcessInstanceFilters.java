package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.app.batch.BatchOperations;
import io.mediaflow.app.engine.history.ElementInstance;
import io.mediaflow.app.engine.history.Incident;
import io.mediaflow.app.engine.history.Job;
import io.mediaflow.app.engine.history.Lookup;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.ProcessInstance;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The filters of Camunda's process instance and element instance searches that are no field of
 * their results, each answered from what the history holds of the instance: its element instances
 * ({@code elementId}, {@code elementInstanceState} and {@code hasElementInstanceIncident} hold
 * together, for one element instance, as Camunda reads them), its active incidents ({@code
 * errorMessage}, {@code incidentErrorHashCode}: the Java hash of the message, as Operate's), its
 * jobs ({@code hasRetriesLeft}: a job failed with retries left), the batch operations it is an item
 * of ({@code batchOperationId}: their keys) and its variables ({@code variables}: each named one
 * visible at its top with the value given). An element instance's {@code elementInstanceScopeKey}
 * is the key of the element or process instance it runs in. {@code tags}, a field of the results,
 * is read as a set: an instance has each tag the filter names.
 */
final class ProcessInstanceFilters {

  private static final String INSTANCE = "processInstanceKey";

  private static final Map<String, String> ELEMENT_FIELDS =
      Map.of(
          "elementId", "elementId",
          "elementInstanceState", "state",
          "hasElementInstanceIncident", "hasIncident");

  private final ProcessHistory history;
  private final BatchOperations batches;

  ProcessInstanceFilters(ProcessHistory history, BatchOperations batches) {
    this.history = history;
    this.batches = batches;
  }

  /** The process instance search's filters that are not fields of its results. */
  Map<String, BiPredicate<ObjectNode, JsonNode>> forInstances(JsonNode query) {
    JsonNode filter = query == null ? JsonNodeFactory.instance.objectNode() : query.path("filter");
    Map<String, BiPredicate<ObjectNode, JsonNode>> filters = new HashMap<>();
    BiPredicate<ObjectNode, JsonNode> element = (instance, ignored) -> hasElement(instance, filter);
    ELEMENT_FIELDS.keySet().forEach(field -> filters.put(field, element));
    filters.put(
        "errorMessage",
        (instance, condition) ->
            activeIncidents(instance).stream()
                .anyMatch(
                    incident ->
                        Search.matches(
                            text(incident.errorMessage()), condition, "filter.errorMessage")));
    filters.put(
        "incidentErrorHashCode",
        (instance, condition) ->
            activeIncidents(instance).stream()
                .anyMatch(
                    incident ->
                        incident.errorMessage() != null
                            && Search.matches(
                                JsonNodeFactory.instance.numberNode(
                                    incident.errorMessage().hashCode()),
                                condition,
                                "filter.incidentErrorHashCode")));
    filters.put(
        "hasRetriesLeft",
        (instance, condition) ->
            Search.matches(
                JsonNodeFactory.instance.booleanNode(
                    jobsOf(instance).stream().anyMatch(Job::hasFailedWithRetriesLeft)),
                condition,
                "filter.hasRetriesLeft"));
    filters.put("tags", ProcessInstanceFilters::hasTags);
    filters.put(
        "variables",
        (instance, condition) -> {
          long key = instance.path("processInstanceKey").asLong();
          return Search.hasVariables(
              history.variablesVisibleFrom(key, key), condition, "filter.variables");
        });
    filters.put(
        "batchOperationId",
        (instance, condition) ->
            Search.matches(batchesOf(instance), condition, "filter.batchOperationId"));
    return filters;
  }

  /**
   * The lookup narrowed first to the instances that have each variable the filter names with a
   * value it gives (plainly or as {@code $eq}), as the history finds them by name and value, so
   * that a search by variable reads only those; the {@code variables} filter then checks them.
   */
  Lookup<ProcessInstance> narrowedByVariables(Lookup<ProcessInstance> lookup, JsonNode query) {
    JsonNode variables = query == null ? null : query.path("filter").path("variables");
    Set<String> keys = null;
    if (variables != null && variables.isArray()) {
      for (JsonNode variable : variables) {
        Optional<String> value = equalTo(variable.path("value"));
        if (variable.path("name").isTextual() && value.isPresent()) {
          Set<String> having = new HashSet<>();
          history
              .instancesWithVariable(variable.path("name").asText(), value.get())
              .forEach(key -> having.add(Long.toString(key)));
          if (keys != null) {
            having.retainAll(keys);
          }
          keys = having;
        }
      }
    }
    if (keys == null) {
      return lookup;
    }
    Set<String> narrowed = keys;
    return new Lookup<>(
        lookup.fields(),
        wanted -> {
          Map<String, Set<String>> withKeys = new HashMap<>(wanted);
          Set<String> instances = new HashSet<>(narrowed);
          if (wanted.containsKey(INSTANCE)) {
            instances.retainAll(wanted.get(INSTANCE));
          }
          withKeys.put(INSTANCE, instances);
          return lookup.matching().apply(withKeys);
        });
  }

  /** The value a condition requires, when it requires one: a value, or {@code $eq} alone. */
  private static Optional<String> equalTo(JsonNode condition) {
    if (condition.isValueNode() && !condition.isNull()) {
      return Optional.of(condition.asText());
    }
    JsonNode eq = condition.path("$eq");
    return condition.isObject() && condition.size() == 1 && eq.isValueNode() && !eq.isNull()
        ? Optional.of(eq.asText())
        : Optional.empty();
  }

  /** The element instance search's filters that are not fields of its results. */
  Map<String, BiPredicate<ObjectNode, JsonNode>> forElements() {
    return Map.of(
        "elementInstanceScopeKey",
        (element, condition) ->
            history
                .elementInstance(element.path("elementInstanceKey").asLong())
                .map(
                    found ->
                        Search.matches(
                            text(Long.toString(found.flowScopeKey())),
                            condition,
                            "filter.elementInstanceScopeKey"))
                .orElse(false));
  }

  private boolean hasElement(ObjectNode instance, JsonNode filter) {
    return elementsOf(instance).stream()
        .map(Shapes::elementInstance)
        .anyMatch(
            element ->
                ELEMENT_FIELDS.entrySet().stream()
                    .filter(field -> filter.has(field.getKey()))
                    .allMatch(
                        field ->
                            Search.matches(
                                element.path(field.getValue()),
                                filter.get(field.getKey()),
                                "filter." + field.getKey())));
  }

  private List<ElementInstance> elementsOf(ObjectNode instance) {
    return history.elementInstanceLookup().matching().apply(ofInstance(instance));
  }

  private List<Incident> activeIncidents(ObjectNode instance) {
    return history.incidentLookup().matching().apply(ofInstance(instance)).stream()
        .filter(incident -> incident.state().name().equals("ACTIVE"))
        .toList();
  }

  private List<Job> jobsOf(ObjectNode instance) {
    return history.jobLookup().matching().apply(ofInstance(instance));
  }

  /** The keys of the batch operations that have the instance among their items. */
  private JsonNode batchesOf(ObjectNode instance) {
    long key = instance.path("processInstanceKey").asLong();
    var keys = JsonNodeFactory.instance.arrayNode();
    batches.all().stream()
        .filter(
            operation ->
                operation.items().stream().anyMatch(item -> item.processInstanceKey() == key))
        .forEach(operation -> keys.add(Shapes.key(operation.key())));
    return keys;
  }

  private static Map<String, Set<String>> ofInstance(ObjectNode instance) {
    return Map.of(INSTANCE, Set.of(instance.path("processInstanceKey").asText()));
  }

  private static JsonNode text(String value) {
    return value == null
        ? JsonNodeFactory.instance.nullNode()
        : JsonNodeFactory.instance.textNode(value);
  }

  /** An instance has every tag the filter names, as Camunda reads its {@code tags} filter. */
  private static boolean hasTags(ObjectNode instance, JsonNode condition) {
    if (!condition.isArray()) {
      throw ApiProblem.invalid("filter.tags must be a list of tags, got " + condition);
    }
    var tags = new HashSet<String>();
    instance.path("tags").forEach(tag -> tags.add(tag.asText()));
    for (JsonNode tag : condition) {
      if (!tags.contains(tag.asText())) {
        return false;
      }
    }
    return true;
  }
}
