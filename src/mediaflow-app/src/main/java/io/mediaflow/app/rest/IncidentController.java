package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.CamundaClient;
import io.mediaflow.app.engine.ProcessHistory;
import java.time.Duration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Incidents and what resolves them, as Camunda's REST API has them: search, one incident, resolution, and a job's
 * retries (a job incident resolves only once its job has retries again).
 */
@RestController
@RequestMapping("/v2")
@ConditionalOnProperty(name = "mediaflow.engine.embedded", havingValue = "true", matchIfMissing = true)
class IncidentController {

  private final ProcessHistory history;
  private final CamundaClient camunda;

  IncidentController(ProcessHistory history, CamundaClient camunda) {
    this.history = history;
    this.camunda = camunda;
  }

  @PostMapping("/incidents/search")
  ObjectNode search(@RequestBody(required = false) JsonNode query) {
    return Search.of(query).apply(history.incidents().stream().map(Shapes::incident));
  }

  @GetMapping("/incidents/{incidentKey}")
  ObjectNode get(@PathVariable long incidentKey) {
    return history.incident(incidentKey).map(Shapes::incident)
        .orElseThrow(() -> ApiProblem.notFound("No incident with key " + incidentKey));
  }

  @PostMapping("/incidents/{incidentKey}/resolution")
  ResponseEntity<Void> resolve(@PathVariable long incidentKey) {
    camunda.newResolveIncidentCommand(incidentKey).send().join();
    return ResponseEntity.noContent().build();
  }

  /** {@code {"changeset": {"retries": n, "timeout": ms}}}: either or both. */
  @PatchMapping("/jobs/{jobKey}")
  ResponseEntity<Void> updateJob(@PathVariable long jobKey, @RequestBody JsonNode body) {
    JsonNode changeset = body.path("changeset");
    if (!changeset.hasNonNull("retries") && !changeset.hasNonNull("timeout")) {
      throw ApiProblem.invalid("changeset must set retries or timeout");
    }
    if (changeset.hasNonNull("retries")) {
      if (!changeset.get("retries").canConvertToInt() || changeset.get("retries").asInt() < 1) {
        throw ApiProblem.invalid("changeset.retries must be a whole number of at least 1, got "
            + changeset.get("retries"));
      }
      camunda.newUpdateRetriesCommand(jobKey).retries(changeset.get("retries").asInt()).send().join();
    }
    if (changeset.hasNonNull("timeout")) {
      camunda.newUpdateTimeoutCommand(jobKey).timeout(Duration.ofMillis(changeset.get("timeout").asLong()))
          .send().join();
    }
    return ResponseEntity.noContent().build();
  }
}
