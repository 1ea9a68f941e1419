package io.mediaflow.app.rest;

import io.mediaflow.app.engine.clock.EngineClock;
import java.time.Instant;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;
import org.springframework.lang.Nullable;
import org.springframework.stereotype.Component;

/**
 * The engine's clock at {@code /actuator/clock}, as a Camunda broker has it on its management port:
 * what Camunda Process Test moves time with ({@code increaseTime}, {@code setTime}) and resets
 * after each test. {@code GET} reads it; {@code POST .../pin} with {@code epochMilli} pins it;
 * {@code POST .../add} with {@code offsetMilli} pins it that far from its current time (the
 * engine's clock knows pins only, so from then on it stands still there, as after a pin); {@code
 * DELETE} lets it follow the system's again. Each answers the clock's time. Changes are the same
 * engine commands as {@code /v2/clock}'s, so they are durable like them.
 */
@Component
@WebEndpoint(id = "clock")
class ClockEndpoint {

  /** The clock's time, as the broker's endpoint answers it. */
  record Time(long epochMilli, String instant) {

    static Time of(Instant instant) {
      return new Time(instant.toEpochMilli(), instant.toString());
    }
  }

  private final EngineClock clock;
  private final GatewayCalls gateway;

  ClockEndpoint(EngineClock clock, GatewayCalls gateway) {
    this.clock = clock;
    this.gateway = gateway;
  }

  @ReadOperation
  Time now() {
    return Time.of(clock.instant());
  }

  @WriteOperation
  WebEndpointResponse<?> modify(
      @Selector String operation, @Nullable Long epochMilli, @Nullable Long offsetMilli) {
    long pinAt;
    switch (operation) {
      case "pin" -> {
        if (epochMilli == null || epochMilli < 0) {
          return refused(
              "epochMilli is required for a pin: the epoch milliseconds to pin the clock at, 0 or more");
        }
        pinAt = epochMilli;
      }
      case "add" -> {
        if (offsetMilli == null) {
          return refused(
              "offsetMilli is required to add time: the milliseconds to move the clock by");
        }
        pinAt = clock.instant().toEpochMilli() + offsetMilli;
      }
      default -> {
        return refused(
            "No clock operation '"
                + operation
                + "': POST /actuator/clock/pin or /actuator/clock/add");
      }
    }
    gateway.await(gateway.gateway().pinClock(pinAt));
    // The pinned time, not a read: the engine moves its clock just after it wrote the pin, which
    // was awaited.
    return new WebEndpointResponse<>(Time.of(Instant.ofEpochMilli(pinAt)));
  }

  @DeleteOperation
  Time reset() {
    gateway.await(gateway.gateway().resetClock());
    return now();
  }

  private static WebEndpointResponse<String> refused(String reason) {
    return new WebEndpointResponse<>(reason, WebEndpointResponse.STATUS_BAD_REQUEST);
  }
}
