package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.IssuedTokens;
import io.mediaflow.sandbox.state.SandboxDatabase;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.springframework.stereotype.Component;

/**
 * Session tokens of {@code /v1/access_token}: issued for a project API key, valid for {@code
 * mediaflow.sandbox.session-token-lifetime} (real time, not scaled: it is a credential's validity,
 * and the caller must be able to rely on the {@code expire} it was told), across a restart too
 * ({@link IssuedTokens}).
 */
@Component
class SessionTokens {

  /**
   * API keys are opaque, but never blank, never contain whitespace or control characters, and stay
   * short.
   */
  private static final int MAX_API_KEY_LENGTH = 256;

  /** What a session token is good for: the transcoding API. */
  private static final String SCOPE = "transcoding";

  record Issued(String token, String expire) {}

  private final SandboxProperties sandbox;
  private final IssuedTokens issued;
  private volatile Duration lifetimeOverride;

  SessionTokens(SandboxProperties sandbox, SandboxDatabase database) {
    this.sandbox = sandbox;
    this.issued = new IssuedTokens(database, "transcoding_session_tokens");
  }

  Issued issue(String apiKey) {
    if (apiKey == null
        || apiKey.isBlank()
        || apiKey.length() > MAX_API_KEY_LENGTH
        || apiKey.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
      throw new TranscodingApiError(
          TranscodingApiError.BAD_API_KEY,
          "Field 'api_key' failed validation: it must be a non-empty key without spaces.");
    }
    if (!sandbox.acceptsApiKey(apiKey)) {
      throw new TranscodingApiError(TranscodingApiError.API_KEY_NOT_FOUND, "API key not found.");
    }
    Instant now = Instant.now();
    Instant expiry = now.plus(lifetime());
    String token = Tokens.random();
    issued.issue(SCOPE, token, now, expiry);
    return new Issued(token, SandboxClock.TIMESTAMP.format(expiry.atOffset(ZoneOffset.UTC)));
  }

  /** Error 4 for a malformed token, 5 for an unknown or expired one. */
  void check(String token) {
    String wellFormed = Tokens.requireWellFormed(token, "token");
    if (!issued.isValid(SCOPE, wellFormed, Instant.now())) {
      throw new TranscodingApiError(
          TranscodingApiError.TOKEN_NOT_FOUND,
          "Session token not found or expired: request a new one at /v1/access_token.");
    }
  }

  /**
   * Test control: tokens issued from now on live {@code lifetime} (null restores the configured
   * lifetime).
   */
  void overrideLifetime(Duration lifetime) {
    this.lifetimeOverride = lifetime;
  }

  Duration lifetime() {
    Duration override = lifetimeOverride;
    return override != null ? override : sandbox.sessionTokenLifetime();
  }
}
