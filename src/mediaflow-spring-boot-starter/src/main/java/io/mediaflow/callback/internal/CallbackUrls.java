package io.mediaflow.callback.internal;

import io.mediaflow.callback.CallbackProperties;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import okhttp3.HttpUrl;

/**
 * Callback URLs the receiver can trust. The service does not sign its callbacks, so the workers hand it a URL
 * that carries its own proof: an HMAC-SHA256, under a secret only this application knows, over the kind of
 * callback, what it is about (a transcoding task token, or a process instance key) and an expiry. The receiver
 * refuses any callback whose URL does not verify or has expired.
 */
public class CallbackUrls {

  private static final String ALGORITHM = "HmacSHA256";

  /** What a callback is about. */
  public enum Kind {
    TRANSCODING("transcoding"), LIVE("live");

    final String path;

    Kind(String path) {
      this.path = path;
    }
  }

  private final CallbackProperties properties;
  private final Clock clock;
  private final SecretKeySpec key;

  public CallbackUrls(CallbackProperties properties, Clock clock) {
    this.properties = properties;
    this.clock = clock;
    byte[] secret = properties.secret().getBytes(StandardCharsets.UTF_8);
    if (secret.length == 0) {
      // ReplicaCheck warns of it, or stops the start where several replicas may run.
      secret = new byte[32];
      new SecureRandom().nextBytes(secret);
    }
    this.key = new SecretKeySpec(secret, ALGORITHM);
  }

  /** The URL to hand the service, or none when callbacks are off. */
  public Optional<String> forSubject(Kind kind, String subject) {
    if (!properties.enabled()) {
      return Optional.empty();
    }
    long expires = clock.instant().plus(properties.urlLifetime()).getEpochSecond();
    HttpUrl base = HttpUrl.parse(properties.baseUrl());
    if (base == null) {
      throw new IllegalStateException("mediaflow.callbacks.base-url: must be an http or https URL");
    }
    return Optional.of(base.newBuilder()
        .addPathSegments("callbacks/" + kind.path)
        .addQueryParameter("subject", subject)
        .addQueryParameter("expires", Long.toString(expires))
        .addQueryParameter("signature", sign(kind, subject, expires))
        .build().toString());
  }

  /** Whether a callback's URL parameters are ones this application signed, and still valid. */
  public boolean verify(Kind kind, String subject, String expires, String signature) {
    if (subject == null || expires == null || signature == null) {
      return false;
    }
    long expiry;
    try {
      expiry = Long.parseLong(expires);
    } catch (NumberFormatException e) {
      return false;
    }
    byte[] expected = sign(kind, subject, expiry).getBytes(StandardCharsets.US_ASCII);
    boolean authentic = MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
    return authentic && clock.instant().getEpochSecond() < expiry;
  }

  private String sign(Kind kind, String subject, long expires) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      byte[] digest = mac.doFinal((kind.path + "\n" + subject + "\n" + expires).getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException(e);
    }
  }
}
