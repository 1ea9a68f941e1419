package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.SandboxProperties;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * The inverse of {@code SandboxClock.scaled}: how much of the service's nominal time a real
 * interval stands for, so a stream live for 0.5 s at time scale 0.01 has 50 s of media to record
 * and play.
 */
@Component
class NominalTime {

  private final double timeScale;

  NominalTime(SandboxProperties properties) {
    this.timeScale = properties.timeScale();
  }

  double secondsSince(Instant start) {
    return Duration.between(start, Instant.now()).toNanos() / 1e9 / timeScale;
  }
}
