package io.mediaflow.sandbox.delivery;

import static io.mediaflow.sandbox.delivery.CdnHttp.body;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.error;
import static io.mediaflow.sandbox.delivery.DomainsApiTest.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TlsSubscriptionsApiTest extends SandboxTest {

  /** The instruction's documented form: the record to create and its target. */
  private static final Pattern INSTRUCTION =
      Pattern.compile(
          "Create a CNAME record (\\S+) pointing to (\\S+) to verify ownership of (\\S+);.*");

  private final CdnHttp cdn = new CdnHttp(baseUrl());
  private final List<String> domains = new ArrayList<>();
  private final List<String> records = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    domains.forEach(id -> cdn.api("DELETE", "/domains/" + id, null));
    records.forEach(name -> cdn.plain("DELETE", "/sandbox/dns/records/" + name, null));
  }

  @Test
  void creationAnswersPendingWithTheCnameInstruction() {
    String name = uniqueName();
    String domainId = domain(name);

    var answer = cdn.api("POST", "/tls/subscriptions", body("domain_id", domainId));

    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    JsonNode subscription = answer.json().get("tls_subscription");
    assertThat(subscription.get("id").asText()).matches("[0-9a-f-]{36}");
    assertThat(subscription.get("domain_id").asText()).isEqualTo(domainId);
    assertThat(subscription.get("status").asText()).isEqualTo("pending");
    assertThat(subscription.get("created").asText())
        .matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}");
    Matcher instruction = INSTRUCTION.matcher(subscription.get("message").asText());
    assertThat(instruction.matches()).as(subscription.get("message").asText()).isTrue();
    assertThat(instruction.group(1)).isEqualTo("_acme-challenge." + name);
    assertThat(instruction.group(2)).endsWith(".acme.cdn-sandbox.mediaflow.invalid");
    assertThat(instruction.group(3)).isEqualTo(name);
  }

  @Test
  void everySubscriptionHasItsOwnTarget() {
    String first =
        target(cdn.api("POST", "/tls/subscriptions", body("domain_id", domain(uniqueName()))));
    String second =
        target(cdn.api("POST", "/tls/subscriptions", body("domain_id", domain(uniqueName()))));

    assertThat(first).isNotEqualTo(second);
  }

  @Test
  void listsCarryTheTlsSubscriptionIdAndThePathsTakeOnlyIt() {
    String id =
        cdn.api("POST", "/tls/subscriptions", body("domain_id", domain(uniqueName())))
            .json()
            .get("tls_subscription")
            .get("id")
            .asText();

    JsonNode listed = listed(id);
    String tlsSubscriptionId = listed.get("tls_subscription_id").asText();

    assertThat(tlsSubscriptionId).isNotBlank().isNotEqualTo(id);
    assertThat(listed.has("message")).isFalse();
    JsonNode byTlsId =
        cdn.api("GET", "/tls/subscriptions/" + tlsSubscriptionId, null)
            .json()
            .get("tls_subscription");
    assertThat(byTlsId.get("id").asText()).isEqualTo(id);
    assertThat(error(cdn.api("GET", "/tls/subscriptions/" + id, null), 404))
        .startsWith("tls_subscription_id:");
    assertThat(error(cdn.api("DELETE", "/tls/subscriptions/" + id, null), 404))
        .startsWith("tls_subscription_id:");
    var deleted = cdn.api("DELETE", "/tls/subscriptions/" + tlsSubscriptionId, null);
    assertThat(deleted.json().get("status").asText()).isEqualTo("ok");
    assertThat(error(cdn.api("GET", "/tls/subscriptions/" + tlsSubscriptionId, null), 404))
        .startsWith("tls_subscription_id:");
  }

  @Test
  void theDomainMustExist() {
    assertThat(error(cdn.api("POST", "/tls/subscriptions", body()), 400)).startsWith("domain_id:");
    assertThat(
            error(
                cdn.api(
                    "POST", "/tls/subscriptions", body("domain_id", UUID.randomUUID().toString())),
                404))
        .startsWith("domain_id:");
  }

  @Test
  void aDomainHasOneActiveSubscription() {
    String domainId = domain(uniqueName());
    cdn.api("POST", "/tls/subscriptions", body("domain_id", domainId));

    assertThat(error(cdn.api("POST", "/tls/subscriptions", body("domain_id", domainId)), 409))
        .startsWith("domain_id:")
        .contains("delete it first");
  }

  @Test
  void theCertificateIsIssuedOnceTheCnameRecordIsInPlace() {
    var created = cdn.api("POST", "/tls/subscriptions", body("domain_id", domain(uniqueName())));
    String id =
        listed(created.json().get("tls_subscription").get("id").asText())
            .get("tls_subscription_id")
            .asText();
    Matcher instruction =
        INSTRUCTION.matcher(created.json().get("tls_subscription").get("message").asText());
    assertThat(instruction.matches()).isTrue();
    assertThat(status(id)).isEqualTo("pending");

    var record =
        cdn.plain(
            "POST",
            "/sandbox/dns/records",
            body("type", "CNAME", "name", instruction.group(1), "value", instruction.group(2)));
    records.add(instruction.group(1));
    assertThat(record.status()).isEqualTo(200);

    List<String> seen = new ArrayList<>();
    await(
        "the certificate to be issued",
        () -> {
          String status = status(id);
          if (seen.isEmpty() || !seen.getLast().equals(status)) {
            seen.add(status);
          }
          return Optional.of(status).filter("issued"::equals);
        });
    assertThat(seen).containsSubsequence("processing", "issued").doesNotContain("failed");
  }

  @Test
  void aRecordPointingElsewhereDoesNotVerifyAndTheSubscriptionFailsAtTheDeadline() {
    var created = cdn.api("POST", "/tls/subscriptions", body("domain_id", domain(uniqueName())));
    String id =
        listed(created.json().get("tls_subscription").get("id").asText())
            .get("tls_subscription_id")
            .asText();
    Matcher instruction =
        INSTRUCTION.matcher(created.json().get("tls_subscription").get("message").asText());
    assertThat(instruction.matches()).isTrue();
    cdn.plain(
        "POST",
        "/sandbox/dns/records",
        body("type", "CNAME", "name", instruction.group(1), "value", "elsewhere.example.net"));
    records.add(instruction.group(1));

    await("the subscription to fail", () -> Optional.of(status(id)).filter("failed"::equals));

    String domainId = created.json().get("tls_subscription").get("domain_id").asText();
    var retry = cdn.api("POST", "/tls/subscriptions", body("domain_id", domainId));
    assertThat(retry.status()).as("a failed subscription does not block a new one").isEqualTo(200);
  }

  @Test
  void deletingTheDomainEndsItsSubscriptions() {
    String domainId = domain(uniqueName());
    String id =
        listed(
                cdn.api("POST", "/tls/subscriptions", body("domain_id", domainId))
                    .json()
                    .get("tls_subscription")
                    .get("id")
                    .asText())
            .get("tls_subscription_id")
            .asText();

    cdn.api("DELETE", "/domains/" + domainId, null);

    assertThat(cdn.api("GET", "/tls/subscriptions/" + id, null).status()).isEqualTo(404);
  }

  private String domain(String name) {
    var answer = cdn.api("POST", "/domains", body("name", name, "type", "live"));
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    String id = answer.json().get("domain").get("id").asText();
    domains.add(id);
    return id;
  }

  /** The subscription as the list shows it, with the tls_subscription_id the paths take. */
  private JsonNode listed(String id) {
    return StreamSupport.stream(
            cdn.api("GET", "/tls/subscriptions", null)
                .json()
                .get("tls_subscriptions")
                .spliterator(),
            false)
        .filter(subscription -> subscription.get("id").asText().equals(id))
        .findFirst()
        .orElseThrow();
  }

  private String status(String tlsSubscriptionId) {
    return cdn.api("GET", "/tls/subscriptions/" + tlsSubscriptionId, null)
        .json()
        .get("tls_subscription")
        .get("status")
        .asText();
  }

  private static String target(CdnHttp.Answer answer) {
    Matcher instruction =
        INSTRUCTION.matcher(answer.json().get("tls_subscription").get("message").asText());
    assertThat(instruction.matches()).isTrue();
    return instruction.group(2);
  }
}
