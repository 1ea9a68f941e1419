package io.mediaflow.callback.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.callback.CallbackProperties;
import io.mediaflow.callback.internal.CallbackUrls.Kind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

/**
 * Callback URLs carry a JWT the receiver verifies until it expires. The receiver's HTTP side is the
 * app's {@code CallbackReceiverTest}.
 */
class CallbackUrlsTest {

  private static final String SECRET = "test-callback-secret";
  private static final Instant NOW = Instant.parse("2026-11-26T03:00:00Z");

  @Test
  void aUrlsTokenNamesItsSubjectForItsKindUntilItExpires() {
    String url = urls(SECRET, NOW).forSubject(Kind.TRANSCODING, "task-1").orElseThrow();
    String token = HttpUrl.parse(url).queryParameter(CallbackUrls.TOKEN);

    assertThat(HttpUrl.parse(url).encodedPath()).isEqualTo("/callbacks/transcoding");
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.TRANSCODING, token)).contains("task-1");
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.LIVE, token)).as("another kind").isEmpty();
    assertThat(urls(SECRET, NOW.plus(Duration.ofDays(8))).verifiedSubject(Kind.TRANSCODING, token))
        .as("expired")
        .isEmpty();
    assertThat(urls("another-secret", NOW).verifiedSubject(Kind.TRANSCODING, token))
        .as("another key")
        .isEmpty();
    assertThat(
            urls(SECRET, NOW)
                .verifiedSubject(Kind.TRANSCODING, token.substring(0, token.length() - 2) + "AA"))
        .as("altered")
        .isEmpty();
    assertThat(urls(SECRET, NOW).verifiedSubject(Kind.TRANSCODING, null)).isEmpty();
  }

  private static CallbackUrls urls(String secret, Instant now) {
    return new CallbackUrls(
        new CallbackProperties(
            true,
            "https://mediaflow.example",
            secret,
            Duration.ofDays(7),
            Duration.ofHours(1),
            Duration.ofMinutes(1),
            Duration.ofMinutes(15)),
        Clock.fixed(now, ZoneOffset.UTC));
  }
}
