package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.SandboxProperties;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The live streaming API's access tokens: obtained with a project API key, valid for the session token lifetime
 * (24 hours by default) in real time, since it is a credential and not simulated work. Tokens are opaque random
 * strings; only their expiry is kept.
 */
@Component
public class LiveAccessTokens {

  private final SandboxProperties properties;
  private final Clock clock;
  private final Map<String, Instant> expiries = new ConcurrentHashMap<>();

  @Autowired
  public LiveAccessTokens(SandboxProperties properties) {
    this(properties, Clock.systemUTC());
  }

  LiveAccessTokens(SandboxProperties properties, Clock clock) {
    this.properties = properties;
    this.clock = clock;
  }

  /** A new token for {@code apiKey}; refused when the key is not one of the project's. */
  public String issue(String apiKey) {
    if (!properties.acceptsApiKey(apiKey)) {
      throw LiveApiException.unauthorized("api_key: not an API key of this project");
    }
    Instant now = clock.instant();
    expiries.values().removeIf(expiry -> !expiry.isAfter(now));
    String token = RandomIds.alphanumeric(43);
    expiries.put(token, now.plus(properties.sessionTokenLifetime()));
    return token;
  }

  /** Whether {@code token} was issued here and has not expired. */
  public boolean isValid(String token) {
    Instant expiry = token == null ? null : expiries.get(token);
    return expiry != null && expiry.isAfter(clock.instant());
  }
}
