package io.mediaflow.sandbox;

import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Access tokens of the live streaming and content delivery APIs (documents 1 and 2): one per
 * {@code POST /v1/access_token/<api_key>}, valid for the session token lifetime (24 hours, as the service's) in
 * real time, since a credential is configuration, not simulated work. A token is good only for the API that
 * issued it. Tokens are opaque random strings; only their expiry is kept, in the sandbox's database, so a client's
 * token stays good across a restart of the sandbox. A token is kept under its SHA-256 digest: the database file
 * holds no token anyone could use.
 */
@Component
public class AccessTokens {

  /** The row of one token, under its API and digest. */
  record SavedToken(Instant expiry) {}

  private final SandboxProperties properties;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Instant> expiries = new ConcurrentHashMap<>();
  private final Table<SavedToken> table;

  @Autowired
  public AccessTokens(SandboxProperties properties, SandboxDatabase database) {
    this(properties, database, Clock.systemUTC());
  }

  AccessTokens(SandboxProperties properties, SandboxDatabase database, Clock clock) {
    this.properties = properties;
    this.clock = clock;
    this.table = database.table("access_tokens", SavedToken.class);
    table.all().forEach((key, saved) -> expiries.put(key, saved.expiry()));
  }

  /** A new token of {@code api} for {@code apiKey}; none when the key is not one of the project's. */
  public Optional<String> issue(String api, String apiKey) {
    if (!properties.acceptsApiKey(apiKey)) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    forgetExpired(now);
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    String key = key(api, token);
    Instant expiry = now.plus(properties.sessionTokenLifetime());
    table.put(key, new SavedToken(expiry));
    expiries.put(key, expiry);
    return Optional.of(token);
  }

  /** Whether {@code token} was issued by {@code api} and has not expired. */
  public boolean isValid(String api, String token) {
    Instant expiry = token == null ? null : expiries.get(key(api, token));
    return expiry != null && expiry.isAfter(clock.instant());
  }

  private void forgetExpired(Instant now) {
    for (var token : List.copyOf(expiries.entrySet())) {
      if (!token.getValue().isAfter(now)) {
        expiries.remove(token.getKey());
        table.remove(token.getKey());
      }
    }
  }

  private static String key(String api, String token) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
      return api + ":" + HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }
}
