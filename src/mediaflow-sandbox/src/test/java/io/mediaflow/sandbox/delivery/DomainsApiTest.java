package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.PlaybackDomainDirectory;
import io.mediaflow.sandbox.SandboxTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

class DomainsApiTest extends SandboxTest {

  private final CdnHttp cdn = new CdnHttp(baseUrl());
  private final List<String> created = new ArrayList<>();

  @Autowired PlaybackDomainDirectory directory;

  @AfterEach
  void deleteCreatedDomains() {
    created.forEach(id -> cdn.api("DELETE", "/domains/" + id, null));
  }

  @Test
  void aVodDomainMapsANameToABucket() {
    String name = uniqueName();

    var answer =
        cdn.api("POST", "/domains", body("name", name, "type", "vod", "bucket_name", "vod-bucket"));

    assertThat(answer.status()).isEqualTo(200);
    JsonNode domain = remember(answer).get("domain");
    assertThat(domain.get("id").asText()).matches("[0-9a-f-]{36}");
    assertThat(domain.get("type").asText()).isEqualTo("vod");
    assertThat(domain.get("domain_name").asText()).isEqualTo(name);
    assertThat(domain.properties())
        .extracting(Map.Entry::getKey)
        .as("the documented fields only")
        .containsExactly("id", "type", "domain_name", "created", "bucket_name");
    assertThat(domain.get("bucket_name").asText()).isEqualTo("vod-bucket");
    assertThat(domain.get("created").asText()).matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}");
  }

  @Test
  void aLiveDomainHasNoBucket() {
    var answer = cdn.api("POST", "/domains", body("name", uniqueName(), "type", "live"));

    JsonNode domain = remember(answer).get("domain");
    assertThat(domain.get("type").asText()).isEqualTo("live");
    assertThat(domain.has("bucket_name")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "localhost",
        "-video.example.com",
        "video-.example.com",
        "vid_eo.example.com",
        "video..example.com",
        "video.example.com.",
        "http://video.example.com",
        ""
      })
  void aNameThatIsNotAnFqdnIsRefused(String name) {
    var answer = cdn.api("POST", "/domains", body("name", name, "type", "live"));

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().get("status").asText()).isEqualTo("failed");
    assertThat(answer.json().get("error").asText())
        .startsWith("name:")
        .contains("fully qualified domain name");
  }

  @Test
  void labelsAndNamesHaveLengthLimits() {
    String longLabel = "a".repeat(64) + ".example.com";
    String longName = ("a".repeat(60) + ".").repeat(4) + "example.com";

    assertThat(cdn.api("POST", "/domains", body("name", longLabel, "type", "live")).status())
        .isEqualTo(400);
    assertThat(cdn.api("POST", "/domains", body("name", longName, "type", "live")).status())
        .isEqualTo(400);
    String longest = "a".repeat(63) + "." + uniqueName();
    assertThat(
            remember(cdn.api("POST", "/domains", body("name", longest, "type", "live")))
                .get("domain")
                .get("domain_name")
                .asText())
        .isEqualTo(longest);
  }

  @Test
  void typeAndBucketRulesAreEnforced() {
    var noType = cdn.api("POST", "/domains", body("name", uniqueName()));
    var badType = cdn.api("POST", "/domains", body("name", uniqueName(), "type", "both"));
    var vodWithoutBucket = cdn.api("POST", "/domains", body("name", uniqueName(), "type", "vod"));
    var liveWithBucket =
        cdn.api(
            "POST", "/domains", body("name", uniqueName(), "type", "live", "bucket_name", "b-1"));
    var responseFieldAsName =
        cdn.api("POST", "/domains", body("domain_name", uniqueName(), "type", "live"));

    assertThat(error(noType, 400)).startsWith("type:");
    assertThat(error(badType, 400)).startsWith("type:").contains("live, vod");
    assertThat(error(vodWithoutBucket, 400)).startsWith("bucket_name:").contains("required");
    assertThat(error(liveWithBucket, 400)).startsWith("bucket_name:").contains("live");
    assertThat(error(responseFieldAsName, 400)).startsWith("name:");
  }

  @Test
  void aDomainNameExistsOnce() {
    String name = uniqueName();
    remember(cdn.api("POST", "/domains", body("name", name, "type", "live")));

    var again =
        cdn.api(
            "POST",
            "/domains",
            body("name", name.toUpperCase(), "type", "vod", "bucket_name", "abc"));

    assertThat(error(again, 409)).startsWith("name:").contains("exists");
  }

  @Test
  void domainsAreListedAllOrByType() {
    String live =
        id(remember(cdn.api("POST", "/domains", body("name", uniqueName(), "type", "live"))));
    String vod =
        id(
            remember(
                cdn.api(
                    "POST",
                    "/domains",
                    body("name", uniqueName(), "type", "vod", "bucket_name", "abc"))));

    assertThat(ids(cdn.api("GET", "/domains", null))).contains(live, vod);
    assertThat(ids(cdn.api("GET", "/domains/live", null))).contains(live).doesNotContain(vod);
    assertThat(ids(cdn.api("GET", "/domains/vod", null))).contains(vod).doesNotContain(live);
    assertThat(cdn.api("GET", "/domains/" + live, null).json().get("domain").get("id").asText())
        .isEqualTo(live);
    assertThat(error(cdn.api("GET", "/domains/" + UUID.randomUUID(), null), 404))
        .startsWith("domain_id:");
  }

  @Test
  void onlyTheBucketOfAVodDomainCanChange() {
    String name = uniqueName();
    String vod =
        id(
            remember(
                cdn.api(
                    "POST", "/domains", body("name", name, "type", "vod", "bucket_name", "abc"))));

    var updated = cdn.api("PUT", "/domains/" + vod, body("bucket_name", "other-bucket"));
    var rename =
        cdn.api("PUT", "/domains/" + vod, body("name", uniqueName(), "bucket_name", "abc"));
    var retype = cdn.api("PUT", "/domains/" + vod, body("type", "live"));
    var noBucket = cdn.api("PUT", "/domains/" + vod, body());

    assertThat(updated.status()).isEqualTo(200);
    assertThat(updated.json().get("domain").get("bucket_name").asText()).isEqualTo("other-bucket");
    assertThat(updated.json().get("domain").get("domain_name").asText()).isEqualTo(name);
    assertThat(error(rename, 400)).startsWith("name:");
    assertThat(error(retype, 400)).startsWith("type:");
    assertThat(error(noBucket, 400)).startsWith("bucket_name:");
    assertThat(
            cdn.api("GET", "/domains/" + vod, null)
                .json()
                .get("domain")
                .get("bucket_name")
                .asText())
        .isEqualTo("other-bucket");
  }

  @Test
  void aLiveDomainCannotBeUpdated() {
    String live =
        id(remember(cdn.api("POST", "/domains", body("name", uniqueName(), "type", "live"))));

    var answer = cdn.api("PUT", "/domains/" + live, body("bucket_name", "abc"));

    assertThat(error(answer, 409)).startsWith("type:").contains("live domain cannot be updated");
  }

  @Test
  void deletingADomainAnswersOkAndForgetsIt() {
    String name = uniqueName();
    String id = id(cdn.api("POST", "/domains", body("name", name, "type", "live")));
    assertThat(directory.typeOf(name)).contains("live");

    var deleted = cdn.api("DELETE", "/domains/" + id, null);

    assertThat(deleted.status()).isEqualTo(200);
    assertThat(deleted.json().get("status").asText()).isEqualTo("ok");
    assertThat(cdn.api("GET", "/domains/" + id, null).status()).isEqualTo(404);
    assertThat(directory.typeOf(name)).isEmpty();
    var again = cdn.api("DELETE", "/domains/" + id, null);
    assertThat(again.json().get("status").asText()).isEqualTo("failed");
    assertThat(again.status()).isEqualTo(404);
  }

  @Test
  void theDirectoryTellsTheLiveSandboxADomainsType() {
    String vod = uniqueName();
    remember(cdn.api("POST", "/domains", body("name", vod, "type", "vod", "bucket_name", "abc")));

    assertThat(directory.typeOf(vod)).contains("vod");
    assertThat(directory.typeOf(vod.toUpperCase())).contains("vod");
    assertThat(directory.typeOf(uniqueName())).isEmpty();
  }

  @Test
  void anAccountHasAtMostTwentyDomains() {
    int existing = cdn.api("GET", "/domains", null).json().get("domains").size();
    for (int i = existing; i < 20; i++) {
      assertThat(
              remember(cdn.api("POST", "/domains", body("name", uniqueName(), "type", "live")))
                  .has("domain"))
          .isTrue();
    }

    var oneTooMany = cdn.api("POST", "/domains", body("name", uniqueName(), "type", "live"));

    assertThat(error(oneTooMany, 409)).startsWith("domains:").contains("at most 20");
  }

  static String uniqueName() {
    return "v" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
  }

  private JsonNode remember(CdnHttp.Answer answer) {
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    created.add(id(answer));
    return answer.json();
  }

  private static String id(CdnHttp.Answer answer) {
    return id(answer.json());
  }

  private static String id(JsonNode answer) {
    return answer.get("domain").get("id").asText();
  }

  private static List<String> ids(CdnHttp.Answer answer) {
    return StreamSupport.stream(answer.json().get("domains").spliterator(), false)
        .map(domain -> domain.get("id").asText())
        .toList();
  }

  static String error(CdnHttp.Answer answer, int status) {
    assertThat(answer.status()).as(answer.text()).isEqualTo(status);
    assertThat(answer.json().get("status").asText()).isEqualTo("failed");
    return answer.json().get("error").asText();
  }
}
