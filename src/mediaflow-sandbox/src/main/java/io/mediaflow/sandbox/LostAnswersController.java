package io.mediaflow.sandbox;

import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * Test control: {@code POST /sandbox/faults/lost-answers} with {@code {"method": "POST", "path":
 * "/sandbox/live/v1/live-streams", "times": 1}} makes the next matching request do its work and
 * lose its answer (see {@link LostAnswerFilter}); {@code GET} shows the armed faults and how many
 * answers were lost, {@code DELETE} disarms them.
 */
@ConditionalOnProperty(name = "mediaflow.sandbox.test-controls", havingValue = "true")
@RestController
class LostAnswersController {

  record FaultRequest(String method, String path, Integer times) {}

  private final LostAnswers faults;

  LostAnswersController(LostAnswers faults) {
    this.faults = faults;
  }

  @PostMapping("/sandbox/faults/lost-answers")
  Map<String, Object> arm(@RequestBody FaultRequest request) {
    if (request.method() == null
        || request.method().isBlank()
        || request.path() == null
        || !request.path().startsWith("/sandbox/")) {
      throw new ResponseStatusException(
          HttpStatus.BAD_REQUEST, "method and path are required; path starts with /sandbox/");
    }
    faults.arm(
        request.method(),
        request.path(),
        request.times() == null ? 1 : Math.max(1, request.times()));
    return faults.state();
  }

  @GetMapping("/sandbox/faults/lost-answers")
  Map<String, Object> state() {
    return faults.state();
  }

  @DeleteMapping("/sandbox/faults/lost-answers")
  void clear() {
    faults.clear();
  }
}
