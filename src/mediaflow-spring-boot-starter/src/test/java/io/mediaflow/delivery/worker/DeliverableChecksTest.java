package io.mediaflow.delivery.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.delivery.BucketPolicy;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.DeliveryProperties;
import io.mediaflow.delivery.MockCdn;
import io.mediaflow.delivery.signing.internal.ContentAddresses;
import io.mediaflow.delivery.worker.CheckSignedUrlsInput.SignedUrlToCheck;
import io.mediaflow.worker.internal.Poll;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The checks that prove a delivery deliverable, against a CDN edge and API played by MockWebServer:
 * what counts as open, what can pass and is checked again, what stops at once, and that a message
 * names each URL without its token.
 */
class DeliverableChecksTest {

  private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
  private static final String TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJ1cmkiOiIvdiJ9.c2lnbmF0dXJl";
  private static final String DOMAIN_ID = "0b5e1a52-4f0c-4c1e-9a57-3b1f5b9d2e10";
  private static final String SUBSCRIPTION = "Xa1b2c3d4e5f6g7h8i9j0k";

  private final MockWebServer server = new MockWebServer();
  private final Map<String, MockResponse> answers = new ConcurrentHashMap<>();
  private final List<RecordedRequest> edgeRequests = new ArrayList<>();
  private ContentEdge edge;
  private SignedUrlCheck check;

  @BeforeEach
  void start() throws Exception {
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            String path = request.getUrl().encodedPath();
            if (path.startsWith("/cdn/v1/access_token/")) {
              return MockCdn.token();
            }
            if (!path.startsWith("/cdn/")) {
              synchronized (edgeRequests) {
                edgeRequests.add(request);
              }
            }
            return answers.getOrDefault(
                path, MockCdn.json(404, "{\"status\":\"failed\",\"message\":\"no object\"}"));
          }
        });
    server.start();
    edge = new ContentEdge(new OkHttpClient(), Duration.ofSeconds(5), Set.of(server.getHostName()));
    check = new SignedUrlCheck(edge, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aVideoOpensWithOneRequestForItsFirstByteWithTheToken() {
    answers.put("/media/clip/720p.mp4", object(206, "video/mp4", "x"));

    var proven = prove(List.of(signed("clip/720p.mp4", null)), null);

    assertThat(proven).isInstanceOf(Poll.Done.class);
    assertThat(edgeRequests).hasSize(1);
    assertThat(edgeRequests.get(0).getHeaders().get("Range")).isEqualTo("bytes=0-0");
    assertThat(edgeRequests.get(0).getUrl().queryParameter("auth")).isEqualTo(TOKEN);
    assertThat(((Poll.Done<List<SignedUrlCheck.Opened>>) proven).result())
        .singleElement()
        .satisfies(opened -> assertThat(opened.status()).isEqualTo(206));
  }

  @Test
  void aPlaylistIsReadWholeAndItsEntriesMustLieWhereItsTokenOpens() {
    answers.put(
        "/media/clip/master.m3u8",
        object(200, "application/vnd.apple.mpegurl", "#EXTM3U\n720p.m3u8?auth=" + TOKEN + "\n"));
    assertThat(prove(List.of(signed("clip/master.m3u8", "/clip/")), null))
        .isInstanceOf(Poll.Done.class);
    assertThat(edgeRequests.get(0).getHeaders().get("Range")).isNull();

    answers.put(
        "/media/clip/master.m3u8",
        object(
            200,
            "application/vnd.apple.mpegurl",
            "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,URI=\"../audio/en.m3u8\"\n720p.m3u8\n"));
    assertThatThrownBy(() -> prove(List.of(signed("clip/master.m3u8", "/clip/master.m3u8")), null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.code()).isEqualTo("SIGNED_URLS_DO_NOT_OPEN");
              assertThat(refused.getMessage())
                  .contains("clip/master.m3u8", "2 entries", "../audio/en.m3u8", "uriScope folder");
            });
  }

  @Test
  void aRefusedTokenIsCheckedAgainAndNamedWithWhatTheEdgeSaidButNeverTheToken() {
    answers.put(
        "/media/clip/720p.mp4",
        MockCdn.json(
            403,
            "{\"status\":\"failed\",\"message\":\"auth: the token's signing key is unknown\"}"));

    var proven = prove(List.of(signed("clip/720p.mp4", null)), null);

    assertThat(proven).isInstanceOf(Poll.Pending.class);
    String progress = ((Poll.Pending<?>) proven).progress();
    assertThat(progress)
        .contains("1 of 1 signed URLs does not open", "clip/720p.mp4", "HTTP 403")
        .contains("signing key is unknown", "reach the CDN's edge")
        .contains(server.url("/media/clip/720p.mp4").toString())
        .doesNotContain(TOKEN);
  }

  @Test
  void whatWaitingCannotMendStopsAtOnceNamingEachUrlAndWhatToDo() {
    answers.put("/media/clip/720p.mp4", object(206, "video/mp4", "x"));
    answers.put("/media/clip/en.vtt", object(200, "text/vtt", ""));
    var urls =
        List.of(
            signed("clip/720p.mp4", null),
            signed("clip/missing.jpg", null),
            signed("clip/en.vtt", null),
            new SignedUrlToCheck(
                server.url("/media/clip/old.jpg?auth=" + TOKEN).toString(),
                "clip/old.jpg",
                null,
                NOW.minusSeconds(1).toString(),
                null));

    assertThatThrownBy(() -> prove(urls, null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.getMessage())
                  .contains("3 of 4 signed URLs do not open")
                  .contains("clip/missing.jpg", "HTTP 404", "upload the object")
                  .contains("clip/en.vtt", "empty body")
                  .contains("clip/old.jpg", "expired at " + NOW.minusSeconds(1), "sign it again")
                  .doesNotContain(TOKEN);
              assertThat((List<?>) refused.details().get("urls")).hasSize(3);
            });
    assertThat(edgeRequests)
        .as("an expired token is not sent")
        .extracting(request -> request.getUrl().encodedPath())
        .doesNotContain("/media/clip/old.jpg");
  }

  @Test
  void fromAnOriginTheAnswerMustAllowIt() {
    String origin = "https://player.example.com";
    answers.put("/media/clip/720p.mp4", object(206, "video/mp4", "x"));

    var proven = prove(List.of(signed("clip/720p.mp4", null)), origin);

    assertThat(edgeRequests.get(0).getHeaders().get("Origin")).isEqualTo(origin);
    assertThat(((Poll.Pending<?>) proven).progress())
        .contains("Access-Control-Allow-Origin missing", origin);

    answers.put(
        "/media/clip/720p.mp4",
        new MockResponse.Builder()
            .code(206)
            .addHeader("Access-Control-Allow-Origin", origin)
            .body("x")
            .build());
    assertThat(prove(List.of(signed("clip/720p.mp4", null)), origin)).isInstanceOf(Poll.Done.class);
  }

  @Test
  void urlsWithoutATokenOrOnThisMachineAreNotFetched() {
    var local =
        new SignedUrlCheck(
            new ContentEdge(new OkHttpClient(), Duration.ofSeconds(5), Set.of()),
            Clock.fixed(NOW, ZoneOffset.UTC));
    var urls =
        List.of(
            new SignedUrlToCheck(
                "http://169.254.169.254/latest/meta-data?auth=x", null, null, null, null),
            new SignedUrlToCheck(
                server.url("/media/clip/a.mp4").toString(), "clip/a.mp4", null, null, null));

    assertThatThrownBy(
            () -> CheckSignedUrlsInput.prove(local, new CheckSignedUrlsInput(urls, null, null)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused ->
                assertThat(refused.getMessage())
                    .contains("169.254.169.254", "not fetched")
                    .contains("clip/a.mp4", "not a signed URL"));
    assertThat(edgeRequests).isEmpty();
  }

  @Test
  void anEmptyListHandsOutNothingAndIsProvenWithoutARequest() {
    assertThat(prove(List.of(), null)).isInstanceOf(Poll.Done.class);
    assertThat(edgeRequests).isEmpty();
  }

  @Test
  void anAuthenticatedBucketIsProvenByOneRefusalWithoutATokenAndItsCorsReadBack() {
    answers.put("/media/clip/720p.mp4", MockCdn.json(403, "{\"status\":\"failed\"}"));
    answers.put(
        "/cdn/v1/buckets/media/cors",
        MockCdn.json(
            200,
            "{\"Access-Control-Allow-Origin\":\"https://player.example.com\","
                + "\"Access-Control-Allow-Methods\":\"HEAD,GET\"}"));
    Map<String, Object> set =
        Map.of(
            "Access-Control-Allow-Origin", "https://player.example.com",
            "Access-Control-Allow-Methods", "GET, HEAD");

    var proven = policy(BucketPolicy.AUTHENTICATED, "clip/720p.mp4", set);

    assertThat(proven).isInstanceOf(Poll.Done.class);
    assertThat(edgeRequests).hasSize(1);
    assertThat(edgeRequests.get(0).getUrl().queryParameter("auth")).isNull();
  }

  @Test
  void aBucketThatStillOpensWithoutATokenIsCheckedAgainAndA404CannotTell() {
    answers.put("/media/clip/720p.mp4", object(206, "video/mp4", "x"));
    assertThat(
            ((Poll.Pending<?>) policy(BucketPolicy.AUTHENTICATED, "clip/720p.mp4", null))
                .progress())
        .contains("still opens without a token", "clip/720p.mp4");

    answers.put(
        "/cdn/v1/buckets/media/cors", MockCdn.json(200, "{\"Access-Control-Allow-Origin\":\"*\"}"));
    answers.put("/media/clip/720p.mp4", MockCdn.json(403, "{}"));
    assertThat(
            ((Poll.Pending<?>)
                    policy(
                        BucketPolicy.AUTHENTICATED,
                        "clip/720p.mp4",
                        Map.of("Access-Control-Allow-Origin", "https://player.example.com")))
                .progress())
        .contains("Access-Control-Allow-Origin \"*\" where \"https://player.example.com\" was set");

    assertThatThrownBy(() -> policy(BucketPolicy.AUTHENTICATED, "clip/gone.mp4", null))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.code()).isEqualTo("BUCKET_POLICY_NOT_PROVEN");
              assertThat(refused.getMessage())
                  .contains("HTTP 404", "an object that is in the bucket");
            });
  }

  @Test
  void aCustomDomainIsProvenByReadingTheDomainAndItsSubscriptionBack() {
    answerDomain("\"bucket_name\":\"media\"");
    answerSubscription(DOMAIN_ID, "issued");

    var proof = CheckCustomDomainInput.prove(client(), domainCheck("media"));

    assertThat(proof.domain().domainName()).isEqualTo("video.example.com");
    assertThat(proof.tlsSubscription().status()).isEqualTo("issued");
  }

  @Test
  void aCustomDomainMissingWhatWasAskedForNamesEachDifferenceAndWhatToDo() {
    answerDomain("\"bucket_name\":\"other\"");
    answerSubscription("5f2c8e1a-0000-4000-8000-000000000000", "processing");

    assertThatThrownBy(() -> CheckCustomDomainInput.prove(client(), domainCheck("media")))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.code()).isEqualTo("CUSTOM_DOMAIN_NOT_READY");
              assertThat(refused.getMessage())
                  .contains("exposes bucket other, not media", "update_domain")
                  .contains("belongs to domain 5f2c8e1a")
                  .contains("is processing", "wait longer");
              assertThat((List<?>) refused.details().get("problems")).hasSize(3);
            });

    answers.remove("/cdn/v1/domains/" + DOMAIN_ID);
    assertThatThrownBy(() -> CheckCustomDomainInput.prove(client(), domainCheck("media")))
        .hasMessageContaining("playback domain " + DOMAIN_ID + " is not there any more");
  }

  @Test
  void aVodDomainCheckNeedsTheBucketItMustExpose() {
    assertThatThrownBy(() -> CheckCustomDomainInput.prove(client(), domainCheck(null)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("bucketName");
  }

  private Poll<?> prove(List<SignedUrlToCheck> urls, String origin) {
    return CheckSignedUrlsInput.prove(check, new CheckSignedUrlsInput(urls, origin, null));
  }

  private Poll<?> policy(BucketPolicy policy, String path, Map<String, Object> cors) {
    DeliveryProperties properties =
        new DeliveryProperties(
            true,
            server.url("/cdn").toString(),
            MockCdn.API_KEY,
            Duration.ofMinutes(5),
            Duration.ofSeconds(5),
            server.url("/").toString() + "{bucket}/{path}",
            "https://{domain}/{path}",
            null);
    return CheckBucketPolicyInput.prove(
        client(),
        new ContentAddresses(properties),
        edge,
        new CheckBucketPolicyInput("media", policy, path, cors, null));
  }

  private SignedUrlToCheck signed(String path, String uri) {
    return new SignedUrlToCheck(
        server.url("/media/" + path + "?auth=" + TOKEN).toString(),
        path,
        uri,
        NOW.plusSeconds(3600).toString(),
        null);
  }

  private DeliveryClient client() {
    return MockCdn.client(server);
  }

  private CheckCustomDomainInput domainCheck(String bucket) {
    return new CheckCustomDomainInput(DOMAIN_ID, SUBSCRIPTION, "Video.Example.com.", "vod", bucket);
  }

  private void answerDomain(String bucketField) {
    answers.put(
        "/cdn/v1/domains/" + DOMAIN_ID,
        MockCdn.json(
            200,
            "{\"domain\":{\"id\":\""
                + DOMAIN_ID
                + "\",\"type\":\"vod\",\"domain_name\":\"video.example.com\","
                + bucketField
                + "}}"));
  }

  private void answerSubscription(String domainId, String status) {
    answers.put(
        "/cdn/v1/tls/subscriptions/" + SUBSCRIPTION,
        MockCdn.json(
            200,
            "{\"tls_subscription\":{\"id\":\"1c9d7e2b-0000-4000-8000-000000000000\",\"domain_id\":\""
                + domainId
                + "\",\"status\":\""
                + status
                + "\"}}"));
  }

  private static MockResponse object(int code, String type, String body) {
    return new MockResponse.Builder().code(code).addHeader("Content-Type", type).body(body).build();
  }
}
