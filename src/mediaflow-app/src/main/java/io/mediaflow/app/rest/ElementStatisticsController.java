package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.ProcessDefinitionElementStatisticsQueryResult;
import io.camunda.client.protocol.rest.ProcessInstanceElementStatisticsQueryResult;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.ProcessInstance;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Per element of a process, how many instances are active, canceled, under an incident and
 * completed, as Operate marks them on the diagram: of one process instance (its element instances),
 * or of a process definition (its instances that the filter finds, each counted once per element
 * and state). Neither question has a 404 in Camunda's specification: an unknown key has no
 * statistics.
 */
@RestController
@RequestMapping("/v2")
class ElementStatisticsController {

  /** The fields of Camunda 8.8's {@code ProcessDefinitionStatisticsFilter}. */
  private static final Set<String> FILTER_FIELDS =
      Set.of(
          "startDate",
          "endDate",
          "state",
          "hasIncident",
          "tenantId",
          "variables",
          "processInstanceKey",
          "parentProcessInstanceKey",
          "parentElementInstanceKey",
          "batchOperationId",
          "errorMessage",
          "hasRetriesLeft",
          "elementInstanceState",
          "elementId",
          "hasElementInstanceIncident",
          "incidentErrorHashCode",
          "$or");

  private final ProcessHistory history;
  private final ProcessInstanceSearch instances;

  ElementStatisticsController(ProcessHistory history, ProcessInstanceSearch instances) {
    this.history = history;
    this.instances = instances;
  }

  /**
   * The instances of the definition the {@code filter} finds, read as the process instance search
   * reads its filter.
   */
  @PostMapping("/process-definitions/{processDefinitionKey}/statistics/element-instances")
  ObjectNode ofDefinition(
      @PathVariable long processDefinitionKey, @RequestBody(required = false) JsonNode query) {
    RequestObject.of(query, "process definition statistics", Set.of("filter"))
        .object("filter", FILTER_FIELDS);
    Search search = Search.of(query, instances.filters(query));
    List<Long> found =
        history
            .processInstanceLookup()
            .matching()
            .apply(Map.of("processDefinitionKey", Set.of(Long.toString(processDefinitionKey))))
            .stream()
            .filter(instance -> search.matches(instances.shape(instance)))
            .map(ProcessInstance::key)
            .toList();
    return Shapes.tree(
        new ProcessDefinitionElementStatisticsQueryResult()
            .items(
                history.elementStatistics(found).stream().map(Shapes::elementStatistics).toList()));
  }

  @GetMapping("/process-instances/{processInstanceKey}/statistics/element-instances")
  ObjectNode ofInstance(@PathVariable long processInstanceKey) {
    return Shapes.tree(
        new ProcessInstanceElementStatisticsQueryResult()
            .items(
                history.elementStatistics(processInstanceKey).stream()
                    .map(Shapes::elementStatistics)
                    .toList()));
  }
}
