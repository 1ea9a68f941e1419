package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.app.engine.gateway.EngineCommands;
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

  private final EngineCommands commands;

  ClockController(EngineCommands commands) {
    this.commands = commands;
  }

  /** {@code {"timestamp": <epoch milliseconds>}}. */
  @PutMapping
  ResponseEntity<Void> pin(@RequestBody JsonNode request) {
    RequestObject body = RequestObject.of(request, "a clock pin", Set.of("timestamp"));
    long timestamp = body.number("timestamp", 0, -1);
    if (timestamp < 0) {
      throw ApiProblem.invalid("timestamp is required: the epoch milliseconds to pin the clock at");
    }
    commands.pinClock(timestamp);
    return ResponseEntity.noContent().build();
  }

  @PostMapping("/reset")
  ResponseEntity<Void> reset() {
    commands.resetClock();
    return ResponseEntity.noContent().build();
  }
}
