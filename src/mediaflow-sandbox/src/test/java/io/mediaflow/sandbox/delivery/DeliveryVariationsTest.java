package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.security.PrivateKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The content delivery variations where a deliverable is missing for a while, or until someone
 * acts, although the service answered ok (docs/sandbox.md): each answers as documented, differently
 * from the default only where the document is silent. The edge delay is 5 s here (SandboxTest), far
 * longer than a test's first look after the change.
 */
class DeliveryVariationsTest extends SandboxTest {

  private static final String OBJECT = "videos/clip/master.m3u8";

  private final CdnHttp cdn = new CdnHttp(baseUrl());
  private final String bucket = "var-" + UUID.randomUUID().toString().substring(0, 8);

  @AfterEach
  void noVariation() {
    variations();
  }

  @Test
  void aNewKeysTokensAreRefusedAtTheEdgeUntilTheKeyReachesItAndOpenAfterwards() {
    variations(SigningKeys.NOT_YET_PROPAGATED);
    String token = authenticatedBucketWithAKeysToken();

    var refused = fetch(OBJECT, token);
    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.text()).contains("signing key is unknown or deleted");
    // The API knows the key at once: only the edge has not got it yet.
    assertThat(cdn.api("GET", "/signing-keys", null).text()).contains(kidOf(token));

    await("the key at the edge", () -> opens(fetch(OBJECT, token)));
    assertThat(fetch(OBJECT, token).text()).startsWith("#EXTM3U");
  }

  @Test
  void withoutTheVariationANewKeysTokensOpenAtOnce() {
    String token = authenticatedBucketWithAKeysToken();

    assertThat(fetch(OBJECT, token).status()).isEqualTo(200);
  }

  @Test
  void aPolicySetIsAppliedByTheEdgeOnlyAfterTheDelayAlthoughTheSetAnsweredOk() {
    variations(BucketControls.POLICY_APPLIES_LATE);
    cdn.put(bucket, OBJECT, "#EXTM3U\n", "application/vnd.apple.mpegurl");
    var set = cdn.api("PUT", "/buckets/" + bucket + "/policy/authenticated", null);
    assertThat(set.json().get("status").asText()).isEqualTo("ok");

    assertThat(fetch(OBJECT, null).status()).as("still public at the edge").isEqualTo(200);

    await(
        "the policy at the edge",
        () -> fetch(OBJECT, null).status() == 403 ? Optional.of(true) : Optional.empty());
    // Setting the same policy again changes nothing, so it does not reopen the bucket.
    cdn.api("PUT", "/buckets/" + bucket + "/policy/authenticated", null);
    assertThat(fetch(OBJECT, null).status()).isEqualTo(403);
  }

  @Test
  void aVodDomainIsCreatedWithoutItsBucketAndServesItOnlyOnceAnUpdateSetsIt() {
    variations(Domains.WITHOUT_BUCKET);
    cdn.put(bucket, OBJECT, "#EXTM3U\n", "application/vnd.apple.mpegurl");
    String name = "var-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
    var created =
        cdn.api("POST", "/domains", body("name", name, "type", "vod", "bucket_name", bucket));
    assertThat(created.status()).as(created.text()).isEqualTo(200);
    JsonNode domain = created.json().get("domain");
    try {
      assertThat(domain.has("bucket_name")).isFalse();
      var served = cdn.plain("GET", "/sandbox/domains/" + name + "/" + OBJECT, null);
      assertThat(served.status()).isEqualTo(404);
      assertThat(served.text()).contains("exposes no bucket yet");

      var updated =
          cdn.api("PUT", "/domains/" + domain.get("id").asText(), body("bucket_name", bucket));
      assertThat(updated.json().at("/domain/bucket_name").asText()).isEqualTo(bucket);
      assertThat(cdn.plain("GET", "/sandbox/domains/" + name + "/" + OBJECT, null).text())
          .isEqualTo("#EXTM3U\n");
    } finally {
      cdn.api("DELETE", "/domains/" + domain.get("id").asText(), null);
    }
  }

  /** A bucket set to authenticated, with an object, and a token of a key made for it just now. */
  private String authenticatedBucketWithAKeysToken() {
    cdn.put(bucket, OBJECT, "#EXTM3U\n", "application/vnd.apple.mpegurl");
    assertThat(cdn.api("PUT", "/buckets/" + bucket + "/policy/authenticated", null).status())
        .isEqualTo(200);
    var created = cdn.api("POST", "/signing-keys", body("bucket_name", bucket));
    assertThat(created.status()).as(created.text()).isEqualTo(200);
    JsonNode key = created.json().get("signing_key");
    PrivateKey privateKey = SignedTokens.privateKey(key.get("private_key").asText());
    return SignedTokens.token(key.get("id").asText(), privateKey).compact();
  }

  private static String kidOf(String token) {
    try {
      return CdnHttp.JSON
          .readTree(java.util.Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))))
          .get("kid")
          .asText();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Optional<Boolean> opens(CdnHttp.Answer answer) {
    return answer.status() == 200 ? Optional.of(true) : Optional.empty();
  }

  private CdnHttp.Answer fetch(String path, String token) {
    return cdn.plain(
        "GET",
        "/sandbox/storage/" + bucket + "/" + path + (token == null ? "" : "?auth=" + token),
        null);
  }

  private void variations(String... names) {
    var answer = cdn.plain("PUT", "/sandbox/variations", Map.of("variations", List.of(names)));
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
  }
}
