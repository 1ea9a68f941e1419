package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.error;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import io.mediaflow.sandbox.SandboxTest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BucketsApiTest extends SandboxTest {

  private final CdnHttp cdn = new CdnHttp(baseUrl());
  private final String bucket = "b-" + UUID.randomUUID().toString().substring(0, 8);

  @Test
  void theAccessPolicyIsPublicOrAuthenticated() {
    assertThat(
            cdn.api("PUT", "/buckets/" + bucket + "/policy/authenticated", null)
                .json()
                .get("status")
                .asText())
        .isEqualTo("ok");
    assertThat(
            cdn.api("PUT", "/buckets/" + bucket + "/policy/public", null)
                .json()
                .get("status")
                .asText())
        .isEqualTo("ok");
    assertThat(error(cdn.api("PUT", "/buckets/" + bucket + "/policy/private", null), 400))
        .startsWith("policy_name:");
    assertThat(error(cdn.api("PUT", "/buckets/Bad_Bucket/policy/public", null), 400))
        .startsWith("bucket_name:");
  }

  @Test
  void aCorsPolicyIsSetReadAndRemovedHeaderByHeader() {
    var set =
        cdn.api(
            "POST",
            "/buckets/" + bucket + "/cors",
            body(
                "access-control-allow-origin", "https://player.example.com",
                "Access-Control-Allow-Credentials", "true",
                "Access-Control-Allow-Methods", "get, HEAD,OPTIONS",
                "Access-Control-Max-Age", "600"));

    assertThat(set.status()).as(set.text()).isEqualTo(200);
    assertThat(set.json().get("status").asText()).isEqualTo("ok");
    assertThat(cors())
        .containsExactly(
            Map.entry("Access-Control-Allow-Origin", "https://player.example.com"),
            Map.entry("Access-Control-Allow-Credentials", "true"),
            Map.entry("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS"),
            Map.entry("Access-Control-Max-Age", "600"));

    assertThat(
            cdn.api("DELETE", "/buckets/" + bucket + "/cors/Access-Control-Max-Age", null)
                .json()
                .get("status")
                .asText())
        .isEqualTo("ok");
    assertThat(cors()).doesNotContainKey("Access-Control-Max-Age").hasSize(3);
    assertThat(
            error(
                cdn.api("DELETE", "/buckets/" + bucket + "/cors/Access-Control-Max-Age", null),
                404))
        .startsWith("Access-Control-Max-Age:");
    assertThat(
            error(
                cdn.api("DELETE", "/buckets/" + bucket + "/cors/Access-Control-Allow-Origin", null),
                409))
        .startsWith("Access-Control-Allow-Credentials:");
    assertThat(error(cdn.api("DELETE", "/buckets/" + bucket + "/cors/X-Custom", null), 400))
        .startsWith("header_name:");

    assertThat(
            cdn.api("DELETE", "/buckets/" + bucket + "/cors", null).json().get("status").asText())
        .isEqualTo("ok");
    assertThat(cors()).isEmpty();
  }

  @Test
  void settingAPolicyReplacesTheWholePolicy() {
    cdn.api(
        "POST",
        "/buckets/" + bucket + "/cors",
        body("Access-Control-Allow-Origin", "*", "Access-Control-Max-Age", "60"));

    cdn.api(
        "POST",
        "/buckets/" + bucket + "/cors",
        body("Access-Control-Allow-Origin", "http://localhost:3000"));

    assertThat(cors())
        .containsExactly(Map.entry("Access-Control-Allow-Origin", "http://localhost:3000"));
  }

  @Test
  void corsRulesAreEnforced() {
    assertThat(corsError(body("X-Frame-Options", "DENY"))).startsWith("header_name:");
    assertThat(corsError(body("Access-Control-Allow-Origin", "https://a.example.com/path")))
        .startsWith("Access-Control-Allow-Origin:");
    assertThat(
            corsError(
                body("Access-Control-Allow-Origin", "https://a.example.com https://b.example.com")))
        .startsWith("Access-Control-Allow-Origin:");
    assertThat(corsError(body("Access-Control-Allow-Origin", "ftp://a.example.com")))
        .startsWith("Access-Control-Allow-Origin:");
    assertThat(corsError(body("Access-Control-Allow-Origin", "https://a.example.com:70000")))
        .startsWith("Access-Control-Allow-Origin:");
    assertThat(
            corsError(
                body(
                    "Access-Control-Allow-Origin",
                    "*",
                    "Access-Control-Allow-Credentials",
                    "true")))
        .startsWith("Access-Control-Allow-Credentials:")
        .contains("one specific origin");
    assertThat(corsError(body("Access-Control-Allow-Credentials", "true")))
        .startsWith("Access-Control-Allow-Credentials:");
    assertThat(
            corsError(
                body(
                    "Access-Control-Allow-Origin",
                    "https://a.example.com",
                    "Access-Control-Allow-Credentials",
                    "false")))
        .startsWith("Access-Control-Allow-Credentials:");
    assertThat(corsError(body("Access-Control-Allow-Methods", "GET, FETCH")))
        .startsWith("Access-Control-Allow-Methods:");
    assertThat(corsError(body("Access-Control-Allow-Methods", "GET,,HEAD")))
        .startsWith("Access-Control-Allow-Methods:");
    assertThat(corsError(body("Access-Control-Max-Age", "-1")))
        .startsWith("Access-Control-Max-Age:");
    assertThat(corsError(body("Access-Control-Max-Age", "ten")))
        .startsWith("Access-Control-Max-Age:");
    assertThat(corsError(body("Access-Control-Max-Age", 600)))
        .startsWith("Access-Control-Max-Age:")
        .contains("string");
    assertThat(corsError(body())).startsWith("body:");
    assertThat(cors()).isEmpty();
  }

  @Test
  void purgesAnswerOkAndAPathIsRequired() {
    assertThat(
            cdn.api("POST", "/buckets/" + bucket + "/cache/purge_all", null)
                .json()
                .get("status")
                .asText())
        .isEqualTo("ok");
    assertThat(
            cdn.api("POST", "/buckets/" + bucket + "/cache/purge", body("path", "/videos/a.mp4"))
                .json()
                .get("status")
                .asText())
        .isEqualTo("ok");
    assertThat(error(cdn.api("POST", "/buckets/" + bucket + "/cache/purge", body()), 400))
        .startsWith("path:");
    assertThat(
            error(cdn.api("POST", "/buckets/" + bucket + "/cache/purge", body("path", "/")), 400))
        .startsWith("path:");
  }

  @Test
  void aBodyThatIsNotJsonIsRefusedInTheSameShape() {
    assertThat(error(cdn.api("POST", "/buckets/" + bucket + "/cors", "{not json"), 400))
        .startsWith("body:");
  }

  private Map<String, String> cors() {
    var answer = cdn.api("GET", "/buckets/" + bucket + "/cors", null);
    assertThat(answer.status()).isEqualTo(200);
    return CdnHttp.JSON.convertValue(
        answer.json(), new TypeReference<LinkedHashMap<String, String>>() {});
  }

  private String corsError(Map<String, Object> policy) {
    return error(cdn.api("POST", "/buckets/" + bucket + "/cors", policy), 400);
  }
}
