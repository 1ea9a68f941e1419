package io.mediaflow.delivery.worker;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.delivery.CreateDomain;
import io.mediaflow.delivery.DeliveryTest;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.GetDomain;
import io.mediaflow.delivery.GetTlsSubscription;
import io.mediaflow.delivery.ListDomains;
import io.mediaflow.delivery.TlsSubscription;
import io.mediaflow.delivery.UpdateDomain;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * custom-domain-tls on every path, with the sandbox over HTTP and its DNS control endpoint playing
 * the domain owner's DNS zone. At the tests' time scale the sandbox checks the record every 0.3 s
 * and fails a subscription after 9 s.
 */
class CustomDomainTlsProcessTest extends DeliveryTest {

  private static final String PROCESS = "custom-domain-tls";
  private static final String DNS_TASK = "Create the DNS record";
  private static final String RESOLVE_TASK = "Resolve the failed verification";
  private static final String GET_DOMAIN = "GET /sandbox/cdn/v1/domains/{segment}";
  private static final String GET_SUBSCRIPTION =
      "GET /sandbox/cdn/v1/tls/subscriptions/{subscriptionId}";

  /** The sandbox's instruction; the process shows it as it is, so only the test reads it. */
  private static final Pattern INSTRUCTION =
      Pattern.compile("Create a CNAME record (\\S+) pointing to (\\S+) .*");

  @Test
  void theCertificateIsIssuedOnceTheOwnerHasCreatedTheRecord() {
    String name = domainName();
    String bucket = bucketName();
    Map<String, Long> before = requestCounts();
    long key = start(PROCESS, Map.of("domainName", name, "type", "vod", "bucketName", bucket));

    UserTask task = awaitUserTask(key, DNS_TASK);
    assertThat(describeTask(task).path("formId").asText()).isEqualTo("create-dns-record");
    createRecordFrom(task);
    completeUserTask(task, Map.of("dnsRecordCreated", true));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("CustomDomainReady", 1);
    Map<String, Long> after = requestCounts();
    JsonNode domain = processVariable(key, "domain");
    assertThat(domain.path("domain_name").asText()).isEqualTo(name);
    assertThat(domain.path("bucket_name").asText()).isEqualTo(bucket);
    assertThat(processVariable(key, "tlsSubscription").path("status").asText())
        .isEqualTo(TlsSubscription.ISSUED);
    assertThat(delivery.getDomain(new GetDomain(domain.path("id").asText())).domainName())
        .isEqualTo(name);
    // The check read the domain and the subscription back once each, and raised nothing.
    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(added(before, after, GET_DOMAIN)).isEqualTo(1);
    int waitChecks = instance(key).jobFailures("WaitForCertificate").size() + 1;
    assertThat(added(before, after, GET_SUBSCRIPTION)).isEqualTo(waitChecks + 1);
    assertThat(processVariable(key, "customDomain").at("/tlsSubscription/domain_id").asText())
        .isEqualTo(domain.path("id").asText());
  }

  /**
   * The deadline passes before the owner's record is in place: the task shows the record the
   * service asked for and the subscription's state; waiting longer keeps the same subscription.
   */
  @Test
  void whenTheDeadlinePassesTheOwnerSeesTheStateAndTheRecordAndWaitsLonger() {
    String name = domainName();
    long key =
        start(PROCESS, Map.of("domainName", name, "type", "live", "verificationTimeout", "PT1S"));
    UserTask dnsTask = awaitUserTask(key, DNS_TASK);
    String subscription = subscriptionOf(dnsTask).path("id").asText();
    String message = subscriptionOf(dnsTask).path("message").asText();
    completeUserTask(dnsTask, Map.of("dnsRecordCreated", true));

    UserTask resolve = awaitUserTask(key, RESOLVE_TASK);
    JsonNode shown = describeTask(resolve);
    assertThat(shown.at("/variables/errorCode").asText()).isEqualTo("DEADLINE_PASSED");
    assertThat(shown.at("/variables/tlsSubscriptionState/status").asText()).isEqualTo("pending");
    assertThat(shown.at("/variables/tlsSubscription/message").asText()).isEqualTo(message);
    createRecordFrom(dnsTask, message);
    completeUserTask(resolve, Map.of("decision", "wait", "verificationTimeout", "PT1M"));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("CustomDomainReady", 1);
    assertThat(processVariable(key, "tlsSubscription").path("id").asText()).isEqualTo(subscription);
    assertThat(delivery.listTlsSubscriptions())
        .filteredOn(s -> s.domainId().equals(processVariable(key, "domain").path("id").asText()))
        .hasSize(1);
  }

  /**
   * The certificate is issued but the domain read back is not what was asked for (its bucket was
   * changed meanwhile): the process does not say ready; the task names the difference, and once it
   * is mended, waiting longer checks again and ends ready.
   */
  @Test
  void aDomainThatNoLongerExposesItsBucketStopsAtTheTaskUntilItIsMended() {
    String name = domainName();
    String bucket = bucketName();
    long key = start(PROCESS, Map.of("domainName", name, "type", "vod", "bucketName", bucket));
    UserTask dnsTask = awaitUserTask(key, DNS_TASK);
    String domainId = describeTask(dnsTask).at("/variables/domain/id").asText();
    delivery.updateDomain(new UpdateDomain(domainId, "someone-elses"));
    createRecordFrom(dnsTask);
    completeUserTask(dnsTask, Map.of("dnsRecordCreated", true));

    UserTask resolve = awaitUserTask(key, RESOLVE_TASK);
    JsonNode shown = describeTask(resolve);
    assertThat(shown.at("/variables/errorCode").asText()).isEqualTo("CUSTOM_DOMAIN_NOT_READY");
    assertThat(shown.at("/variables/errorMessage").asText())
        .contains("exposes bucket someone-elses, not " + bucket, "update_domain");
    assertThat(shown.at("/variables/tlsSubscriptionState/status").asText()).isEqualTo("issued");
    assertThatProcessInstance(byKey(key)).isActive().hasCompletedElement("CustomDomainReady", 0);

    delivery.updateDomain(new UpdateDomain(domainId, bucket));
    completeUserTask(resolve, Map.of("decision", "wait"));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("CustomDomainReady", 1);
    assertThat(processVariable(key, "domain").path("bucket_name").asText()).isEqualTo(bucket);
  }

  @Test
  void aDomainTheServiceRefusesEndsTheProcessWithTheReason() {
    String name = domainName();
    delivery.createDomain(new CreateDomain(name, Domain.LIVE, null));

    long key = start(PROCESS, Map.of("domainName", name, "type", "live"));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("DomainNotCreated", 1);
    assertThat(processVariable(key, "errorCode").asText()).isEqualTo("CONFLICT");
    assertThat(processVariable(key, "errorMessage").asText()).contains(name, "exists already");
  }

  /**
   * A bad bucket is the caller's mistake, not the service's refusal: an incident naming bucketName,
   * no domain.
   */
  @Test
  void aBucketNameThatBreaksTheStorageRuleStopsAtAnIncidentNamingIt() {
    Map<Object, String> cases =
        Map.of(
            7,
            "bucketName: must be a string",
            "",
            "bucketName: must be a bucket name: 3 to 63",
            "b".repeat(300),
            "bucketName: must be a bucket name");
    cases.forEach(
        (bucket, rule) -> {
          String name = domainName();
          long key =
              start(PROCESS, Map.of("domainName", name, "type", "vod", "bucketName", bucket));
          assertThat(instance(key).awaitIncident().getErrorMessage())
              .as("bucketName %s", bucket)
              .contains(rule);
          assertThat(delivery.listDomains(ListDomains.all()))
              .noneMatch(domain -> name.equals(domain.domainName()));
        });
  }

  @Test
  void whenTheDeadlinePassesTheOwnerLearnsWhyAndTriesAgainWithANewSubscription() {
    String name = domainName();
    long key =
        start(PROCESS, Map.of("domainName", name, "type", "live", "verificationTimeout", "PT1S"));
    UserTask firstTask = awaitUserTask(key, DNS_TASK);
    String firstSubscription = subscriptionOf(firstTask).path("id").asText();
    completeUserTask(firstTask, Map.of("dnsRecordCreated", true));

    UserTask resolve = awaitUserTask(key, RESOLVE_TASK);
    JsonNode shown = describeTask(resolve);
    assertThat(shown.at("/variables/errorCode").asText()).isEqualTo("DEADLINE_PASSED");
    assertThat(shown.at("/variables/errorMessage").asText())
        .contains("not issued within PT1S", "CNAME record");
    completeUserTask(resolve, Map.of("decision", "retry", "verificationTimeout", "PT1M"));

    UserTask secondTask = awaitUserTask(key, DNS_TASK);
    JsonNode second = subscriptionOf(secondTask);
    assertThat(second.path("id").asText()).isNotEqualTo(firstSubscription);
    createRecordFrom(secondTask);
    completeUserTask(secondTask, Map.of("dnsRecordCreated", true));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("CustomDomainReady", 1);
    assertThat(processVariable(key, "tlsSubscription").path("status").asText())
        .isEqualTo(TlsSubscription.ISSUED);
    assertThat(codeOf(() -> delivery.getTlsSubscription(new GetTlsSubscription(firstSubscription))))
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void whenTheServiceFailsTheSubscriptionTheOwnerLearnsWhyAndGivesUp() {
    String name = domainName();
    long key =
        start(PROCESS, Map.of("domainName", name, "type", "vod", "bucketName", bucketName()));
    UserTask dnsTask = awaitUserTask(key, DNS_TASK);
    String subscription = subscriptionOf(dnsTask).path("id").asText();
    String domainId = describeTask(dnsTask).at("/variables/domain/id").asText(null);
    completeUserTask(dnsTask, Map.of("dnsRecordCreated", true));

    UserTask resolve = awaitUserTask(key, RESOLVE_TASK);
    JsonNode shown = describeTask(resolve);
    assertThat(shown.path("formId").asText()).isEqualTo("resolve-tls-verification");
    assertThat(shown.at("/variables/errorCode").asText()).isEqualTo("TLS_FAILED");
    assertThat(shown.at("/variables/errorMessage").asText()).contains(subscription, "CNAME record");
    completeUserTask(resolve, Map.of("decision", "give-up"));

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("CustomDomainAbandoned", 1);
    assertThat(codeOf(() -> delivery.getDomain(new GetDomain(domainId)))).isEqualTo("NOT_FOUND");
    assertThat(codeOf(() -> delivery.getTlsSubscription(new GetTlsSubscription(subscription))))
        .isEqualTo("NOT_FOUND");
  }

  private JsonNode subscriptionOf(UserTask task) {
    return describeTask(task).path("variables").path("tlsSubscription");
  }

  /** Does what the instruction in the task says, as the domain owner would. */
  private void createRecordFrom(UserTask task) {
    createRecordFrom(task, subscriptionOf(task).path("message").asText());
  }

  private void createRecordFrom(UserTask task, String message) {
    Matcher instruction = INSTRUCTION.matcher(message);
    assertThat(instruction.matches()).as(message).isTrue();
    createCname(instruction.group(1), instruction.group(2));
  }
}
