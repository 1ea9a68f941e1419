package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The engine's clock, as Camunda's REST API has it (what Camunda Process Test moves time with):
 * pinned at a {@code timestamp}, the engine's time stands there (timers, job time-outs and
 * backoffs, message time to live) until pinned again or reset. The pin is a command in the engine's
 * log and part of its state, so it outlasts a restart, as on a Camunda broker.
 */
@RestController
@RequestMapping("/v2/clock")
class ClockController {

  private final GatewayCalls gateway;

  ClockController(GatewayCalls gateway) {
    this.gateway = gateway;
  }

  /** {@code {"timestamp": <epoch milliseconds>}}. */
  @PutMapping
  ResponseEntity<Void> pin(@RequestBody JsonNode request) {
    RequestObject body = RequestObject.of(request, "a clock pin", Set.of("timestamp"));
    long timestamp = body.number("timestamp", 0, -1);
    if (timestamp < 0) {
      throw ApiProblem.invalid("timestamp is required: the epoch milliseconds to pin the clock at");
    }
    gateway.await(gateway.gateway().pinClock(timestamp));
    return ResponseEntity.noContent().build();
  }

  @PostMapping("/reset")
  ResponseEntity<Void> reset() {
    gateway.await(gateway.gateway().resetClock());
    return ResponseEntity.noContent().build();
  }
}
