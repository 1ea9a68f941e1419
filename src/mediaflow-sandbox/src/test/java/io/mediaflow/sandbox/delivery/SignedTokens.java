package io.mediaflow.sandbox.delivery;

import io.jsonwebtoken.JwtBuilder;
import io.jsonwebtoken.Jwts;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/**
 * Signs test tokens as a customer would: with jjwt and the private key from the creation response.
 */
final class SignedTokens {

  private SignedTokens() {}

  static PrivateKey privateKey(String pem) {
    String base64 =
        pem.replace("-----BEGIN PRIVATE KEY-----", "")
            .replace("-----END PRIVATE KEY-----", "")
            .replaceAll("\\s", "");
    try {
      return KeyFactory.getInstance("RSA")
          .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
    } catch (GeneralSecurityException e) {
      throw new AssertionError("private_key is not a PKCS#8 RSA key", e);
    }
  }

  /**
   * A builder with the documented header (kid, alg RS256, typ JWT); add claims, then {@code
   * compact()}.
   */
  static JwtBuilder token(String kid, PrivateKey key) {
    return Jwts.builder().header().keyId(kid).type("JWT").and().signWith(key, Jwts.SIG.RS256);
  }
}
