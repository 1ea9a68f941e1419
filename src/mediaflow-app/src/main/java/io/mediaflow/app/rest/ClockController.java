package io.mediaflow.app.rest;

import io.camunda.client.protocol.rest.ClockPinRequest;
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
  ResponseEntity<Void> pin(@RequestBody ClockPinRequest request) {
    if (request.getTimestamp() < 0) {
      throw ApiProblem.invalid("timestamp must be the epoch milliseconds to pin the clock at");
    }
    gateway.await(gateway.gateway().pinClock(request.getTimestamp()));
    return ResponseEntity.noContent().build();
  }

  @PostMapping("/reset")
  ResponseEntity<Void> reset() {
    gateway.await(gateway.gateway().resetClock());
    return ResponseEntity.noContent().build();
  }
}
