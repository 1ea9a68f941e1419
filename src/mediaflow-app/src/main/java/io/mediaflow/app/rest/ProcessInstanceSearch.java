package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.app.batch.BatchOperations;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.ProcessInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.springframework.stereotype.Component;

/**
 * Camunda's process instance search ({@code POST /v2/process-instances/search}), and the instances
 * a batch operation's filter selects, which are those the search finds with the same filter.
 */
@Component
class ProcessInstanceSearch {

  /** The page a batch operation's instances are read in: the largest a search answers. */
  private static final int PAGE = 10_000;

  private final ProcessHistory history;
  private final ProcessInstanceFilters filters;

  ProcessInstanceSearch(ProcessHistory history, BatchOperations batches) {
    this.history = history;
    this.filters = new ProcessInstanceFilters(history, batches);
  }

  ObjectNode apply(JsonNode query) {
    return Search.of(query, filters(query))
        .apply(filters.narrowedByVariables(history.processInstanceLookup(), query), this::shape);
  }

  /** The search's filters that are no fields of its results, for a read that selects as it does. */
  Map<String, BiPredicate<ObjectNode, JsonNode>> filters(JsonNode query) {
    return filters.forInstances(query);
  }

  /** Every instance {@code filter} selects, in the search's shape, page after page. */
  List<ObjectNode> all(JsonNode filter) {
    List<ObjectNode> found = new ArrayList<>();
    while (true) {
      ObjectNode query = Shapes.object();
      query.set("filter", filter);
      query.putObject("page").put("from", found.size()).put("limit", PAGE);
      JsonNode page = apply(query).path("items");
      page.forEach(instance -> found.add((ObjectNode) instance));
      if (page.size() < PAGE) {
        return found;
      }
    }
  }

  /** The element instance search's filters that are not fields of its results. */
  Map<String, BiPredicate<ObjectNode, JsonNode>> elementFilters() {
    return filters.forElements();
  }

  ObjectNode shape(ProcessInstance instance) {
    return Shapes.processInstance(
        instance, history.processDefinition(instance.definitionKey()).orElse(null));
  }
}
