package io.mediaflow.sandbox.delivery;

import io.jsonwebtoken.Claims;
import io.jsonwebtoken.ExpiredJwtException;
import io.jsonwebtoken.Jws;
import io.jsonwebtoken.JwsHeader;
import io.jsonwebtoken.Jwt;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.LocatorAdapter;
import io.jsonwebtoken.PrematureJwtException;
import io.jsonwebtoken.security.SignatureException;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.storage.MediaStorage;
import java.security.Key;
import java.util.Collection;
import org.springframework.stereotype.Component;

/**
 * Checks the signed tokens ({@code ?auth=}) that open content of an authenticated bucket, and that
 * the live sandbox can use for signed live playback. A token is an RS256 JWT whose header names a
 * live signing key ({@code kid}, {@code alg} RS256, {@code typ} JWT) bound to one of the accepted
 * bindings, whose signature that key's public key verifies, and whose claims allow this request:
 *
 * <ul>
 *   <li>{@code exp} and {@code nbf}, when present, are NumericDate values: seconds since the epoch
 *       as a JSON number, as RFC 7519 defines them (the service does not show their format). As
 *       jjwt reads them, a string holding such a number or an ISO-8601 timestamp is accepted too;
 *       anything else is malformed. No clock skew is allowed.
 *   <li>{@code uri}, when absent or empty, opens the whole bucket; otherwise the requested path
 *       must equal it or lie below it as a directory. Both are paths inside the bucket, compared
 *       without leading slashes, so {@code videos}, {@code /videos} and {@code /videos/} all open
 *       {@code videos/clip/master.m3u8}.
 * </ul>
 *
 * Refusals are {@code 403} with a short reason that names no key material.
 */
@Component
public class SignedTokenVerifier {

  static final String ALGORITHM = "RS256";
  private static final String MALFORMED = "auth: not a well-formed RS256 signed JWT";

  /** A refusal found while locating the key, carried out of the JWT parser as it is. */
  private static final class Refusal extends JwtException {
    Refusal(String reason) {
      super(reason);
    }
  }

  private final SigningKeys keys;
  private final SandboxProfile profile;

  public SignedTokenVerifier(SigningKeys keys, SandboxProfile profile) {
    this.keys = keys;
    this.profile = profile;
  }

  /**
   * As {@link #verify}, for the content of buckets at the CDN's edge, which knows a new key only
   * once it has reached it ({@link SigningKeys#atEdge}); the same as {@link #verify} unless the
   * variation {@value SigningKeys#NOT_YET_PROPAGATED} is on.
   */
  public void verifyAtEdge(String token, Collection<SigningKeyBinding> accepted, String path) {
    verify(token, accepted, path, true);
  }

  /**
   * Accepts {@code token} for {@code path} (a path inside the bucket, or a live playback path) when
   * it was signed with a live key bound to one of {@code accepted}; otherwise throws a {@code 403}
   * {@link DeliveryException}.
   */
  public void verify(String token, Collection<SigningKeyBinding> accepted, String path) {
    verify(token, accepted, path, false);
  }

  private void verify(
      String token, Collection<SigningKeyBinding> accepted, String path, boolean atEdge) {
    if (token == null || token.isBlank()) {
      throw DeliveryException.forbidden(
          "auth: a signed token is required (access policy authenticated)");
    }
    Claims claims = claims(token, accepted, atEdge);
    Object uri = claims.get("uri");
    if (uri != null && !(uri instanceof String)) {
      throw DeliveryException.forbidden("auth: the uri claim must be a string");
    }
    if (!covers((String) uri, path)) {
      throw DeliveryException.forbidden("auth: the token's uri does not cover this path");
    }
  }

  private Claims claims(String token, Collection<SigningKeyBinding> accepted, boolean atEdge) {
    Jwt<?, ?> jwt;
    try {
      jwt = Jwts.parser().keyLocator(new KeyLocator(accepted, atEdge)).build().parse(token);
    } catch (Refusal refusal) {
      throw DeliveryException.forbidden(refusal.getMessage());
    } catch (ExpiredJwtException expired) {
      throw DeliveryException.forbidden("auth: the token has expired (exp)");
    } catch (PrematureJwtException premature) {
      throw DeliveryException.forbidden("auth: the token is not valid yet (nbf)");
    } catch (SignatureException badSignature) {
      throw DeliveryException.forbidden("auth: the token's signature does not verify");
    } catch (JwtException | IllegalArgumentException malformed) {
      throw DeliveryException.forbidden(MALFORMED);
    }
    // Every claim is optional: a token without any has an empty payload, which jjwt reads as
    // content.
    if (jwt instanceof Jws<?> jws) {
      if (jws.getPayload() instanceof Claims claims) {
        return claims;
      }
      if (jws.getPayload() instanceof byte[] content && content.length == 0) {
        return Jwts.claims().build();
      }
    }
    throw DeliveryException.forbidden(MALFORMED);
  }

  static boolean covers(String uri, String path) {
    String scope = MediaStorage.normalize(uri);
    if (scope.isEmpty()) {
      return true;
    }
    String requested = MediaStorage.normalize(path);
    String directory = scope.endsWith("/") ? scope : scope + "/";
    return requested.equals(scope) || requested.startsWith(directory);
  }

  /**
   * Finds the token's public key, refusing headers, keys and bindings that cannot open this
   * content.
   */
  private final class KeyLocator extends LocatorAdapter<Key> {
    private final Collection<SigningKeyBinding> accepted;
    private final boolean atEdge;

    KeyLocator(Collection<SigningKeyBinding> accepted, boolean atEdge) {
      this.accepted = accepted;
      this.atEdge = atEdge;
    }

    @Override
    protected Key locate(JwsHeader header) {
      String kid = header.getKeyId();
      if (kid == null
          || !ALGORITHM.equals(header.getAlgorithm())
          || !"JWT".equalsIgnoreCase(header.getType())) {
        throw new Refusal("auth: the token header needs kid, alg RS256 and typ JWT");
      }
      SigningKeys.StoredKey key =
          keys.live(kid)
              // An edge the key has not reached yet knows it no more than a deleted one.
              .filter(
                  live ->
                      !atEdge
                          || keys.atEdge(live.id(), profile.varies(SigningKeys.NOT_YET_PROPAGATED)))
              .orElseThrow(
                  () -> new Refusal("auth: the token's signing key is unknown or deleted"));
      if (!accepted.contains(key.binding())) {
        throw new Refusal("auth: the token's signing key does not serve this content");
      }
      return key.publicKey();
    }
  }
}
