package io.mediaflow.sandbox.state;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tokens the sandbox issued, each with its expiry, kept in a table of the sandbox's database so
 * that a caller's token stays good across a restart until the expiry it was told. A token is kept
 * under its scope (what it is good for) and its SHA-256 digest: the database file holds no token
 * anyone could use. Expired tokens are forgotten when the next one is issued.
 */
public final class IssuedTokens {

  /** The row of one token, under its scope and digest. */
  public record Saved(Instant expiry) {}

  private final Map<String, Instant> expiries = new ConcurrentHashMap<>();
  private final Table<Saved> table;

  public IssuedTokens(SandboxDatabase database, String tableName) {
    this.table = database.table(tableName, Saved.class);
    table.all().forEach((key, saved) -> expiries.put(key, saved.expiry()));
  }

  /**
   * Keeps {@code token} of {@code scope}, valid until {@code expiry}, and forgets the tokens
   * expired by {@code now}.
   */
  public void issue(String scope, String token, Instant now, Instant expiry) {
    expiries.forEach(
        (key, expired) -> {
          if (!expired.isAfter(now) && expiries.remove(key, expired)) {
            table.remove(key);
          }
        });
    String key = key(scope, token);
    table.put(key, new Saved(expiry));
    expiries.put(key, expiry);
  }

  /** Whether {@code token} was issued for {@code scope} and has not expired by {@code now}. */
  public boolean isValid(String scope, String token, Instant now) {
    Instant expiry = token == null ? null : expiries.get(key(scope, token));
    return expiry != null && expiry.isAfter(now);
  }

  private static String key(String scope, String token) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
      return scope + ":" + HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }
}
