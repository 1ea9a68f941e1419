package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.app.engine.history.Incident;
import io.mediaflow.app.engine.history.Lookup;
import io.mediaflow.app.engine.history.ProcessHistory;
import io.mediaflow.app.engine.history.ProcessInstance;
import java.util.List;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What call activities tie to a process instance, as Camunda's REST API answers it: the instances
 * that called it up to the root, and the incidents of it and of every instance called beneath it.
 */
@RestController
@RequestMapping("/v2")
class CallHierarchyController {

  private final ProcessHistory history;

  CallHierarchyController(ProcessHistory history) {
    this.history = history;
  }

  /**
   * From the root instance down to this one, each with its process's key and name; empty for an
   * instance no call activity started, as Camunda answers it.
   */
  @GetMapping("/process-instances/{processInstanceKey}/call-hierarchy")
  ArrayNode callHierarchy(@PathVariable long processInstanceKey) {
    List<ProcessInstance> chain = history.callHierarchy(processInstanceKey);
    if (chain.isEmpty()) {
      throw notFound(processInstanceKey);
    }
    ArrayNode entries = CamundaJson.MAPPER.createArrayNode();
    if (chain.size() > 1) {
      chain.forEach(
          instance ->
              entries.add(
                  Shapes.callHierarchyEntry(
                      instance, history.processDefinition(instance.definitionKey()).orElse(null))));
    }
    return entries;
  }

  /**
   * Camunda 8.8's search takes no filter here ({@code ProcessInstanceIncidentSearchQuery}: {@code
   * sort} and {@code page}); the incidents come by key unless sorted otherwise.
   */
  @PostMapping("/process-instances/{processInstanceKey}/incidents/search")
  ObjectNode incidents(
      @PathVariable long processInstanceKey, @RequestBody(required = false) JsonNode query) {
    RequestObject.of(query, "a process instance's incident search", Set.of("sort", "page"));
    if (history.processInstance(processInstanceKey).isEmpty()) {
      throw notFound(processInstanceKey);
    }
    List<Incident> incidents = history.incidentsWithCalled(processInstanceKey);
    return Search.of(query).apply(new Lookup<>(Set.of(), none -> incidents), Shapes::incident);
  }

  private static ApiProblem notFound(long processInstanceKey) {
    return ApiProblem.notFound("No process instance with key " + processInstanceKey);
  }
}
