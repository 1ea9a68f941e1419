package io.mediaflow.delivery.signing.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.jsonwebtoken.Jwts;
import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.GetSigningKey;
import io.mediaflow.delivery.ListDomains;
import io.mediaflow.delivery.MockCdn;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.MemorySigningKeyStore;
import io.mediaflow.delivery.signing.TestKeys;
import io.mediaflow.delivery.signing.UriScope;
import io.mediaflow.observability.internal.MicrometerMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.security.KeyPair;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Objects of a bucket signed as document 1's tokens: what each token opens (its {@code uri}), and
 * the key's binding checked before anything is signed.
 */
class SignedObjectUrlsTest {

  private static final KeyPair PAIR = TestKeys.rsa();
  private static final String KEY_ID = "0b6a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b";
  private static final String DOMAIN_ID = "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final MemorySigningKeyStore store = new MemorySigningKeyStore();
  private final DeliveryClient client = mock(DeliveryClient.class);
  private final SignedUrls signedUrls =
      new SignedUrls(
          store,
          new ContentAddresses(MockCdn.properties("https://cdn.example.com")),
          client,
          Clock.systemUTC(),
          new MicrometerMetrics(meters));

  @BeforeEach
  void keyOfBucketVideos() {
    store.save(KEY_ID, TestKeys.pkcs8(PAIR));
    when(client.getSigningKey(new GetSigningKey(KEY_ID)))
        .thenReturn(new SigningKey(KEY_ID, null, null, null, "videos", null));
  }

  @Test
  void aPlaylistsTokenOpensItsFolderAndAnyOtherObjectsTokenTheObject() {
    var signed =
        signedUrls.sign(
            request("videos", null, null, null, "show/hls/master.m3u8", "show/thumb.jpg", "a.mpd"));

    assertThat(signed)
        .extracting(SignedUrl::path, SignedUrl::uri)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("show/hls/master.m3u8", "/show/hls/"),
            org.assertj.core.groups.Tuple.tuple("show/thumb.jpg", "/show/thumb.jpg"),
            org.assertj.core.groups.Tuple.tuple("a.mpd", "/"));
    assertThat(signed).allSatisfy(url -> assertThat(claimedUri(url)).isEqualTo(url.uri()));
  }

  @Test
  void theChoiceAndAGivenUriOverrideTheDefault() {
    assertThat(
            signedUrls.sign(request("videos", null, null, UriScope.OBJECT, "show/hls/master.m3u8")))
        .extracting(SignedUrl::uri)
        .containsExactly("/show/hls/master.m3u8");
    assertThat(signedUrls.sign(request("videos", null, null, UriScope.FOLDER, "show/thumb.jpg")))
        .extracting(SignedUrl::uri)
        .containsExactly("/show/");
    assertThat(signedUrls.sign(request("videos", null, "", UriScope.OBJECT, "show/thumb.jpg")))
        .extracting(SignedUrl::uri)
        .containsExactly("");
  }

  @Test
  void theUrlsSignedAreCountedAndNoneWhenTheKeyIsRefused() {
    signedUrls.sign(request("videos", null, null, null, "show/a.m3u8", "show/b.m3u8"));
    assertThatThrownBy(() -> signedUrls.sign(request("other", null, null, null, "a.m3u8")))
        .isInstanceOf(ApiException.Rejected.class);

    assertThat(meters.get(MicrometerMetrics.SIGNED_URLS).tag("kind", "object").counter().count())
        .isEqualTo(2);
  }

  @Test
  void aKeyOfAnotherBucketIsRefusedNamingBothBuckets() {
    assertThatThrownBy(() -> signedUrls.sign(request("other", null, null, null, "a.m3u8")))
        .isInstanceOf(ApiException.Rejected.class)
        .hasMessageContaining("Signing key " + KEY_ID + " is bound to bucket videos")
        .hasMessageContaining("objects of bucket other")
        .extracting(refused -> ((ApiException) refused).code())
        .isEqualTo("SIGNING_KEY_BOUND_ELSEWHERE");
  }

  @Test
  void behindAVodDomainTheKeyOfItsBucketOrOfTheDomainSigns() {
    when(client.listDomains(new ListDomains(Domain.VOD)))
        .thenReturn(List.of(new Domain(DOMAIN_ID, "vod", "vod.example.com", null, "videos")));

    assertThat(signedUrls.sign(request(null, "vod.example.com", null, null, "a/b.m3u8")))
        .singleElement()
        .satisfies(url -> assertThat(url.url()).contains("vod.example.com/a/b.m3u8?auth="));

    when(client.getSigningKey(new GetSigningKey(KEY_ID)))
        .thenReturn(new SigningKey(KEY_ID, null, DOMAIN_ID, null, null, null));
    assertThat(signedUrls.sign(request(null, "vod.example.com", null, null, "a/b.m3u8")))
        .hasSize(1);

    when(client.getSigningKey(new GetSigningKey(KEY_ID)))
        .thenReturn(new SigningKey(KEY_ID, null, null, "stream-1", null, null));
    assertThatThrownBy(
            () -> signedUrls.sign(request(null, "vod.example.com", null, null, "a.m3u8")))
        .hasMessageContaining("is bound to live stream stream-1")
        .hasMessageContaining("behind vod domain vod.example.com");
  }

  private static SignedUrls.Request request(
      String bucket, String domain, String uri, UriScope scope, String... paths) {
    return new SignedUrls.Request(
        KEY_ID, bucket, domain, List.of(paths), null, null, uri, scope, null);
  }

  private static Object claimedUri(SignedUrl url) {
    return Jwts.parser()
        .verifyWith(PAIR.getPublic())
        .build()
        .parseSignedClaims(url.url().substring(url.url().indexOf("?auth=") + 6))
        .getPayload()
        .get("uri");
  }
}
