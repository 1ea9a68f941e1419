package io.mediaflow.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccessTokensTest {

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
  private final AccessTokens tokens = new AccessTokens(
      new SandboxProperties(true, "http://localhost/sandbox", 1.0, List.of("key-1"), Duration.ofHours(24)), clock);

  @Test
  void aTokenIsValidFor24Hours() {
    String token = tokens.issue("live", "key-1").orElseThrow();
    clock.advance(Duration.ofHours(24).minusSeconds(1));
    assertThat(tokens.isValid("live", token)).isTrue();
    clock.advance(Duration.ofSeconds(1));
    assertThat(tokens.isValid("live", token)).isFalse();
  }

  @Test
  void onlyTheProjectsKeysGetTokens() {
    assertThat(tokens.issue("live", "key-2")).isEmpty();
    assertThat(tokens.isValid("live", null)).isFalse();
    assertThat(tokens.isValid("live", "never-issued")).isFalse();
  }

  @Test
  void aTokenIsGoodOnlyForTheApiThatIssuedIt() {
    String token = tokens.issue("live", "key-1").orElseThrow();
    assertThat(tokens.isValid("cdn", token)).isFalse();
  }
}
