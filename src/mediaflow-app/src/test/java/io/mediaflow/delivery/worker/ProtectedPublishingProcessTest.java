package io.mediaflow.delivery.worker;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.protocol.record.Record;
import io.mediaflow.delivery.CreateDomain;
import io.mediaflow.delivery.CreateSigningKey;
import io.mediaflow.delivery.DeliveryTest;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.PrivateKeyPem;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * protected-publishing on every path, with the sandbox's CDN edge as the viewer's player sees it.
 */
@ExtendWith(OutputCaptureExtension.class)
class ProtectedPublishingProcessTest extends DeliveryTest {

  private static final String PROCESS = "protected-publishing";
  private static final String ORIGIN = "https://player.example.com";
  private static final String RESOLVE_TASK = "Resolve the unproven publishing";
  private static final String EDGE = "GET /sandbox/storage/{bucket}/{*path}";
  private static final String CORS_READ = "GET /sandbox/cdn/v1/buckets/{bucketName}/cors";
  private static final List<String> PATHS =
      List.of("videos/clip/master.m3u8", "videos/clip/720p.m3u8");

  @Autowired SigningKeyStore store;
  @Autowired ManagedSigningKeys signingKeys;

  @Test
  void theObjectsOpenOnlyWithTheSignedUrlsAndThePrivateKeyIsNowhereButTheKeyStore(
      CapturedOutput output) {
    String bucket = bucketWithObjects();
    LoggerFactory.getLogger(getClass()).info("log capture marker {}", bucket);

    long key =
        start(
            PROCESS,
            Map.of(
                "bucketName",
                bucket,
                "paths",
                PATHS,
                "allowedOrigin",
                ORIGIN,
                "tokenLifetime",
                "PT1H"));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("Published", 1);
    assertThat(processVariable(key, "published").asBoolean()).isTrue();
    JsonNode urls = processVariable(key, "signedUrls");
    assertThat(urls).hasSize(2);
    for (int i = 0; i < PATHS.size(); i++) {
      JsonNode url = urls.get(i);
      assertThat(url.path("path").asText()).isEqualTo(PATHS.get(i));
      assertThat(url.path("expires").asText()).isNotBlank();
      assertThat(url.path("uri").asText())
          .as("a playlist's token opens its rendition's folder")
          .isEqualTo("/videos/clip/");
      var answer = fetch(url.path("url").asText(), ORIGIN);
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(answer.body()).isEqualTo("#EXTM3U " + i);
      assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).contains(ORIGIN);
    }
    assertThat(fetch(unsigned(urls.get(0)), null).statusCode()).isEqualTo(403);

    String signingKeyId = processVariable(key, "signingKeyId").asText();
    assertThat(processVariable(key, "signingKey").path("bucket_name").asText()).isEqualTo(bucket);
    PrivateKeyPem privateKey = store.find(signingKeyId).orElseThrow();
    String secret =
        privateKey
            .text()
            .lines()
            .filter(line -> !line.startsWith("-----"))
            .findFirst()
            .orElseThrow();
    assertThat(everythingTheEngineRecorded(key))
        .isNotEmpty()
        .allSatisfy(
            record -> assertThat(record).doesNotContain(secret).doesNotContain("PRIVATE KEY"));
    assertThat(output.getAll())
        .contains("log capture marker " + bucket)
        .doesNotContain(secret)
        .doesNotContain("PRIVATE KEY");
  }

  /**
   * Everything in place: the checks raise nothing and cost one request per deliverable, each signed
   * URL once with its token, the bucket once without one, its CORS policy read once.
   */
  @Test
  void whenEverythingIsInPlaceTheChecksAddNoIncidentAndOneRequestPerDeliverable() {
    String bucket = bucketWithObjects();
    Map<String, Long> before = requestCounts();

    long key =
        start(PROCESS, Map.of("bucketName", bucket, "paths", PATHS, "allowedOrigin", ORIGIN));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("Published", 1);
    Map<String, Long> after = requestCounts();
    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(instance(key).jobFailures("CheckBucketPolicy")).isEmpty();
    assertThat(instance(key).jobFailures("CheckSignedUrls")).isEmpty();
    assertThat(added(before, after, EDGE))
        .as("each signed URL with its token, and the bucket without one: %s", after)
        .isEqualTo(PATHS.size() + 1);
    assertThat(added(before, after, CORS_READ)).isEqualTo(1);
    assertThat(processVariable(key, "signedUrlsCheck").findValuesAsText("status"))
        .containsExactly("200", "200");
    assertThat(processVariable(key, "bucketPolicyCheck").path("status").asInt()).isEqualTo(403);
    assertThat(processVariable(key, "published").asBoolean()).isTrue();
  }

  /**
   * A path whose object is not in the bucket: the process does not say published, and the task
   * names the path and what the CDN answered; once the object is uploaded, checking again
   * publishes.
   */
  @Test
  void anObjectThatIsNotThereStopsAtATaskNamingItUntilItIsUploadedAndCheckedAgain() {
    String bucket = bucketWithObjects();
    String missing = "videos/clip/480p.m3u8";

    long key =
        start(PROCESS, Map.of("bucketName", bucket, "paths", List.of(PATHS.get(0), missing)));

    UserTask task = awaitUserTask(key, RESOLVE_TASK);
    JsonNode shown = describeTask(task);
    assertThat(shown.path("formId").asText()).isEqualTo("resolve-unproven-publishing");
    assertThat(shown.at("/variables/errorCode").asText()).isEqualTo("SIGNED_URLS_DO_NOT_OPEN");
    String token = token(shown.at("/variables/signedUrls/1/url").asText());
    assertThat(shown.at("/variables/errorMessage").asText())
        .contains("1 of 2 signed URLs does not open", missing, "HTTP 404", "upload the object")
        .doesNotContain(token);
    assertThat(shown.at("/variables/published").asBoolean(false)).isFalse();
    assertThatProcessInstance(byKey(key)).isActive().hasCompletedElement("Published", 0);

    upload(bucket, missing, "#EXTM3U late");
    completeUserTask(task, Map.of("decision", "check-again"));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("Published", 1);
    assertThat(processVariable(key, "published").asBoolean()).isTrue();
    assertThat(fetch(processVariable(key, "signedUrls").get(1).path("url").asText(), null).body())
        .isEqualTo("#EXTM3U late");
  }

  @Test
  void withOnlyTheBucketItIsProtectedOpenToAnyOriginAndNothingIsSigned() {
    String bucket = bucketWithObjects();

    long key = start(PROCESS, Map.of("bucketName", bucket));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("Published", 1);
    assertThat(processVariable(key, "signedUrls")).isEmpty();
    assertThat(processVariable(key, "cors").path("Access-Control-Allow-Origin").asText())
        .isEqualTo("*");
    assertThat(processVariable(key, "bucketPolicy").asText()).isEqualTo("authenticated");
    assertThat(
            fetch(baseUrl() + "/sandbox/storage/" + bucket + "/" + PATHS.get(0), null).statusCode())
        .isEqualTo(403);
    assertThat(store.find(processVariable(key, "signingKeyId").asText())).isPresent();
  }

  @Test
  void aGivenKeyIsReusedAndTheUrlsUseTheGivenPlaybackDomain() {
    String bucket = bucketWithObjects();
    SigningKey existing = signingKeys.create(new CreateSigningKey(null, null, bucket, "shared"));
    Domain domain = delivery.createDomain(new CreateDomain(domainName(), Domain.VOD, bucket));
    long keysBefore = keysOf(bucket);

    long key =
        start(
            PROCESS,
            Map.of(
                "bucketName",
                bucket,
                "paths",
                PATHS.subList(0, 1),
                "signingKeyId",
                existing.id(),
                "domainName",
                domain.domainName()));

    assertThatProcessInstance(byKey(key))
        .isCompleted()
        .hasCompletedElement("Published", 1)
        .hasCompletedElement("CreateSigningKey", 0);
    String url = processVariable(key, "signedUrls").get(0).path("url").asText();
    assertThat(url).startsWith(baseUrl() + "/sandbox/domains/" + domain.domainName() + "/");
    assertThat(fetch(url, null).body()).isEqualTo("#EXTM3U 0");
    assertThat(keysOf(bucket)).isEqualTo(keysBefore);
  }

  @Test
  void aKeyOfAnotherBucketEndsAsPublishingFailedNamingTheKeyAndBothBuckets() {
    String bucket = bucketWithObjects();
    String otherBucket = bucketName();
    SigningKey othersKey = signingKeys.create(new CreateSigningKey(null, null, otherBucket, null));

    long key =
        start(
            PROCESS, Map.of("bucketName", bucket, "paths", PATHS, "signingKeyId", othersKey.id()));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("PublishingFailed", 1);
    assertThat(processVariable(key, "published").asBoolean()).isFalse();
    assertThat(processVariable(key, "errorCode").asText()).isEqualTo("SIGNING_KEY_BOUND_ELSEWHERE");
    assertThat(processVariable(key, "errorMessage").asText())
        .contains("Signing key " + othersKey.id() + " is bound to bucket " + otherBucket)
        .contains("objects of bucket " + bucket);
  }

  /**
   * Each bad input stops at an incident naming the caller's variable and the rule; nothing is
   * published.
   */
  @Test
  void inputsThatBreakARuleStopAtAnIncidentNamingTheCallersVariable() {
    String bucket = bucketWithObjects();
    Map<Map<String, Object>, String> cases =
        Map.of(
            Map.of("bucketName", "Not_A_Bucket", "paths", PATHS),
                "bucketName: must be a bucket name",
            Map.of("bucketName", true, "paths", PATHS), "bucketName: must be a string",
            Map.of("bucketName", bucket, "paths", PATHS, "domainName", "169.254.169.254"),
                "domainName: must be a fully qualified domain name",
            Map.of("bucketName", bucket, "paths", PATHS, "domainName", "a..b"),
                "domainName: must be a fully qualified domain name",
            Map.of("bucketName", bucket, "paths", List.of("../../etc/passwd")),
                "paths[0]: must be the path of an object");
    cases.forEach(
        (variables, rule) -> {
          long key = start(PROCESS, variables);
          assertThat(instance(key).awaitIncident().getErrorMessage())
              .as("%s", variables)
              .contains(rule);
          assertThat(instance(key).variable("published").map(JsonNode::asBoolean).orElse(false))
              .as("%s", variables)
              .isFalse();
        });
  }

  @Test
  void aKeyWhosePrivateKeyThisApplicationDoesNotHoldEndsUnpublished() {
    String bucket = bucketWithObjects();
    String unknownKey = UUID.randomUUID().toString();

    long key =
        start(PROCESS, Map.of("bucketName", bucket, "paths", PATHS, "signingKeyId", unknownKey));

    assertThatProcessInstance(byKey(key)).isCompleted().hasCompletedElement("PublishingFailed", 1);
    assertThat(processVariable(key, "errorCode").asText()).isEqualTo("SIGNING_KEY_NOT_IN_STORE");
    assertThat(processVariable(key, "errorMessage").asText())
        .contains(unknownKey, "create a new key");
  }

  private String bucketWithObjects() {
    String bucket = bucketName();
    for (int i = 0; i < PATHS.size(); i++) {
      upload(bucket, PATHS.get(i), "#EXTM3U " + i);
    }
    return bucket;
  }

  private long keysOf(String bucket) {
    return delivery.listSigningKeys().stream().filter(k -> bucket.equals(k.bucketName())).count();
  }

  private static String token(String signedUrl) {
    return signedUrl.substring(signedUrl.indexOf("auth=") + "auth=".length());
  }

  private static String unsigned(JsonNode signedUrl) {
    String url = signedUrl.path("url").asText();
    return url.substring(0, url.indexOf('?'));
  }

  /**
   * Every record the engine wrote for the instance: variables, jobs with their variables,
   * incidents, commands.
   */
  private List<String> everythingTheEngineRecorded(long processInstanceKey) {
    return StreamSupport.stream(records().records().spliterator(), false)
        .map(Record::toJson)
        .filter(json -> json.contains(Long.toString(processInstanceKey)))
        .toList();
  }
}
