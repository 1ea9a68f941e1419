package io.mediaflow.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * LEGACY, verification only: the two hand-made HMAC-SHA256 token formats the plugin wrote before its job states and
 * callback URLs became JWTs. Nothing writes them any more; they are still accepted because tokens outlive the
 * replica that issued them, so a rolling upgrade meets them after the last old replica stopped:
 *
 * <ul>
 *   <li>a job state ({@code mediaflowState}) lives as long as its element instance, a wait or an incident
 *       included; ignored, a create that was sent would be sent again;
 *   <li>a callback URL handed to the service is called for {@code mediaflow.callbacks.url-lifetime} (7 days by
 *       default); refused, its process would wait for its next poll instead.
 * </ul>
 *
 * <p>Remove this class, with the two calls to it ({@code JobStates}, {@code CallbackUrls}), once no element
 * instance activated and no callback URL handed out before the upgrade to JWTs can still be open.
 */
public final class LegacyTokens {

  private LegacyTokens() {}

  /**
   * The JSON content of a job state in the old form {@code base64url(json).base64url(hmac(json))}, if the MAC
   * verifies; the content's own {@code element} still has to match the job's element instance.
   */
  public static Optional<byte[]> jobState(String sealed, SharedSecret secret) {
    int dot = sealed.indexOf('.');
    if (dot < 0 || sealed.indexOf('.', dot + 1) >= 0) {
      return Optional.empty();
    }
    try {
      byte[] content = Base64.getUrlDecoder().decode(sealed.substring(0, dot));
      byte[] signature = Base64.getUrlDecoder().decode(sealed.substring(dot + 1));
      return MessageDigest.isEqual(signature, secret.mac(content)) ? Optional.of(content) : Optional.empty();
    } catch (IllegalArgumentException notBase64) {
      return Optional.empty();
    }
  }

  /**
   * Whether the old callback URL parameters {@code subject}, {@code expires} (epoch seconds) and {@code signature}
   * ({@code base64url(hmac(path \n subject \n expires))}) verify for the receiver at {@code path} and have not
   * expired at {@code now}.
   */
  public static boolean callbackUrl(String path, String subject, String expires, String signature,
      SharedSecret secret, Instant now) {
    if (subject == null || expires == null || signature == null) {
      return false;
    }
    long expiry;
    try {
      expiry = Long.parseLong(expires);
    } catch (NumberFormatException e) {
      return false;
    }
    byte[] digest = secret.mac((path + "\n" + subject + "\n" + expiry).getBytes(StandardCharsets.UTF_8));
    byte[] expected = Base64.getUrlEncoder().withoutPadding().encodeToString(digest)
        .getBytes(StandardCharsets.US_ASCII);
    boolean authentic = MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
    return authentic && now.getEpochSecond() < expiry;
  }
}
