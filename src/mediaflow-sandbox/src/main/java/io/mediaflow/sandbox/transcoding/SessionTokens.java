package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Session tokens of {@code /v1/access_token}: issued for a project API key, valid for
 * {@code mediaflow.sandbox.session-token-lifetime} (real time, not scaled: it is a credential's validity, and the
 * caller must be able to rely on the {@code expire} it was told). Tokens are kept in the sandbox's database, so
 * a token stays valid across a restart until the {@code expire} it was issued with.
 */
@Component
class SessionTokens {

  /** API keys are opaque, but never blank, never contain whitespace or control characters, and stay short. */
  private static final int MAX_API_KEY_LENGTH = 256;

  record Issued(String token, String expire) {}

  /** A token as the database keeps it. */
  record Saved(Instant expiry) {}

  private final SandboxProperties sandbox;
  private final Table<Saved> table;
  private final Map<String, Instant> expiries = new ConcurrentHashMap<>();
  private volatile Duration lifetimeOverride;

  SessionTokens(SandboxProperties sandbox, SandboxDatabase database) {
    this.sandbox = sandbox;
    this.table = database.table("transcoding_session_tokens", Saved.class);
    table.all().forEach((token, saved) -> expiries.put(token, saved.expiry()));
  }

  Issued issue(String apiKey) {
    if (apiKey == null || apiKey.isBlank() || apiKey.length() > MAX_API_KEY_LENGTH
        || apiKey.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
      throw new TranscodingError(TranscodingError.BAD_API_KEY,
          "Field 'api_key' failed validation: it must be a non-empty key without spaces.");
    }
    if (!sandbox.acceptsApiKey(apiKey)) {
      throw new TranscodingError(TranscodingError.API_KEY_NOT_FOUND, "API key not found.");
    }
    Instant now = Instant.now();
    expiries.forEach((token, expiry) -> {
      if (!expiry.isAfter(now) && expiries.remove(token, expiry)) {
        table.remove(token);
      }
    });
    Instant expiry = now.plus(lifetime());
    String token = Tokens.random();
    table.put(token, new Saved(expiry));
    expiries.put(token, expiry);
    return new Issued(token, SandboxClock.TIMESTAMP.format(expiry.atOffset(ZoneOffset.UTC)));
  }

  /** Error 4 for a malformed token, 5 for an unknown or expired one. */
  void check(String token) {
    String wellFormed = Tokens.requireWellFormed(token, "token");
    Instant expiry = expiries.get(wellFormed);
    if (expiry == null || !expiry.isAfter(Instant.now())) {
      throw new TranscodingError(TranscodingError.TOKEN_NOT_FOUND,
          "Session token not found or expired: request a new one at /v1/access_token.");
    }
  }

  /** Test control: tokens issued from now on live {@code lifetime} (null restores the configured lifetime). */
  void overrideLifetime(Duration lifetime) {
    this.lifetimeOverride = lifetime;
  }

  Duration lifetime() {
    Duration override = lifetimeOverride;
    return override != null ? override : sandbox.sessionTokenLifetime();
  }
}
