package io.mediaflow.delivery.signing.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jsonwebtoken.Jwts;
import io.mediaflow.api.ApiJson;
import io.mediaflow.delivery.signing.TestKeys;
import java.security.KeyPair;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The token of document 1: RS256, header kid/alg/typ, payload uri/exp/nbf as NumericDate seconds,
 * custom claims.
 */
class SignedTokensTest {

  private static final KeyPair PAIR = TestKeys.rsa();
  private static final String KEY_ID = "7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6";

  @Test
  void headerAndPayloadAreTheDocumentedOnes() throws Exception {
    Instant exp = Instant.parse("2030-01-02T03:04:05Z");
    Instant nbf = Instant.parse("2029-12-31T00:00:00Z");

    String token =
        SignedTokens.sign(
            KEY_ID,
            PAIR.getPrivate(),
            new SignedTokens.Grant("/videos/clip/", exp, nbf, Map.of("viewer", "v-42")));

    String[] parts = token.split("\\.");
    JsonNode header = decode(parts[0]);
    assertThat(header.get("kid").asText()).isEqualTo(KEY_ID);
    assertThat(header.get("alg").asText()).isEqualTo("RS256");
    assertThat(header.get("typ").asText()).isEqualTo("JWT");
    JsonNode payload = decode(parts[1]);
    assertThat(payload.get("uri").asText()).isEqualTo("/videos/clip/");
    assertThat(payload.get("exp").isIntegralNumber()).isTrue();
    assertThat(payload.get("exp").asLong()).isEqualTo(exp.getEpochSecond());
    assertThat(payload.get("nbf").asLong()).isEqualTo(nbf.getEpochSecond());
    assertThat(payload.get("viewer").asText()).isEqualTo("v-42");
    var verified =
        Jwts.parser()
            .verifyWith(PAIR.getPublic())
            .clockSkewSeconds(10L * 365 * 24 * 3600)
            .build()
            .parseSignedClaims(token);
    assertThat(verified.getHeader().getKeyId()).isEqualTo(KEY_ID);
  }

  @Test
  void leftOutClaimsAreAbsent() throws Exception {
    String token =
        SignedTokens.sign(
            KEY_ID, PAIR.getPrivate(), new SignedTokens.Grant(null, null, null, null));

    JsonNode payload = decode(token.split("\\.")[1]);
    assertThat(payload.has("uri")).isFalse();
    assertThat(payload.has("exp")).isFalse();
    assertThat(payload.has("nbf")).isFalse();
  }

  private static JsonNode decode(String part) throws Exception {
    return ApiJson.MAPPER.readTree(Base64.getUrlDecoder().decode(part));
  }
}
