package io.mediaflow.delivery.signing.internal;

import io.jsonwebtoken.JwtBuilder;
import io.jsonwebtoken.Jwts;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.Set;

/**
 * Signed tokens as document 1 defines them: a JWT signed with RS256, with {@code kid} (the signing
 * key's id), {@code alg} RS256 and {@code typ} JWT in its header, and in its payload {@code uri},
 * {@code exp}, {@code nbf} and any custom claims.
 *
 * <p>{@code exp} and {@code nbf} are JWT NumericDate values, whole seconds since the epoch (RFC
 * 7519): the document does not show their format, and the standard's is what a JWT verifier reads.
 * This is the one place that choice is made.
 */
public final class SignedTokens {

  /** Claims with their own inputs; custom claims may not set them. */
  public static final Set<String> RESERVED_CLAIMS = Set.of("uri", "exp", "nbf");

  /**
   * What a token grants.
   *
   * @param uri the directory or full path the token opens; empty opens the whole bucket; null
   *     leaves the claim out
   * @param expiresAt null for a token that never expires
   * @param notBefore null for a token valid at once
   * @param custom further claims, copied as they are
   */
  public record Grant(
      String uri, Instant expiresAt, Instant notBefore, Map<String, Object> custom) {}

  private SignedTokens() {}

  public static String sign(String keyId, PrivateKey privateKey, Grant grant) {
    JwtBuilder token = Jwts.builder().header().keyId(keyId).type("JWT").and();
    if (grant.custom() != null) {
      grant.custom().forEach(token::claim);
    }
    if (grant.uri() != null) {
      token.claim("uri", grant.uri());
    }
    if (grant.expiresAt() != null) {
      token.expiration(Date.from(grant.expiresAt()));
    }
    if (grant.notBefore() != null) {
      token.notBefore(Date.from(grant.notBefore()));
    }
    return token.signWith(privateKey, Jwts.SIG.RS256).compact();
  }
}
