package io.mediaflow.sandbox.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxTest;
import org.junit.jupiter.api.Test;

class AccessTokenTest extends SandboxTest {

  private final CdnHttp cdn = new CdnHttp(baseUrl());

  @Test
  void anApiKeyOfTheAccountGetsAnAccessTokenThatOpensTheApi() {
    var answer = cdn.plain("POST", "/sandbox/cdn/v1/access_token/" + CdnHttp.API_KEY, null);

    assertThat(answer.status()).isEqualTo(200);
    String token = answer.json().get("access_token").asText();
    assertThat(token).isNotBlank();
    var domains =
        cdn.send(
            cdn.request("/sandbox/cdn/v1/domains", "GET", null)
                .header("Authorization", "Bearer " + token));
    assertThat(domains.status()).isEqualTo(200);
  }

  @Test
  void anUnknownApiKeyIsRefused() {
    var answer = cdn.plain("POST", "/sandbox/cdn/v1/access_token/not-a-key", null);

    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.json().get("status").asText()).isEqualTo("failed");
    assertThat(answer.json().get("error").asText()).contains("api_key");
  }

  @Test
  void everyOtherCallNeedsAValidBearer() {
    var missing = cdn.plain("GET", "/sandbox/cdn/v1/signing-keys", null);
    var unknown =
        cdn.send(
            cdn.request("/sandbox/cdn/v1/buckets/demo-bucket/cors", "GET", null)
                .header("Authorization", "Bearer forged"));

    assertThat(missing.status()).isEqualTo(401);
    assertThat(missing.header("WWW-Authenticate")).isEqualTo("Bearer");
    assertThat(missing.json().get("error").asText()).startsWith("Authorization:");
    assertThat(unknown.status()).isEqualTo(401);
    assertThat(unknown.json().get("status").asText()).isEqualTo("failed");
  }
}
