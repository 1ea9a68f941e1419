package io.mediaflow.api.internal;

import io.jsonwebtoken.security.Keys;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * A secret the replicas share ({@code mediaflow.worker.state-secret}, {@code
 * mediaflow.callbacks.secret}) and the plugin's one HMAC-SHA256: the key of the signed JWTs (HS256,
 * through jjwt) the workers and the callback receiver trust, the raw MAC of a job's marker, and the
 * MAC that AWS Signature Version 4 chains ({@code S3Signature}).
 *
 * <p>The JWT key is derived from the secret and the tokens' purpose ({@link #jwtKey()}) rather than
 * the secret itself: jjwt refuses HS256 keys shorter than 256 bits, and a configured secret may be
 * any text; deriving also keeps the JWT key apart from the raw MAC, whose output the marker shows,
 * and one purpose's tokens apart from another's where two secrets are configured alike.
 */
public final class SharedSecret {

  private static final String ALGORITHM = "HmacSHA256";

  private final byte[] secret;
  private final SecretKey jwtKey;

  /**
   * @param configured the secret as configured, used as its UTF-8 bytes; empty: a random key for
   *     this run only
   * @param purpose what its JWTs are, such as {@code job-state}; part of the JWT key's derivation
   */
  public SharedSecret(String configured, String purpose) {
    byte[] bytes = configured.getBytes(StandardCharsets.UTF_8);
    if (bytes.length == 0) {
      // ReplicaCheck warns of it, or stops the start where several replicas may run.
      bytes = new byte[32];
      new SecureRandom().nextBytes(bytes);
    }
    this.secret = bytes;
    byte[] label = ("mediaflow JWT HS256 key\n" + purpose).getBytes(StandardCharsets.UTF_8);
    this.jwtKey = Keys.hmacShaKeyFor(hmacSha256(bytes, label));
  }

  /** The key that signs and verifies this secret's JWTs with HS256. */
  public SecretKey jwtKey() {
    return jwtKey;
  }

  /** HMAC-SHA256 of {@code content} under the secret itself. */
  public byte[] mac(byte[] content) {
    return hmacSha256(secret, content);
  }

  /** HMAC-SHA256 of {@code data} under {@code key}. */
  public static byte[] hmacSha256(byte[] key, byte[] data) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(key, ALGORITHM));
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  @Override
  public String toString() {
    return "SharedSecret[***]";
  }
}
