package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.SandboxProperties;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Access tokens of the content delivery API: one per {@code POST /v1/access_token/<api_key>}, valid for the
 * configured session token lifetime (24 hours, as the service's). The lifetime is real time, not scaled: it is
 * configuration a caller sets directly.
 */
@Component
public class AccessTokens {

  private final SandboxProperties sandbox;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Instant> expiries = new ConcurrentHashMap<>();

  public AccessTokens(SandboxProperties sandbox) {
    this.sandbox = sandbox;
  }

  public String issue(String apiKey) {
    if (!sandbox.acceptsApiKey(apiKey)) {
      throw new DeliveryException(HttpStatus.UNAUTHORIZED, "api_key: not an API key of this account");
    }
    Instant now = Instant.now();
    expiries.values().removeIf(now::isAfter);
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    expiries.put(token, now.plus(sandbox.sessionTokenLifetime()));
    return token;
  }

  public boolean isValid(String token) {
    Instant expiry = token == null ? null : expiries.get(token);
    return expiry != null && Instant.now().isBefore(expiry);
  }
}
