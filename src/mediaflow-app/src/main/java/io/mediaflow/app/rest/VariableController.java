package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.app.engine.history.ProcessHistory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Variables, as Camunda's REST API has them: values are JSON text, cut in searches unless asked not
 * to.
 */
@RestController
@RequestMapping("/v2/variables")
class VariableController {

  private final ProcessHistory history;

  VariableController(ProcessHistory history) {
    this.history = history;
  }

  @PostMapping("/search")
  ObjectNode search(
      @RequestBody(required = false) JsonNode query,
      @RequestParam(defaultValue = "true") boolean truncateValues) {
    return Search.of(query)
        .apply(history.variableLookup(), variable -> Shapes.variable(variable, truncateValues));
  }

  @GetMapping("/{variableKey}")
  ObjectNode get(@PathVariable long variableKey) {
    return history
        .variable(variableKey)
        .map(Shapes::variable)
        .orElseThrow(() -> ApiProblem.notFound("No variable with key " + variableKey));
  }
}
