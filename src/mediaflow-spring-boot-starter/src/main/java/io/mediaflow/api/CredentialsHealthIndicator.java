package io.mediaflow.api;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/**
 * One API's health as an operator needs it: its token endpoint answers and accepts the configured
 * API key. Down with the service's error code, HTTP status and request id when it does not, so the
 * cause (a revoked key, an outage) reads from {@code /actuator/health/mediaflow} without a log.
 */
public final class CredentialsHealthIndicator implements HealthIndicator {

  /** Fetches a token and drops it, throwing what the service answered when it is refused. */
  @FunctionalInterface
  public interface TokenCheck {
    void verifyCredentials();
  }

  private final TokenCheck check;

  public CredentialsHealthIndicator(TokenCheck check) {
    this.check = check;
  }

  @Override
  public Health health() {
    try {
      check.verifyCredentials();
      return Health.up().build();
    } catch (ApiException refused) {
      // The exceptions' messages name the endpoint with its key masked: no secret reaches here.
      var down = Health.down().withDetail("code", refused.code());
      refused.httpStatus().ifPresent(status -> down.withDetail("httpStatus", status));
      refused.requestId().ifPresent(id -> down.withDetail("requestId", id));
      return down.withDetail("error", refused.getMessage()).build();
    }
  }
}
