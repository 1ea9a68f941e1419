package io.mediaflow.delivery;

import static io.mediaflow.delivery.MockCdn.body;
import static io.mediaflow.delivery.MockCdn.json;
import static io.mediaflow.delivery.MockCdn.line;
import static io.mediaflow.delivery.MockCdn.token;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client's requests as document 1 shapes them, and answers the sandbox does not give on its
 * own.
 */
class DeliveryClientEdgeCasesTest {

  private static final String DOMAIN_ID = "0b5e1a52-4f0c-4c1e-9a57-3b1f5b9d2e10";
  private static final String KEY_ID = "7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6";

  private final MockWebServer server = new MockWebServer();
  private DeliveryClient client;

  @BeforeEach
  void start() throws Exception {
    server.start();
    client = MockCdn.client(server);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aDomainIsCreatedWithNameAndReadBackAsDomainName() throws Exception {
    server.enqueue(token());
    server.enqueue(
        json(
            200,
            "{\"domain\":{\"id\":\""
                + DOMAIN_ID
                + "\",\"type\":\"vod\",\"domain_name\":\"video.example.com\","
                + "\"created\":\"2026-01-02 03:04:05\",\"bucket_name\":\"media\"}}"));

    Domain domain = client.createDomain(new CreateDomain("video.example.com", "vod", "media"));

    assertThat(domain)
        .isEqualTo(
            new Domain(DOMAIN_ID, "vod", "video.example.com", "2026-01-02 03:04:05", "media"));
    assertThat(line(server.takeRequest())).isEqualTo("POST /v1/access_token/" + MockCdn.API_KEY);
    var create = server.takeRequest();
    assertThat(line(create)).isEqualTo("POST /v1/domains");
    assertThat(create.getHeaders().get("Authorization")).isEqualTo("Bearer token-1");
    assertThat(body(create))
        .isEqualTo("{\"name\":\"video.example.com\",\"type\":\"vod\",\"bucket_name\":\"media\"}");
  }

  /**
   * Document 1 shows a vod domain's bucket_name only "once set": a create answered without it is
   * followed by the update that sets it, so the domain exposes the bucket asked for.
   */
  @Test
  void aVodDomainCreatedWithoutItsBucketIsGivenItByTheUpdate() throws Exception {
    server.enqueue(token());
    server.enqueue(
        json(
            200,
            "{\"domain\":{\"id\":\""
                + DOMAIN_ID
                + "\",\"type\":\"vod\",\"domain_name\":\"video.example.com\"}}"));
    server.enqueue(
        json(
            200,
            "{\"domain\":{\"id\":\""
                + DOMAIN_ID
                + "\",\"type\":\"vod\",\"domain_name\":\"video.example.com\",\"bucket_name\":\"media\"}}"));

    Domain domain = client.createDomain(new CreateDomain("video.example.com", "vod", "media"));

    assertThat(domain.bucketName()).isEqualTo("media");
    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("POST /v1/domains");
    var update = server.takeRequest();
    assertThat(line(update)).isEqualTo("PUT /v1/domains/" + DOMAIN_ID);
    assertThat(body(update)).isEqualTo("{\"bucket_name\":\"media\"}");
  }

  @Test
  void domainsOfOneTypeAreListedWithTheTypeAsTheLastSegment() throws Exception {
    server.enqueue(token());
    server.enqueue(
        json(
            200,
            "{\"domains\":[{\"id\":\""
                + DOMAIN_ID
                + "\",\"type\":\"live\",\"domain_name\":\"live.example.com\"}]}"));

    assertThat(client.listDomains(new ListDomains("live")))
        .extracting(Domain::domainName)
        .containsExactly("live.example.com");

    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("GET /v1/domains/live");
  }

  @Test
  void aStatusFailedAnswerIsARejectionWithTheServiceWords() {
    server.enqueue(token());
    server.enqueue(json(200, "{\"status\":\"failed\",\"error\":\"bucket is locked\"}"));

    assertThatThrownBy(() -> client.purgeCache(new PurgeCache("media", null)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            e -> {
              assertThat(e.code()).isEqualTo("FAILED");
              assertThat(e.getMessage())
                  .isEqualTo("POST /v1/buckets/media/cache/purge_all: bucket is locked");
            });
  }

  @Test
  void aRefusalAtTwentyDomainsIsReportedAsTheDomainLimit() throws Exception {
    server.enqueue(token());
    server.enqueue(json(409, "{\"status\":\"failed\"}"));
    server.enqueue(json(200, "{\"domains\":[" + domains(20) + "]}"));

    assertThatThrownBy(() -> client.createDomain(new CreateDomain("new.example.com", "live", null)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            e -> {
              assertThat(e.code()).isEqualTo("DOMAIN_LIMIT");
              assertThat(e.getMessage())
                  .contains("has 20 playback domains", "the limit is 20 per account");
              assertThat(e.details()).containsEntry("limit", 20);
            });
    server.takeRequest();
    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("GET /v1/domains");
  }

  @Test
  void aRefusalOfANameTakenIsNotTheLimitEvenAtTwentyDomains() {
    server.enqueue(token());
    server.enqueue(json(409, "{\"status\":\"failed\",\"error\":\"exists already\"}"));
    server.enqueue(json(200, "{\"domains\":[" + domains(20) + "]}"));

    assertThatThrownBy(() -> client.createDomain(new CreateDomain("d3.example.com", "live", null)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("CONFLICT"));
  }

  @Test
  void aRefusalBelowTheLimitKeepsTheServiceCode() {
    server.enqueue(token());
    server.enqueue(json(409, "{\"status\":\"failed\"}"));
    server.enqueue(json(200, "{\"domains\":[" + domains(3) + "]}"));

    assertThatThrownBy(() -> client.createDomain(new CreateDomain("new.example.com", "live", null)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("CONFLICT"));
  }

  @Test
  void theCreatedKeyCarriesItsPrivateKeyApartAndListsNeverCarryOne() throws Exception {
    server.enqueue(token());
    server.enqueue(
        json(
            200,
            "{\"signing_key\":{\"id\":\""
                + KEY_ID
                + "\",\"name\":null,\"bucket_name\":\"media\","
                + "\"private_key\":\"-----BEGIN PRIVATE KEY-----\\nSECRET\\n-----END PRIVATE KEY-----\\n\",\"created\":\"2026-01-02 03:04:05\"}}"));
    server.enqueue(
        json(
            200,
            "{\"signing_keys\":[{\"id\":\""
                + KEY_ID
                + "\",\"bucket_name\":\"media\",\"private_key\":\"SECRET\"}]}"));

    NewSigningKey created =
        client.createSigningKey(new CreateSigningKey(null, null, "media", null));

    assertThat(created.key())
        .isEqualTo(new SigningKey(KEY_ID, null, null, null, "media", "2026-01-02 03:04:05"));
    assertThat(created.privateKey().text()).contains("SECRET");
    assertThat(created.toString()).doesNotContain("SECRET");
    assertThat(client.listSigningKeys())
        .singleElement()
        .hasToString(
            "SigningKey[id="
                + KEY_ID
                + ", name=null, domainId=null, streamId=null, bucketName=media, created=null]");
    server.takeRequest();
    assertThat(body(server.takeRequest())).isEqualTo("{\"bucket_name\":\"media\"}");
  }

  @Test
  void aCreatedKeyWithoutItsPrivateKeyIsDeletedAgainAndRefused() throws Exception {
    server.enqueue(token());
    server.enqueue(
        json(200, "{\"signing_key\":{\"id\":\"" + KEY_ID + "\",\"bucket_name\":\"media\"}}"));
    server.enqueue(json(200, "{\"status\":\"ok\"}"));

    assertThatThrownBy(
            () -> client.createSigningKey(new CreateSigningKey(null, null, "media", "k")))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("NO_PRIVATE_KEY"));
    server.takeRequest();
    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("DELETE /v1/signing-keys/" + KEY_ID);
  }

  @Test
  void bucketControlsUseTheDocumentedPathsAndBodies() throws Exception {
    server.enqueue(token());
    for (int i = 0; i < 5; i++) {
      server.enqueue(json(200, "{\"status\":\"ok\"}"));
    }
    server.enqueue(
        json(
            200,
            "{\"Access-Control-Allow-Origin\":\"https://player.example.com\",\"Access-Control-Max-Age\":\"60\"}"));

    client.setBucketPolicy(new SetBucketPolicy("media", BucketPolicy.AUTHENTICATED));
    client.setCors(new SetCors("media", "https://player.example.com", true, "GET, HEAD", 60));
    client.purgeCache(new PurgeCache("media", "videos/a.m3u8"));
    client.deleteCorsHeader(new DeleteCorsHeader("media", "access-control-max-age"));
    client.deleteCors(new DeleteCors("media"));
    CorsPolicy cors = client.getCors(new GetCors("media"));

    server.takeRequest();
    assertThat(line(server.takeRequest())).isEqualTo("PUT /v1/buckets/media/policy/authenticated");
    var setCors = server.takeRequest();
    assertThat(line(setCors)).isEqualTo("POST /v1/buckets/media/cors");
    assertThat(body(setCors))
        .isEqualTo(
            "{\"Access-Control-Allow-Origin\":\"https://player.example.com\","
                + "\"Access-Control-Allow-Credentials\":\"true\",\"Access-Control-Allow-Methods\":\"GET, HEAD\",\"Access-Control-Max-Age\":\"60\"}");
    var purge = server.takeRequest();
    assertThat(line(purge)).isEqualTo("POST /v1/buckets/media/cache/purge");
    assertThat(body(purge)).isEqualTo("{\"path\":\"videos/a.m3u8\"}");
    assertThat(line(server.takeRequest()))
        .isEqualTo("DELETE /v1/buckets/media/cors/Access-Control-Max-Age");
    assertThat(line(server.takeRequest())).isEqualTo("DELETE /v1/buckets/media/cors");
    assertThat(cors.headers())
        .containsExactly(
            java.util.Map.entry("Access-Control-Allow-Origin", "https://player.example.com"),
            java.util.Map.entry("Access-Control-Max-Age", "60"));
  }

  @Test
  void anUnknownApiKeyNeedsAnOperatorAndIsNeverInTheMessage() {
    server.enqueue(
        json(401, "{\"status\":\"failed\",\"error\":\"api_key: not an API key of this account\"}"));

    assertThatThrownBy(() -> client.listDomains(ListDomains.all()))
        .isInstanceOfSatisfying(
            ApiException.Misconfigured.class,
            e -> assertThat(e.getMessage()).doesNotContain(MockCdn.API_KEY));
  }

  /** What an operator quotes to the service's support: the answer's status and request id. */
  @Test
  void aRefusalCarriesTheHttpStatusAndTheRequestIdOfItsAnswer() {
    server.enqueue(token());
    server.enqueue(
        json(404, "{\"status\":\"failed\",\"error\":\"no such domain\"}")
            .newBuilder()
            .addHeader("X-Request-Id", "req-7f3a")
            .build());

    assertThatThrownBy(() -> client.getDomain(new GetDomain(DOMAIN_ID)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            e -> {
              assertThat(e.code()).isEqualTo("NOT_FOUND");
              assertThat(e.httpStatus()).hasValue(404);
              assertThat(e.requestId()).hasValue("req-7f3a");
            });
  }

  @Test
  void aFaultWithoutAnAnswerHasNeitherStatusNorRequestId() {
    server.close();

    assertThatThrownBy(() -> client.listDomains(ListDomains.all()))
        .isInstanceOfSatisfying(
            ApiException.Transient.class,
            e -> {
              assertThat(e.code()).isEqualTo("TRANSPORT");
              assertThat(e.httpStatus()).isEmpty();
              assertThat(e.requestId()).isEmpty();
            });
  }

  private static String domains(int count) {
    return IntStream.range(0, count)
        .mapToObj(
            i ->
                "{\"id\":\""
                    + java.util.UUID.randomUUID()
                    + "\",\"type\":\"live\",\"domain_name\":\"d"
                    + i
                    + ".example.com\"}")
        .collect(Collectors.joining(","));
  }
}
