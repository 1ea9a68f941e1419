package io.mediaflow.delivery.worker;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.delivery.DeliveryTest;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.GetDomain;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The delivery processes on each sandbox variation where a deliverable is missing although the
 * service answered ok (docs/sandbox.md), switched on one at a time: each instance either ends
 * normally with a deliverable this test proves itself (every signed URL fetched with its token and
 * read, the bucket refusing a request without one, the domain serving its bucket), or stops at a
 * task that names what is missing. The edge delay is 5 s (MediaflowTest): longer than a process
 * takes from the change to its check, shorter than the checks' default deadline.
 */
class DeliveryVariationsProcessTest extends DeliveryTest {

  private static final String PUBLISHING = "protected-publishing";
  private static final String RESOLVE_PUBLISHING = "Resolve the unproven publishing";
  private static final String KEY_LATE = "signed-url-not-yet-propagated";
  private static final String POLICY_LATE = "policy-applies-late";
  private static final String NO_BUCKET = "vod-domain-without-bucket";
  private static final List<String> PATHS =
      List.of("videos/clip/master.m3u8", "videos/clip/thumb.jpg");
  private static final Pattern INSTRUCTION =
      Pattern.compile("Create a CNAME record (\\S+) pointing to (\\S+) .*");

  @Test
  void aNewKeyTheEdgeDoesNotKnowYetIsWaitedForAndEveryUrlOpensOncePublished() {
    variations(KEY_LATE);
    String bucket = bucketWithObjects();

    long key = start(PUBLISHING, Map.of("bucketName", bucket, "paths", PATHS));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("Published", 1);
    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(instance(key).jobFailures("CheckSignedUrls"))
        .as("the check saw the edge refuse the new key's tokens")
        .anySatisfy(failure -> assertThat(failure).contains("HTTP 403", "reach the CDN's edge"));
    assertEveryUrlOpens(key);
  }

  @Test
  void aKeyLongerOnItsWayThanTheDeadlineStopsAtATaskAndPublishesWhenCheckedAgain() {
    variations(KEY_LATE);
    String bucket = bucketWithObjects();

    long key =
        start(PUBLISHING, Map.of("bucketName", bucket, "paths", PATHS, "checkTimeout", "PT0.2S"));

    UserTask task = awaitUserTask(key, RESOLVE_PUBLISHING);
    JsonNode shown = describeTask(task);
    assertThat(shown.at("/variables/errorCode").asText()).isEqualTo("WAIT_TIMEOUT");
    assertThat(shown.at("/variables/errorMessage").asText())
        .contains(PATHS.get(0), PATHS.get(1), "HTTP 403", "reach the CDN's edge");
    assertThatProcessInstance(byKey(key)).isActive().hasCompletedElement("Published", 0);
    String first = shown.at("/variables/signedUrls/0/url").asText();
    await(
        "the key at the edge",
        () -> fetch(first, null).statusCode() == 200 ? Optional.of(true) : Optional.empty());

    completeUserTask(task, Map.of("decision", "check-again"));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("Published", 1);
    assertEveryUrlOpens(key);
  }

  @Test
  void aPolicyTheEdgeAppliesLateIsWaitedForAndTheBucketRefusesUnsignedRequestsOncePublished() {
    variations(POLICY_LATE);
    String bucket = bucketWithObjects();

    long key = start(PUBLISHING, Map.of("bucketName", bucket, "paths", PATHS));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("Published", 1);
    assertThat(instance(key).jobFailures("CheckBucketPolicy"))
        .as("the check saw the bucket still open without a token")
        .anySatisfy(failure -> assertThat(failure).contains("still opens without a token"));
    for (String path : PATHS) {
      assertThat(fetch(baseUrl() + "/sandbox/storage/" + bucket + "/" + path, null).statusCode())
          .as(path + " without a token")
          .isEqualTo(403);
    }
    assertEveryUrlOpens(key);
  }

  @Test
  void aPolicyNotAtTheEdgeByTheDeadlineStopsAtATaskAndAbandoningEndsUnpublished() {
    variations(POLICY_LATE);
    String bucket = bucketWithObjects();

    long key =
        start(PUBLISHING, Map.of("bucketName", bucket, "paths", PATHS, "checkTimeout", "PT0.2S"));

    UserTask task = awaitUserTask(key, RESOLVE_PUBLISHING);
    assertThat(describeTask(task).at("/variables/errorMessage").asText())
        .contains("bucket " + bucket, PATHS.get(0), "still opens without a token");
    completeUserTask(task, Map.of("decision", "abandon"));

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("PublishingAbandoned", 1)
        .hasCompletedElement("Published", 0);
    assertThat(processVariable(key, "published").asBoolean()).isFalse();
    assertThat(processVariable(key, "errorCode").asText()).isEqualTo("WAIT_TIMEOUT");
  }

  @Test
  void aVodDomainCreatedWithoutItsBucketIsGivenItAndServesTheBucketOnceReady() {
    variations(NO_BUCKET);
    String bucket = bucketWithObjects();
    String name = domainName();

    long key =
        start("custom-domain-tls", Map.of("domainName", name, "type", "vod", "bucketName", bucket));
    UserTask dns = awaitUserTask(key, "Create the DNS record");
    Matcher instruction =
        INSTRUCTION.matcher(describeTask(dns).at("/variables/tlsSubscription/message").asText());
    assertThat(instruction.matches()).isTrue();
    createCname(instruction.group(1), instruction.group(2));
    completeUserTask(dns, Map.of("dnsRecordCreated", true));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("CustomDomainReady", 1);
    Domain domain =
        delivery.getDomain(new GetDomain(processVariable(key, "domain").path("id").asText()));
    assertThat(domain.bucketName()).isEqualTo(bucket);
    var served = fetch(baseUrl() + "/sandbox/domains/" + name + "/" + PATHS.get(0), null);
    assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
    assertThat(served.body()).isEqualTo("#EXTM3U 0");
  }

  private String bucketWithObjects() {
    String bucket = bucketName();
    for (int i = 0; i < PATHS.size(); i++) {
      upload(bucket, PATHS.get(i), "#EXTM3U " + i);
    }
    return bucket;
  }

  /** Fetches every signed URL the instance handed out with its token, and reads the content. */
  private void assertEveryUrlOpens(long key) {
    assertThat(processVariable(key, "published").asBoolean()).isTrue();
    JsonNode urls = processVariable(key, "signedUrls");
    assertThat(urls).hasSize(PATHS.size());
    for (int i = 0; i < PATHS.size(); i++) {
      var answer = fetch(urls.get(i).path("url").asText(), null);
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(answer.body()).isEqualTo("#EXTM3U " + i);
    }
  }
}
