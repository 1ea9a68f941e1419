package io.mediaflow.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.state.IssuedTokens;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  private static final SandboxProperties PROPERTIES =
      new SandboxProperties(
          true, "http://localhost/sandbox", 1.0, List.of("key-1"), Duration.ofHours(24));

  private final ManualClock clock = new ManualClock();
  private final SandboxDatabase database = new SandboxDatabase(new SandboxStateProperties(null));
  private final AccessTokens tokens = new AccessTokens(PROPERTIES, database, clock);

  @TempDir Path directory;

  @AfterEach
  void close() {
    database.destroy();
  }

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

  @Test
  void aTokenStaysValidUntilItsExpiryWhenTheSandboxRestarts() {
    var state = new SandboxStateProperties(directory);
    var before = new SandboxDatabase(state);
    String token = new AccessTokens(PROPERTIES, before, clock).issue("cdn", "key-1").orElseThrow();
    before.destroy();

    var after = new SandboxDatabase(state);
    try {
      var restarted = new AccessTokens(PROPERTIES, after, clock);
      assertThat(restarted.isValid("cdn", token)).isTrue();
      assertThat(restarted.isValid("live", token)).isFalse();
      clock.advance(Duration.ofHours(24));
      assertThat(restarted.isValid("cdn", token)).isFalse();
      assertThat(after.table("access_tokens", IssuedTokens.Saved.class).all().keySet())
          .singleElement()
          .asString()
          .startsWith("cdn:")
          .doesNotContain(token);
    } finally {
      after.destroy();
    }
  }
}
