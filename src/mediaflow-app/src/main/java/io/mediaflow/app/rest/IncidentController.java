package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.IncidentResolutionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.mediaflow.app.engine.history.ProcessHistory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Incidents, as Camunda's REST API has them: search, one incident, resolution (an incident of a job
 * that ran out of retries resolves once the job has retries again: {@code PATCH
 * /v2/jobs/{jobKey}}).
 */
@RestController
@RequestMapping("/v2")
class IncidentController {

  private final ProcessHistory history;
  private final GatewayCalls gateway;

  IncidentController(ProcessHistory history, GatewayCalls gateway) {
    this.history = history;
    this.gateway = gateway;
  }

  @PostMapping("/incidents/search")
  ObjectNode search(@RequestBody(required = false) JsonNode query) {
    return Search.of(query).apply(history.incidentLookup(), Shapes::incident);
  }

  @GetMapping("/incidents/{incidentKey}")
  ObjectNode get(@PathVariable long incidentKey) {
    return history
        .incident(incidentKey)
        .map(Shapes::incident)
        .orElseThrow(() -> ApiProblem.notFound("No incident with key " + incidentKey));
  }

  /**
   * Resolves it in the engine; the body, read so that one with other properties is refused, has
   * only an {@code operationReference}, which is accepted and, as every command here, not echoed.
   */
  @PostMapping("/incidents/{incidentKey}/resolution")
  ResponseEntity<Void> resolve(
      @PathVariable long incidentKey,
      @RequestBody(required = false) IncidentResolutionRequest request) {
    gateway.await(
        gateway
            .gateway()
            .resolveIncident(
                ResolveIncidentRequest.newBuilder().setIncidentKey(incidentKey).build()));
    return ResponseEntity.noContent().build();
  }
}
