package io.mediaflow.sandbox;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Test control: how the sandbox delivers callbacks from now on. {@code POST
 * /sandbox/callbacks/faults} with {@code {"mode": "drop"}}, {@code {"mode": "repeat", "copies":
 * 3}}, {@code {"mode": "delay", "delay": "PT2S"}}, {@code {"mode": "reorder", "delay": "PT1S"}} or
 * {@code {"mode": "normal"}}; {@code GET} shows the faults in force and how many callbacks were
 * delivered, refused by the endpoint, or dropped.
 */
@ConditionalOnProperty(name = "mediaflow.sandbox.test-controls", havingValue = "true")
@RestController
class CallbackFaultsController {

  record FaultsRequest(String mode, Integer copies, Duration delay) {}

  private final CallbackDelivery delivery;

  CallbackFaultsController(CallbackDelivery delivery) {
    this.delivery = delivery;
  }

  @PostMapping("/sandbox/callbacks/faults")
  ResponseEntity<Map<String, Object>> set(@RequestBody FaultsRequest request) {
    var mode =
        request.mode() == null
            ? Optional.of(CallbackDelivery.Mode.NORMAL)
            : Arrays.stream(CallbackDelivery.Mode.values())
                .filter(m -> m.name().equalsIgnoreCase(request.mode()))
                .findFirst();
    if (mode.isEmpty()) {
      return ResponseEntity.badRequest()
          .body(
              Map.of(
                  "message",
                  "mode: must be one of "
                      + Arrays.stream(CallbackDelivery.Mode.values())
                          .map(m -> m.name().toLowerCase(Locale.ROOT))
                          .toList()));
    }
    delivery.setFaults(
        new CallbackDelivery.Faults(
            mode.get(),
            request.copies() == null ? 2 : Math.max(1, request.copies()),
            request.delay() == null ? Duration.ofSeconds(1) : request.delay()));
    return ResponseEntity.ok(delivery.state());
  }

  @GetMapping("/sandbox/callbacks/faults")
  Map<String, Object> get() {
    return delivery.state();
  }
}
