package io.mediaflow.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.InvalidRequestException;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Requests that break a documented rule are refused before anything is sent, naming the field and
 * the rule.
 */
class DeliveryRequestRulesTest {

  private static final String ID = "0b5e1a52-4f0c-4c1e-9a57-3b1f5b9d2e10";

  private final MockWebServer server = new MockWebServer();
  private DeliveryClient client;

  @BeforeEach
  void start() throws Exception {
    server.start();
    client = MockCdn.client(server);
  }

  @AfterEach
  void nothingWasSent() {
    assertThat(server.getRequestCount()).isZero();
    server.close();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "localhost",
        "video.example.com.",
        "-video.example.com",
        "video..example.com",
        "vi deo.example.com",
        "https://video.example.com",
        "video.example.com/path"
      })
  void aDomainNameMustBeAnFqdn(String name) {
    assertThatThrownBy(() -> client.createDomain(new CreateDomain(name, "live", null)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageStartingWith("name: must be a fully qualified domain name");
  }

  @Test
  void aLongestLabelIsStillAnFqdnButLongerIsNot() {
    String label = "a".repeat(63);
    assertThatThrownBy(
            () ->
                client.createDomain(
                    new CreateDomain("a".repeat(64) + ".example.com", "live", null)))
        .hasMessageStartingWith("name: must be a fully qualified domain name");
    String tooLong = String.join(".", label, label, label, label) + ".com";
    assertThatThrownBy(() -> client.createDomain(new CreateDomain(tooLong, "live", null)))
        .hasMessageStartingWith("name: must be a fully qualified domain name");
  }

  @Test
  void aVodDomainNeedsABucketAndALiveDomainHasNone() {
    assertThatThrownBy(
            () -> client.createDomain(new CreateDomain("video.example.com", "vod", null)))
        .hasMessage("bucket_name: is required");
    assertThatThrownBy(
            () -> client.createDomain(new CreateDomain("live.example.com", "live", "media")))
        .hasMessage("bucket_name: only vod domains expose a bucket; leave it out for live");
    assertThatThrownBy(() -> client.createDomain(new CreateDomain("x.example.com", "cdn", null)))
        .hasMessage("type: must be live or vod");
  }

  @Test
  void everyBrokenRuleIsNamedAtOnce() {
    assertThatThrownBy(() -> client.createDomain(new CreateDomain("nodot", "vod", "a/b")))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            e ->
                assertThat(e.violations())
                    .extracting(io.mediaflow.api.Violation::field)
                    .containsExactly("bucket_name", "name"))
        .hasMessageContaining("name: must be a fully qualified domain name")
        .hasMessageContaining("bucket_name: must be a bucket name: 3 to 63 lower-case letters");
  }

  @Test
  void bucketNamesDomainNamesAndObjectPathsFollowTheStoragesAndDnssRules() {
    for (String bucket : new String[] {"7", "ab", "Media", "-media", "me..dia", "a".repeat(64)}) {
      assertThatThrownBy(
              () -> client.setBucketPolicy(new SetBucketPolicy(bucket, BucketPolicy.AUTHENTICATED)))
          .as(bucket)
          .hasMessageStartingWith("bucket_name: must be a bucket name");
    }
    for (String domain :
        new String[] {
          "a..b", "169.254.169.254", "https://video.example.com", "video.example.com."
        }) {
      assertThatThrownBy(() -> client.createDomain(new CreateDomain(domain, "live", null)))
          .as(domain)
          .hasMessageStartingWith("name: must be a fully qualified domain name");
    }
    for (String path :
        new String[] {
          " ", "../../etc/passwd", "videos/../secret", "videos//clip", "videos/./clip"
        }) {
      assertThatThrownBy(() -> client.purgeCache(new PurgeCache("media", path)))
          .as(path)
          .hasMessageStartingWith("path: must be the path of an object");
    }
  }

  /** A rule is checked in one place: broken, it is one violation, named as the API names it. */
  @Test
  void aBrokenRuleIsRefusedOnceWithTheFieldsName() {
    assertThatThrownBy(
            () ->
                client.renameSigningKey(
                    new RenameSigningKey("7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6", " ")))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            refused ->
                assertThat(refused.violations())
                    .containsExactly(new io.mediaflow.api.Violation("name", "is required")));
  }

  @Test
  void identifiersAreUuids() {
    assertThatThrownBy(() -> client.getDomain(new GetDomain("12")))
        .hasMessage("domain_id: must be an id in UUID form, as the service generates them");
    assertThatThrownBy(() -> client.deleteTlsSubscription(new DeleteTlsSubscription(" ")))
        .hasMessage(
            "tls_subscription_id: is required (the tls_subscription_id that list answers carry, not the id)");
    assertThatThrownBy(() -> client.renameSigningKey(new RenameSigningKey("k", "")))
        .hasMessageContaining("signing_key_id: must be an id in UUID form")
        .hasMessageContaining("name: is required");
  }

  @Test
  void aSigningKeyServesExactlyOneOfDomainStreamAndBucket() {
    assertThatThrownBy(() -> client.createSigningKey(new CreateSigningKey(null, null, null, "k")))
        .hasMessage(
            "domain_id/stream_id/bucket_name: exactly one is required: a key serves one playback domain, one live"
                + " stream or one bucket (0 given)");
    assertThatThrownBy(() -> client.createSigningKey(new CreateSigningKey(ID, null, "media", null)))
        .hasMessageContaining("(2 given)");
    assertThatThrownBy(
            () -> client.createSigningKey(new CreateSigningKey(null, "not-a-stream", null, null)))
        .hasMessage("stream_id: must be an id in UUID form, as the service generates them");
  }

  @Test
  void credentialsNeedOneSpecificOrigin() {
    assertThatThrownBy(() -> client.setCors(new SetCors("media", "*", true, null, null)))
        .hasMessage(
            "Access-Control-Allow-Credentials: true needs Access-Control-Allow-Origin to be one specific origin, not * or unset");
    assertThatThrownBy(() -> client.setCors(new SetCors("media", null, true, "GET", null)))
        .hasMessageContaining("not * or unset");
  }

  @Test
  void methodsComeFromTheDocumentedList() {
    assertThatThrownBy(() -> client.setCors(new SetCors("media", "*", null, "GET, FETCH", null)))
        .hasMessage(
            "Access-Control-Allow-Methods: must be a comma-separated list of GET, HEAD, POST, PUT, DELETE, CONNECT,"
                + " OPTIONS, TRACE, PATCH");
  }

  @Test
  void anOriginIsSchemeHostAndPortOnly() {
    assertThatThrownBy(
            () ->
                client.setCors(
                    new SetCors("media", "https://player.example.com/app", null, null, null)))
        .hasMessage(
            "Access-Control-Allow-Origin: must be * or one origin, scheme://host[:port] without a path");
    assertThatThrownBy(
            () -> client.setCors(new SetCors("media", "player.example.com", null, null, null)))
        .hasMessageStartingWith("Access-Control-Allow-Origin:");
    assertThatCode(
            () -> CorsPolicy.of("http://localhost:3000", true, "GET, HEAD, OPTIONS", 600).check())
        .doesNotThrowAnyException();
  }

  /**
   * A {@link SetCors} names the documented headers only, with whole seconds: a policy read from
   * elsewhere is held to the same rules by {@link CorsPolicy#check}.
   */
  @Test
  void aPolicyNeedsAKnownHeaderAndAWholeNumberOfSeconds() {
    assertThatThrownBy(() -> client.setCors(new SetCors("media", null, null, null, null)))
        .hasMessageStartingWith("cors: needs at least one of");
    assertThatThrownBy(() -> new CorsPolicy(Map.of("X-Frame-Options", "DENY")).check())
        .hasMessageStartingWith("X-Frame-Options: not a header of the CORS policy");
    assertThatThrownBy(() -> new CorsPolicy(Map.of("Access-Control-Max-Age", "1.5")).check())
        .hasMessage("Access-Control-Max-Age: must be a whole number of seconds, 0 or more");
    assertThatThrownBy(() -> client.deleteCorsHeader(new DeleteCorsHeader("media", "Vary")))
        .hasMessageStartingWith("header_name: must be one of Access-Control-Allow-Origin");
  }

  @Test
  void aPurgeOfOneObjectNeedsItsPath() {
    assertThatThrownBy(() -> client.purgeCache(new PurgeCache("media", " ")))
        .hasMessageStartingWith("path: must be the path of an object");
  }
}
