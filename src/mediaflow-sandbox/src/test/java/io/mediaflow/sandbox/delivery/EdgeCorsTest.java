package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.error;
import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxTest;
import java.net.http.HttpRequest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The bucket's CORS policy as browsers meet it at the CDN edge: simple requests and preflights. */
class EdgeCorsTest extends SandboxTest {

  private static final String PLAYER = "https://player.example.com";

  private final CdnHttp cdn = new CdnHttp(baseUrl());
  private final String bucket = "cors-" + UUID.randomUUID().toString().substring(0, 8);
  private final String object = "/sandbox/storage/" + bucket + "/clip.mp4";

  @BeforeEach
  void anObject() {
    cdn.put(bucket, "clip.mp4", "clip", "video/mp4");
  }

  @Test
  void withoutAPolicyNoCorsHeadersAreSent() {
    var answer = cdn.send(fromOrigin(PLAYER));

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.headers().map().keySet())
        .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
  }

  @Test
  void anyOriginIsAllowedWithAWildcard() {
    setCors(body("Access-Control-Allow-Origin", "*"));

    var answer = cdn.send(fromOrigin("https://anyone.example.org"));

    assertThat(answer.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(answer.header("Access-Control-Allow-Credentials")).isNull();
    assertThat(answer.header("Vary")).isNull();
  }

  @Test
  void oneSpecificOriginIsEchoedWithCredentials() {
    setCors(
        body("Access-Control-Allow-Origin", PLAYER, "Access-Control-Allow-Credentials", "true"));

    var allowed = cdn.send(fromOrigin(PLAYER));
    var other = cdn.send(fromOrigin("https://elsewhere.example.com"));

    assertThat(allowed.status()).isEqualTo(200);
    assertThat(allowed.header("Access-Control-Allow-Origin")).isEqualTo(PLAYER);
    assertThat(allowed.header("Access-Control-Allow-Credentials")).isEqualTo("true");
    assertThat(allowed.headers().allValues("Vary")).anyMatch(value -> value.contains("Origin"));
    assertThat(other.status()).as("the browser, not the edge, withholds the answer").isEqualTo(200);
    assertThat(other.header("Access-Control-Allow-Origin")).isNull();
    assertThat(other.header("Access-Control-Allow-Credentials")).isNull();
    assertThat(other.headers().allValues("Vary")).anyMatch(value -> value.contains("Origin"));
  }

  @Test
  void aPreflightForAnAllowedMethodGetsThePolicy() {
    setCors(
        body(
            "Access-Control-Allow-Origin",
            PLAYER,
            "Access-Control-Allow-Methods",
            "GET, HEAD, OPTIONS",
            "Access-Control-Max-Age",
            "600"));

    var answer =
        cdn.send(preflight(PLAYER, "GET").header("Access-Control-Request-Headers", "range"));

    assertThat(answer.status()).isEqualTo(204);
    assertThat(answer.header("Access-Control-Allow-Origin")).isEqualTo(PLAYER);
    assertThat(answer.header("Access-Control-Allow-Methods")).isEqualTo("GET, HEAD, OPTIONS");
    assertThat(answer.header("Access-Control-Max-Age")).isEqualTo("600");
    assertThat(answer.header("Access-Control-Allow-Headers")).isEqualTo("range");
  }

  @Test
  void aPreflightForAMethodOrOriginNotAllowedIsRefusedWithoutCorsHeaders() {
    setCors(
        body("Access-Control-Allow-Origin", PLAYER, "Access-Control-Allow-Methods", "GET, HEAD"));

    var wrongMethod = cdn.send(preflight(PLAYER, "DELETE"));
    var wrongOrigin = cdn.send(preflight("https://elsewhere.example.com", "GET"));

    for (var answer : new CdnHttp.Answer[] {wrongMethod, wrongOrigin}) {
      assertThat(error(answer, 403)).contains("CORS policy");
      assertThat(answer.headers().map().keySet())
          .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
    }
  }

  @Test
  void withoutAMethodListAPreflightMayAskForReadsOnly() {
    setCors(body("Access-Control-Allow-Origin", "*"));

    assertThat(cdn.send(preflight(PLAYER, "GET")).header("Access-Control-Allow-Methods"))
        .isEqualTo("GET, HEAD");
    assertThat(cdn.send(preflight(PLAYER, "PUT")).status()).isEqualTo(403);
  }

  @Test
  void preflightsNeedNoTokenAndRefusalsCarryCorsHeaders() {
    setCors(body("Access-Control-Allow-Origin", PLAYER));
    cdn.api("PUT", "/buckets/" + bucket + "/policy/authenticated", null);

    var preflight = cdn.send(preflight(PLAYER, "GET"));
    var refused = cdn.send(fromOrigin(PLAYER));

    assertThat(preflight.status()).isEqualTo(204);
    assertThat(error(refused, 403)).startsWith("auth:");
    assertThat(refused.header("Access-Control-Allow-Origin"))
        .as("the player can read the refusal")
        .isEqualTo(PLAYER);
  }

  @Test
  void aCustomDomainAppliesItsBucketsPolicy() {
    setCors(body("Access-Control-Allow-Origin", PLAYER));
    String name = DomainsApiTest.uniqueName();
    String id =
        cdn.api("POST", "/domains", body("name", name, "type", "vod", "bucket_name", bucket))
            .json()
            .get("domain")
            .get("id")
            .asText();

    var answer =
        cdn.send(
            cdn.request("/sandbox/domains/" + name + "/clip.mp4", "OPTIONS", null)
                .header("Origin", PLAYER)
                .header("Access-Control-Request-Method", "GET"));
    var unknown =
        cdn.send(
            cdn.request(
                    "/sandbox/domains/" + DomainsApiTest.uniqueName() + "/clip.mp4",
                    "OPTIONS",
                    null)
                .header("Origin", PLAYER)
                .header("Access-Control-Request-Method", "GET"));

    assertThat(answer.status()).isEqualTo(204);
    assertThat(answer.header("Access-Control-Allow-Origin")).isEqualTo(PLAYER);
    assertThat(error(unknown, 404)).startsWith("domain_name:");
    cdn.api("DELETE", "/domains/" + id, null);
  }

  private void setCors(Object policy) {
    assertThat(cdn.api("POST", "/buckets/" + bucket + "/cors", policy).status()).isEqualTo(200);
  }

  private HttpRequest.Builder fromOrigin(String origin) {
    return cdn.request(object, "GET", null).header("Origin", origin);
  }

  private HttpRequest.Builder preflight(String origin, String method) {
    return cdn.request(object, "OPTIONS", null)
        .header("Origin", origin)
        .header("Access-Control-Request-Method", method);
  }
}
