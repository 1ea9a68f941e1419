package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.app.engine.gateway.AdHocActivation;
import java.util.ArrayList;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Activating elements of a running ad-hoc sub-process from outside, as Camunda's REST API has it
 * (an agent's orchestrator, an operator); a job worker of the sub-process does the same with its
 * job's result. Forwarded to the engine, which refuses an element the sub-process does not have.
 */
@RestController
class AdHocSubProcessController {

  private final GatewayCalls gateway;

  AdHocSubProcessController(GatewayCalls gateway) {
    this.gateway = gateway;
  }

  /**
   * {@code elements} ({@code elementId}, {@code variables} set in the activated element's scope),
   * at least one; with {@code cancelRemainingInstances} the sub-process's active elements are
   * terminated first.
   */
  @PostMapping("/v2/element-instances/ad-hoc-activities/{adHocSubProcessInstanceKey}/activation")
  ResponseEntity<Void> activate(
      @PathVariable long adHocSubProcessInstanceKey, @RequestBody JsonNode request) {
    RequestObject body =
        RequestObject.of(
            request,
            "an ad-hoc sub-process activation",
            Set.of("elements", "cancelRemainingInstances"));
    JsonNode list = body.get("elements");
    // Camunda's own wording for a missing list or id.
    if (list.isMissingNode() || list.isNull() || (list.isArray() && list.isEmpty())) {
      throw ApiProblem.invalid("No elements provided.");
    }
    if (!list.isArray()) {
      throw ApiProblem.invalid("elements must be a list of {elementId, variables}, got " + list);
    }
    var elements = new ArrayList<AdHocActivation.Element>();
    for (int i = 0; i < list.size(); i++) {
      RequestObject element =
          RequestObject.of(list.get(i), "an element to activate", Set.of("elementId", "variables"));
      String elementId = element.text("elementId", null);
      if (elementId == null || elementId.isBlank()) {
        throw ApiProblem.invalid("No elements[" + i + "].elementId provided.");
      }
      elements.add(
          new AdHocActivation.Element(
              elementId, element.has("variables") ? GatewayCalls.json(element.variables()) : ""));
    }
    gateway.await(
        gateway
            .gateway()
            .activateAdHocSubProcessActivities(
                new AdHocActivation(
                    adHocSubProcessInstanceKey,
                    elements,
                    body.bool("cancelRemainingInstances", false))));
    return ResponseEntity.noContent().build();
  }
}
