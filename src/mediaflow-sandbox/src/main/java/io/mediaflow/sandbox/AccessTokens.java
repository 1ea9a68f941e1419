package io.mediaflow.sandbox;

import io.mediaflow.sandbox.state.IssuedTokens;
import io.mediaflow.sandbox.state.SandboxDatabase;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Access tokens of the live streaming and content delivery APIs (documents 1 and 2): one per {@code
 * POST /v1/access_token/<api_key>}, valid for the session token lifetime (24 hours, as the
 * service's) in real time, since a credential is configuration, not simulated work. A token is good
 * only for the API that issued it. Tokens are opaque random strings; only their expiry is kept,
 * under the API as the token's scope ({@link IssuedTokens}: across a restart, by digest).
 */
@Component
public class AccessTokens {

  private final SandboxProperties properties;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private final IssuedTokens issued;

  @Autowired
  public AccessTokens(SandboxProperties properties, SandboxDatabase database) {
    this(properties, database, Clock.systemUTC());
  }

  AccessTokens(SandboxProperties properties, SandboxDatabase database, Clock clock) {
    this.properties = properties;
    this.clock = clock;
    this.issued = new IssuedTokens(database, "access_tokens");
  }

  /**
   * A new token of {@code api} for {@code apiKey}; none when the key is not one of the project's.
   */
  public Optional<String> issue(String api, String apiKey) {
    if (!properties.acceptsApiKey(apiKey)) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    issued.issue(api, token, now, now.plus(properties.sessionTokenLifetime()));
    return Optional.of(token);
  }

  /** Whether {@code token} was issued by {@code api} and has not expired. */
  public boolean isValid(String api, String token) {
    return issued.isValid(api, token, clock.instant());
  }
}
