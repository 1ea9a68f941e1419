package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.error;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

class SigningKeysApiTest extends SandboxTest {

  private final CdnHttp cdn = new CdnHttp(baseUrl());

  @Test
  void theCreationResponseAloneCarriesThePrivateKey() {
    var created =
        cdn.api("POST", "/signing-keys", body("bucket_name", "keys-bucket", "name", "player"));

    assertThat(created.status()).as(created.text()).isEqualTo(200);
    JsonNode key = created.json().get("signing_key");
    String id = key.get("id").asText();
    assertThat(id).matches("[0-9a-f-]{36}");
    assertThat(key.get("name").asText()).isEqualTo("player");
    assertThat(key.get("bucket_name").asText()).isEqualTo("keys-bucket");
    assertThat(key.has("domain_id")).isFalse();
    assertThat(key.has("stream_id")).isFalse();
    assertThat(key.get("created").asText()).matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}");
    String pem = key.get("private_key").asText();
    assertThat(pem)
        .startsWith("-----BEGIN PRIVATE KEY-----\n")
        .endsWith("-----END PRIVATE KEY-----\n");
    assertThat(SignedTokens.privateKey(pem).getAlgorithm()).isEqualTo("RSA");

    JsonNode fetched = cdn.api("GET", "/signing-keys/" + id, null).json().get("signing_key");
    assertThat(fetched.has("private_key")).isFalse();
    assertThat(fetched.get("bucket_name").asText()).isEqualTo("keys-bucket");
    assertThat(listed(id).has("private_key")).isFalse();
    JsonNode renamed =
        cdn.api("PUT", "/signing-keys/" + id, body("name", "web player")).json().get("signing_key");
    assertThat(renamed.has("private_key")).isFalse();
    assertThat(cdn.api("GET", "/signing-keys", null).text()).doesNotContain("PRIVATE KEY");
    cdn.api("DELETE", "/signing-keys/" + id, null);
  }

  @Test
  void aKeyServesADomainOrAStreamWithOnlyThatFieldPresentAndANullNameWhenUnset() {
    String domainId =
        cdn.api("POST", "/domains", body("name", DomainsApiTest.uniqueName(), "type", "live"))
            .json()
            .get("domain")
            .get("id")
            .asText();
    String streamId = UUID.randomUUID().toString();

    JsonNode forDomain =
        cdn.api("POST", "/signing-keys", body("domain_id", domainId)).json().get("signing_key");
    JsonNode forStream =
        cdn.api("POST", "/signing-keys", body("stream_id", streamId)).json().get("signing_key");

    assertThat(forDomain.get("domain_id").asText()).isEqualTo(domainId);
    assertThat(forDomain.has("stream_id") || forDomain.has("bucket_name")).isFalse();
    assertThat(forDomain.has("name")).isTrue();
    assertThat(forDomain.get("name").isNull()).isTrue();
    assertThat(forStream.get("stream_id").asText()).isEqualTo(streamId);
    assertThat(forStream.has("domain_id") || forStream.has("bucket_name")).isFalse();
    cdn.api("DELETE", "/domains/" + domainId, null);
  }

  @Test
  void exactlyOneBindingIsRequired() {
    assertThat(error(cdn.api("POST", "/signing-keys", body("name", "nothing")), 400))
        .startsWith("domain_id, stream_id, bucket_name:")
        .contains("exactly one")
        .contains("0 given");
    assertThat(
            error(
                cdn.api(
                    "POST",
                    "/signing-keys",
                    body("bucket_name", "abc", "stream_id", UUID.randomUUID().toString())),
                400))
        .contains("2 given");
    assertThat(
            error(
                cdn.api("POST", "/signing-keys", body("domain_id", UUID.randomUUID().toString())),
                404))
        .startsWith("domain_id:");
    assertThat(error(cdn.api("POST", "/signing-keys", body("stream_id", "stream-1")), 400))
        .startsWith("stream_id:");
    assertThat(error(cdn.api("POST", "/signing-keys", body("bucket_name", "Not_A_Bucket")), 400))
        .startsWith("bucket_name:");
    assertThat(
            error(cdn.api("POST", "/signing-keys", body("bucket_name", "abc", "name", " ")), 400))
        .startsWith("name:");
  }

  @Test
  void onlyTheNameCanBeUpdated() {
    String id =
        cdn.api("POST", "/signing-keys", body("bucket_name", "abc"))
            .json()
            .get("signing_key")
            .get("id")
            .asText();

    var renamed = cdn.api("PUT", "/signing-keys/" + id, body("name", "renamed"));

    assertThat(renamed.json().get("signing_key").get("name").asText()).isEqualTo("renamed");
    assertThat(
            cdn.api("GET", "/signing-keys/" + id, null)
                .json()
                .get("signing_key")
                .get("name")
                .asText())
        .isEqualTo("renamed");
    assertThat(error(cdn.api("PUT", "/signing-keys/" + id, body()), 400)).startsWith("name:");
    assertThat(
            error(
                cdn.api("PUT", "/signing-keys/" + id, body("name", "x", "bucket_name", "other")),
                400))
        .contains("fixed at creation");
    assertThat(error(cdn.api("PUT", "/signing-keys/" + UUID.randomUUID(), body("name", "x")), 404))
        .startsWith("signing_key_id:");
    cdn.api("DELETE", "/signing-keys/" + id, null);
  }

  @Test
  void aDeletedKeyIsGone() {
    String id =
        cdn.api("POST", "/signing-keys", body("bucket_name", "abc"))
            .json()
            .get("signing_key")
            .get("id")
            .asText();

    var deleted = cdn.api("DELETE", "/signing-keys/" + id, null);

    assertThat(deleted.json().get("status").asText()).isEqualTo("ok");
    assertThat(error(cdn.api("GET", "/signing-keys/" + id, null), 404))
        .startsWith("signing_key_id:");
    assertThat(error(cdn.api("DELETE", "/signing-keys/" + id, null), 404))
        .startsWith("signing_key_id:");
  }

  private JsonNode listed(String id) {
    return StreamSupport.stream(
            cdn.api("GET", "/signing-keys", null).json().get("signing_keys").spliterator(), false)
        .filter(key -> key.get("id").asText().equals(id))
        .findFirst()
        .orElseThrow();
  }
}
