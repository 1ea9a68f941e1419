package io.mediaflow.delivery.signing.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.jsonwebtoken.Jwts;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.GetSigningKey;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.MemorySigningKeyStore;
import io.mediaflow.delivery.signing.TestKeys;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Live playback URLs of authenticated playback IDs, signed as document 1's tokens with a key from
 * the store.
 */
class SignedPlaybackUrlsTest {

  private static final KeyPair PAIR = TestKeys.rsa();
  private static final String KEY_ID = "0b6a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b";
  private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
  private static final String DEFAULT_ADDRESS =
      "https://cdn.example.com/live-playback/pb1/playlist.m3u8";
  private static final String CUSTOM_DOMAIN = "https://live.example.com/pb1.m3u8";

  private final MemorySigningKeyStore store = new MemorySigningKeyStore();
  private final DeliveryClient client = mock(DeliveryClient.class);
  // Playback URLs come signed as the stream lists them: the bucket addresses are not used.
  private final SignedUrls signedUrls =
      new SignedUrls(store, null, client, Clock.fixed(NOW, ZoneOffset.UTC), MediaflowMetrics.NONE);

  @BeforeEach
  void keyBoundToTheStream() {
    when(client.getSigningKey(new GetSigningKey(KEY_ID)))
        .thenReturn(new SigningKey(KEY_ID, null, null, "stream-1", null, null));
  }

  @Test
  void eachPlaybackUrlGetsATokenOfTheKeyWithItsLifetime() {
    store.save(KEY_ID, TestKeys.pkcs8(PAIR));

    var signed =
        signedUrls.signPlayback(
            new SignedUrls.PlaybackRequest(
                KEY_ID, List.of(DEFAULT_ADDRESS, CUSTOM_DOMAIN), Duration.ofHours(2), null, "pb1"));

    assertThat(signed)
        .extracting(SignedUrls.SignedPlaybackUrl::playbackUrl)
        .containsExactly(DEFAULT_ADDRESS, CUSTOM_DOMAIN);
    assertThat(signed.get(1).url()).startsWith(CUSTOM_DOMAIN + "?auth=");
    assertThat(signed)
        .allSatisfy(
            url -> {
              assertThat(url.expires()).isEqualTo("2026-11-25T14:00:00Z");
              var claims =
                  Jwts.parser()
                      .verifyWith(PAIR.getPublic())
                      .clock(() -> java.util.Date.from(NOW))
                      .build()
                      .parseSignedClaims(url.url().substring(url.url().indexOf("?auth=") + 6));
              assertThat(claims.getHeader().getKeyId()).isEqualTo(KEY_ID);
              assertThat(claims.getPayload().get("uri")).isEqualTo("pb1");
            });
  }

  @Test
  void urlsThatAreNotPlaybackUrlsAndKeysNotInTheStoreAreRefused() {
    assertThatThrownBy(
            () ->
                signedUrls.signPlayback(
                    new SignedUrls.PlaybackRequest(
                        KEY_ID,
                        List.of("not a url", DEFAULT_ADDRESS + "?auth=old"),
                        Duration.ZERO,
                        null,
                        null)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("playbackUrls[0]: must be an http or https playback URL")
        .hasMessageContaining("playbackUrls[1]: must be an http or https playback URL")
        .hasMessageContaining("lifetime: must be a positive duration");
    assertThatThrownBy(
            () ->
                signedUrls.signPlayback(
                    new SignedUrls.PlaybackRequest(
                        KEY_ID, List.of(DEFAULT_ADDRESS), null, null, null)))
        .hasMessageContaining("not in this application's key store");
  }

  @Test
  void aKeyBoundToABucketIsRefusedNamingItsBinding() {
    store.save(KEY_ID, TestKeys.pkcs8(PAIR));
    when(client.getSigningKey(new GetSigningKey(KEY_ID)))
        .thenReturn(new SigningKey(KEY_ID, null, null, null, "vod-bucket", null));

    assertThatThrownBy(
            () ->
                signedUrls.signPlayback(
                    new SignedUrls.PlaybackRequest(
                        KEY_ID, List.of(DEFAULT_ADDRESS), null, null, null)))
        .isInstanceOf(ApiException.Rejected.class)
        .hasMessageContaining("Signing key " + KEY_ID + " is bound to bucket vod-bucket")
        .hasMessageContaining("cannot sign URLs for live playback")
        .extracting(refused -> ((ApiException) refused).code())
        .isEqualTo("SIGNING_KEY_BOUND_ELSEWHERE");
  }
}
