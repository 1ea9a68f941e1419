package io.mediaflow.callback;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.callback.CallbackUrls.Kind;
import io.mediaflow.callback.CallbackUrls.Proof;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

/**
 * Callback URLs carry a JWT the receiver verifies; URLs handed out before the JWTs (the service keeps calling them
 * for the URL lifetime) verify until they expire. The receiver's HTTP side is the app's {@code CallbackReceiverTest}.
 */
class CallbackUrlsTest {

  private static final String SECRET = "test-callback-secret";
  private static final Instant NOW = Instant.parse("2026-11-26T03:00:00Z");

  @Test
  void aUrlsTokenNamesItsSubjectForItsKindUntilItExpires() {
    String url = urls(SECRET, NOW).forSubject(Kind.TRANSCODING, "task-1").orElseThrow();
    Proof proof = new Proof(HttpUrl.parse(url).queryParameter(CallbackUrls.TOKEN), null, null, null);

    assertThat(HttpUrl.parse(url).encodedPath()).isEqualTo("/callbacks/transcoding");
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.TRANSCODING, proof)).contains("task-1");
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.LIVE, proof)).as("another kind").isEmpty();
    assertThat(urls(SECRET, NOW.plus(Duration.ofDays(8))).verifiedSubject(Kind.TRANSCODING, proof)).as("expired")
        .isEmpty();
    assertThat(urls("another-secret", NOW).verifiedSubject(Kind.TRANSCODING, proof)).as("another key").isEmpty();
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.TRANSCODING,
        new Proof(proof.token().substring(0, proof.token().length() - 2) + "AA", null, null, null)))
        .as("altered").isEmpty();
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.TRANSCODING, new Proof(null, null, null, null))).isEmpty();
  }

  /** {@code ?subject=..&expires=..&signature=base64url(hmac(kind \n subject \n expires))}. */
  @Test
  void aUrlHandedOutBeforeTheJwtsVerifiesUntilItExpires() throws Exception {
    String expires = Long.toString(NOW.plus(Duration.ofDays(7)).getEpochSecond());
    Proof legacy = new Proof(null, "task-1", expires, signature("transcoding\ntask-1\n" + expires));

    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.TRANSCODING, legacy)).contains("task-1");
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.LIVE, legacy)).isEmpty();
    assertThat(urls(SECRET, NOW.plus(Duration.ofDays(8))).verifiedSubject(Kind.TRANSCODING, legacy)).isEmpty();
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.TRANSCODING, new Proof(null, "task-2", expires,
        legacy.signature()))).isEmpty();
  }

  private static String signature(String content) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    return Base64.getUrlEncoder().withoutPadding()
        .encodeToString(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
  }

  private static CallbackUrls urls(String secret, Instant now) {
    return new CallbackUrls(new CallbackProperties(true, "https://mediaflow.example", secret, Duration.ofDays(7),
        Duration.ofHours(1)), Clock.fixed(now, ZoneOffset.UTC));
  }
}
