package io.mediaflow.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.BucketPolicy;
import io.mediaflow.delivery.CorsPolicy;
import io.mediaflow.delivery.CreateDomain;
import io.mediaflow.delivery.CreateSigningKey;
import io.mediaflow.delivery.DeleteCors;
import io.mediaflow.delivery.DeleteCorsHeader;
import io.mediaflow.delivery.DeleteSigningKey;
import io.mediaflow.delivery.DeliveryTest;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.PurgeCache;
import io.mediaflow.delivery.SetBucketPolicy;
import io.mediaflow.delivery.SetCors;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.PrivateKeys;
import io.mediaflow.delivery.signing.internal.SignedTokens;
import io.mediaflow.delivery.signing.internal.SignedUrl;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * URLs signed by the product open an authenticated bucket at the sandbox's CDN edge, and nothing
 * else does; the bucket's CORS policy and cache purges as a browser sees them.
 */
class SignedUrlAccessTest extends DeliveryTest {

  private static final String ORIGIN = "https://player.example.com";
  private static final String MASTER = "videos/clip/master.m3u8";
  private static final String OTHER = "videos/clip/720p.m3u8";

  @Autowired ManagedSigningKeys signingKeys;
  @Autowired SignedUrls signedUrls;
  @Autowired SigningKeyStore store;

  private final String bucket = bucketName();
  private SigningKey key;

  @BeforeEach
  void anAuthenticatedBucketWithAKey() {
    upload(bucket, MASTER, "#EXTM3U master");
    upload(bucket, OTHER, "#EXTM3U 720p");
    delivery.setBucketPolicy(new SetBucketPolicy(bucket, BucketPolicy.AUTHENTICATED));
    key = signingKeys.create(new CreateSigningKey(null, null, bucket, "access test"));
  }

  @Test
  void aPlaylistsSignedUrlOpensItsRenditionFolderAndThePlaylistNamesItsEntriesWithTheToken() {
    upload(bucket, "videos/clip/video_1/chunklist.m3u8", "#EXTM3U\nsegment_000.ts\n");
    upload(bucket, "videos/clip/video_1/segment_000.ts", "segment");
    upload(bucket, "videos/other/master.m3u8", "#EXTM3U other");

    SignedUrl signed = signedUrls.sign(request(key.id(), MASTER, null, null, null)).getFirst();
    String token = signed.url().substring(signed.url().indexOf("auth=") + 5);

    assertThat(signed.uri()).isEqualTo("/videos/clip/");
    String variant = baseUrl() + "/sandbox/storage/" + bucket + "/videos/clip/video_1/";
    assertThat(fetch(variant + "chunklist.m3u8?auth=" + token, null).body())
        .isEqualTo("#EXTM3U\nsegment_000.ts?auth=" + token + "\n");
    assertThat(fetch(variant + "segment_000.ts?auth=" + token, null).body()).isEqualTo("segment");
    assertThat(
            fetch(
                    baseUrl()
                        + "/sandbox/storage/"
                        + bucket
                        + "/videos/other/master.m3u8?auth="
                        + token,
                    null)
                .statusCode())
        .as("another rendition's folder")
        .isEqualTo(403);
  }

  @Test
  void aSignedUrlOpensItsObject() {
    var answer = fetch(sign(MASTER, Duration.ofMinutes(5), null, null), null);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("#EXTM3U master");
  }

  @Test
  void withoutATokenTheObjectIsRefused() {
    String url = sign(MASTER, null, null, null);

    assertThat(fetch(url.substring(0, url.indexOf('?')), null).statusCode()).isEqualTo(403);
  }

  @Test
  void aTamperedTokenIsRefused() {
    String url = sign(MASTER, null, null, null);
    String[] parts = url.substring(url.indexOf("auth=") + 5).split("\\.");
    String otherPayload =
        java.util.Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString("{\"uri\":\"\"}".getBytes());
    String tampered =
        url.substring(0, url.indexOf("auth=") + 5) + parts[0] + "." + otherPayload + "." + parts[2];

    assertThat(fetch(tampered, null).statusCode()).isEqualTo(403);
  }

  @Test
  void anExpiredTokenIsRefused() {
    String token =
        SignedTokens.sign(
            key.id(),
            PrivateKeys.rsa(store.find(key.id()).orElseThrow()),
            new SignedTokens.Grant("/" + MASTER, Instant.now().minusSeconds(60), null, null));

    assertThat(
            fetch(baseUrl() + "/sandbox/storage/" + bucket + "/" + MASTER + "?auth=" + token, null)
                .statusCode())
        .isEqualTo(403);
  }

  @Test
  void aTokenNotYetValidIsRefused() {
    assertThat(
            fetch(
                    sign(
                        MASTER, Duration.ofHours(2), Instant.now().plus(Duration.ofHours(1)), null),
                    null)
                .statusCode())
        .isEqualTo(403);
  }

  @Test
  void aTokenForOnePathDoesNotOpenAnother() {
    String url =
        signedUrls
            .sign(
                new SignedUrls.Request(
                    key.id(),
                    bucket,
                    null,
                    List.of(MASTER),
                    null,
                    null,
                    null,
                    UriScope.OBJECT,
                    null))
            .getFirst()
            .url();
    String token = url.substring(url.indexOf("auth=") + 5);

    assertThat(
            fetch(baseUrl() + "/sandbox/storage/" + bucket + "/" + OTHER + "?auth=" + token, null)
                .statusCode())
        .isEqualTo(403);
  }

  @Test
  void aTokenForADirectoryOrTheWholeBucketOpensWhatIsBelow() {
    assertThat(fetch(sign(OTHER, null, null, "/videos/clip/"), null).statusCode()).isEqualTo(200);
    assertThat(fetch(sign(OTHER, null, null, ""), null).statusCode()).isEqualTo(200);
    assertThat(fetch(sign(OTHER, null, null, "/videos/other/"), null).statusCode()).isEqualTo(403);
  }

  @Test
  void aKeyOfAnotherBucketDoesNotOpenThisOneAndIsRefusedAtSigning() {
    String otherBucket = bucketName();
    SigningKey otherBucketsKey =
        signingKeys.create(new CreateSigningKey(null, null, otherBucket, null));
    String token =
        SignedTokens.sign(
            otherBucketsKey.id(),
            PrivateKeys.rsa(store.find(otherBucketsKey.id()).orElseThrow()),
            new SignedTokens.Grant("", null, null, null));

    assertThat(
            fetch(baseUrl() + "/sandbox/storage/" + bucket + "/" + MASTER + "?auth=" + token, null)
                .statusCode())
        .isEqualTo(403);
    assertThatThrownBy(
            () -> signedUrls.sign(request(otherBucketsKey.id(), MASTER, null, null, null)))
        .isInstanceOf(ApiException.Rejected.class)
        .hasMessage(
            "Signing key "
                + otherBucketsKey.id()
                + " is bound to bucket "
                + otherBucket
                + ", and a key serves exactly one bucket, domain or stream: it cannot sign URLs"
                + " for objects of bucket "
                + bucket
                + " at its default address");
  }

  @Test
  void aTokenSignedWithAnotherKeysPrivateKeyIsRefused() {
    SigningKey other = signingKeys.create(new CreateSigningKey(null, null, bucket, null));
    String token =
        SignedTokens.sign(
            key.id(),
            PrivateKeys.rsa(store.find(other.id()).orElseThrow()),
            new SignedTokens.Grant("/" + MASTER, null, null, null));

    assertThat(
            fetch(baseUrl() + "/sandbox/storage/" + bucket + "/" + MASTER + "?auth=" + token, null)
                .statusCode())
        .isEqualTo(403);
  }

  @Test
  void aDeletedKeysUrlsStopWorkingAndItsPrivateKeyIsGone() {
    String url = sign(MASTER, null, null, null);
    assertThat(fetch(url, null).statusCode()).isEqualTo(200);

    signingKeys.delete(new DeleteSigningKey(key.id()));

    assertThat(fetch(url, null).statusCode()).isEqualTo(403);
    assertThat(store.find(key.id())).isEmpty();
  }

  @Test
  void aUrlUnderAVodPlaybackDomainOpensTheDomainsBucket() {
    Domain domain = delivery.createDomain(new CreateDomain(domainName(), Domain.VOD, bucket));

    String url =
        signedUrls
            .sign(
                new SignedUrls.Request(
                    key.id(),
                    null,
                    domain.domainName(),
                    List.of(MASTER),
                    Duration.ofMinutes(5),
                    null,
                    null,
                    null,
                    Map.of("viewer", "v-1")))
            .getFirst()
            .url();

    assertThat(url)
        .startsWith(
            baseUrl() + "/sandbox/domains/" + domain.domainName() + "/" + MASTER + "?auth=");
    assertThat(fetch(url, null).body()).isEqualTo("#EXTM3U master");
  }

  @Test
  void aKeyOfAnotherVodDomainIsRefusedAtSigning() {
    Domain domain = delivery.createDomain(new CreateDomain(domainName(), Domain.VOD, bucket));
    Domain other = delivery.createDomain(new CreateDomain(domainName(), Domain.VOD, bucket));
    SigningKey othersKey = signingKeys.create(new CreateSigningKey(other.id(), null, null, null));

    assertThatThrownBy(
            () ->
                signedUrls.sign(
                    new SignedUrls.Request(
                        othersKey.id(),
                        null,
                        domain.domainName(),
                        List.of(MASTER),
                        null,
                        null,
                        null,
                        null,
                        null)))
        .hasMessageContaining("is bound to playback domain " + other.id())
        .hasMessageContaining("behind vod domain " + domain.domainName());
  }

  @Test
  void theCorsPolicyAnswersItsOriginOnlyWithCredentials() {
    delivery.setCors(new SetCors(bucket, ORIGIN, true, "GET, HEAD", 600));
    String url = sign(MASTER, null, null, null);

    var allowed = fetch(url, ORIGIN);
    var other = fetch(url, "https://elsewhere.example.com");

    assertThat(allowed.headers().firstValue("Access-Control-Allow-Origin")).contains(ORIGIN);
    assertThat(allowed.headers().firstValue("Access-Control-Allow-Credentials")).contains("true");
    assertThat(other.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    assertThat(preflight(url, ORIGIN, "GET").statusCode()).isEqualTo(204);
    assertThat(preflight(url, ORIGIN, "GET").headers().firstValue("Access-Control-Max-Age"))
        .contains("600");
    assertThat(preflight(url, ORIGIN, "PUT").statusCode()).isEqualTo(403);

    delivery.deleteCorsHeader(new DeleteCorsHeader(bucket, CorsPolicy.ALLOW_CREDENTIALS));
    assertThat(fetch(url, ORIGIN).headers().firstValue("Access-Control-Allow-Credentials"))
        .isEmpty();
    delivery.deleteCors(new DeleteCors(bucket));
    assertThat(fetch(url, ORIGIN).headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
  }

  @Test
  void aPurgeMakesTheEdgeFetchFromStorageAgain() {
    String url = sign(MASTER, null, null, null);
    fetch(url, null);
    assertThat(cache(url)).isEqualTo("HIT");

    delivery.purgeCache(new PurgeCache(bucket, MASTER));
    assertThat(cache(url)).isEqualTo("MISS");
    assertThat(cache(url)).isEqualTo("HIT");
    delivery.purgeCache(new PurgeCache(bucket, null));
    assertThat(cache(url)).isEqualTo("MISS");
  }

  private String sign(String path, Duration lifetime, Instant notBefore, String uri) {
    return signedUrls.sign(request(key.id(), path, lifetime, notBefore, uri)).getFirst().url();
  }

  private SignedUrls.Request request(
      String keyId, String path, Duration lifetime, Instant notBefore, String uri) {
    return new SignedUrls.Request(
        keyId, bucket, null, List.of(path), lifetime, notBefore, uri, null, null);
  }

  private String cache(String url) {
    return fetch(url, null).headers().firstValue("X-Cache").orElse("none");
  }

  private HttpResponse<String> preflight(String url, String origin, String method) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", origin)
            .header("Access-Control-Request-Method", method)
            .build());
  }
}
