package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.sandbox.SandboxProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class LiveAccessTokensTest {

  /** A clock the test moves by hand. */
  static final class ManualClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  private final ManualClock clock = new ManualClock();
  private final LiveAccessTokens tokens = new LiveAccessTokens(
      new SandboxProperties(true, "http://localhost/sandbox", 1.0, List.of("key-1"), Duration.ofHours(24)), clock);

  @Test
  void aTokenIsValidFor24Hours() {
    String token = tokens.issue("key-1");
    clock.advance(Duration.ofHours(24).minusSeconds(1));
    assertThat(tokens.isValid(token)).isTrue();
    clock.advance(Duration.ofSeconds(1));
    assertThat(tokens.isValid(token)).isFalse();
  }

  @Test
  void onlyTheProjectsKeysGetTokens() {
    assertThatThrownBy(() -> tokens.issue("key-2")).isInstanceOf(LiveApiException.class);
    assertThat(tokens.isValid(null)).isFalse();
    assertThat(tokens.isValid("never-issued")).isFalse();
  }
}
