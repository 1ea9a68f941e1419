package io.mediaflow.app.rest;

import io.camunda.client.protocol.rest.AdHocSubProcessActivateActivitiesInstruction;
import io.mediaflow.app.engine.gateway.AdHocActivation;
import java.util.ArrayList;
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
      @PathVariable long adHocSubProcessInstanceKey,
      @RequestBody AdHocSubProcessActivateActivitiesInstruction request) {
    // Camunda's own wording for an empty list.
    if (request.getElements().isEmpty()) {
      throw ApiProblem.invalid("No elements provided.");
    }
    var elements = new ArrayList<AdHocActivation.Element>();
    for (int i = 0; i < request.getElements().size(); i++) {
      var element = request.getElements().get(i);
      if (element.getElementId().isBlank()) {
        throw ApiProblem.invalid("elements[" + i + "].elementId must not be blank");
      }
      elements.add(
          new AdHocActivation.Element(
              element.getElementId(),
              element.getVariables() != null ? GatewayCalls.json(element.getVariables()) : ""));
    }
    gateway.await(
        gateway
            .gateway()
            .activateAdHocSubProcessActivities(
                new AdHocActivation(
                    adHocSubProcessInstanceKey,
                    elements,
                    Boolean.TRUE.equals(request.getCancelRemainingInstances()))));
    return ResponseEntity.noContent().build();
  }
}
