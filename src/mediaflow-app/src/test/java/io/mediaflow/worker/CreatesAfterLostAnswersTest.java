package io.mediaflow.worker;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static io.camunda.process.test.api.assertions.ProcessInstanceSelectors.byKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.MediaflowTest;
import io.mediaflow.delivery.CreateDomain;
import io.mediaflow.delivery.DeleteDomain;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ListDomains;
import io.mediaflow.delivery.SigningKey;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.NewStream;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.transcoding.JobStatus;
import io.mediaflow.transcoding.Task;
import io.mediaflow.transcoding.TranscodingClient;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Creates whose answer the sandbox drops after doing the work (a cut connection): the retried job
 * finds what the first attempt created and returns it, so each create leaves exactly one stream,
 * simulcast target, playback ID, signing key, domain or transcoding job; a delete repeated after
 * its answer was lost takes "already gone" as done. Run also with {@code
 * -Dmediaflow.sandbox.variations=create-omits-callback-url}, where a stream's callback URL (and
 * with it the job's marker) is not shown again.
 */
class CreatesAfterLostAnswersTest extends MediaflowTest {

  @Autowired LiveClient live;
  @Autowired DeliveryClient delivery;
  @Autowired SigningKeyStore keyStore;
  @Autowired TranscodingClient transcoding;

  @AfterEach
  void disarm() {
    send(
        HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/faults/lost-answers"))
            .DELETE()
            .build());
  }

  @Test
  void aStreamWhoseAnswerWasLostIsCreatedOnceAndAnotherInstancesStreamOfTheSameNameIsNotTaken() {
    String name = "lost answer " + UUID.randomUUID();
    Stream anotherInstances = live.createStream(NewStream.named(name));
    loseNextAnswer("/sandbox/live/v1/live-streams");

    JsonNode created = createOnce("mediaflow.live.create_stream", Map.of("name", name), "name");

    List<Stream> named = live.listStreams(StreamFilter.all().and("name", name));
    assertThat(named).hasSize(2).extracting(Stream::id).contains(created.path("id").asText());
    assertThat(created.path("id").asText()).isNotEqualTo(anotherInstances.id());
  }

  @Test
  void aSimulcastTargetWhoseAnswerWasLostIsAddedOnce() {
    Stream stream = live.createStream(NewStream.named("lost answer " + UUID.randomUUID()));
    loseNextAnswer("/sandbox/live/v1/live-streams/" + stream.id() + "/simulcast-targets");

    JsonNode added =
        createOnce(
            "mediaflow.live.add_simulcast_target",
            Map.of("streamId", stream.id()),
            "streamId",
            Map.of("url", "rtmp://127.0.0.1:1935/live", "streamKey", "lost-answer-key"));

    assertThat(live.getStream(new GetStream(stream.id())).simulcastTargets())
        .singleElement()
        .satisfies(
            target -> {
              assertThat(target.url()).isEqualTo("rtmp://127.0.0.1:1935/live");
              assertThat(added.path("simulcast_targets").path(0).path("id").asText())
                  .isEqualTo(target.id());
            });
  }

  @Test
  void aSigningKeyWhoseAnswerWasLostLeavesOneKeyWhosePrivateKeyIsKeptNamedAsGiven() {
    String bucket = "lost-" + UUID.randomUUID().toString().substring(0, 8);
    loseNextAnswer("/sandbox/cdn/v1/signing-keys");

    JsonNode created =
        createOnce(
            "mediaflow.delivery.create_signing_key",
            Map.of("bucket", bucket),
            "bucketName",
            Map.of("name", "playback"));

    List<SigningKey> forBucket =
        delivery.listSigningKeys().stream().filter(key -> bucket.equals(key.bucketName())).toList();
    assertThat(forBucket)
        .singleElement()
        .satisfies(
            key -> {
              assertThat(key.id()).isEqualTo(created.path("id").asText());
              assertThat(key.name())
                  .as("document 1: the name is the caller's label")
                  .isEqualTo("playback");
            });
    assertThat(keyStore.find(created.path("id").asText())).as("its private key").isPresent();
  }

  @Test
  void aDomainWhoseAnswerWasLostIsCreatedOnce() {
    String domainName = "lost-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
    loseNextAnswer("/sandbox/cdn/v1/domains");

    JsonNode created =
        createOnce(
            "mediaflow.delivery.create_domain",
            Map.of("domain", domainName),
            "name",
            Map.of("type", "live"));

    assertThat(delivery.listDomains(ListDomains.all()))
        .filteredOn(domain -> domainName.equals(domain.domainName()))
        .singleElement()
        .satisfies(domain -> assertThat(domain.id()).isEqualTo(created.path("id").asText()));
    delivery.deleteDomain(new DeleteDomain(created.path("id").asText()));
  }

  @Test
  void aTlsSubscriptionWhoseAnswerWasLostIsCreatedOnceAndAddressedByItsTlsSubscriptionId() {
    String domainId =
        delivery
            .createDomain(
                new CreateDomain(
                    "lost-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com",
                    "live",
                    null))
            .id();
    loseNextAnswer("/sandbox/cdn/v1/tls/subscriptions");

    JsonNode created =
        createOnce(
            "mediaflow.delivery.create_tls_subscription", Map.of("domainId", domainId), "domainId");

    assertThat(delivery.listTlsSubscriptions())
        .filteredOn(subscription -> domainId.equals(subscription.domainId()))
        .singleElement()
        .satisfies(
            subscription -> {
              assertThat(subscription.id()).isEqualTo(created.path("id").asText());
              assertThat(subscription.tlsSubscriptionId())
                  .isEqualTo(created.path("tls_subscription_id").asText());
            });
    assertThat(created.path("message").asText())
        .as("the CNAME instruction the domain owner needs")
        .contains("CNAME");
    delivery.deleteDomain(new DeleteDomain(domainId));
  }

  @Test
  void aPlaybackIdWhoseAnswerWasLostIsAddedOnce() {
    Stream stream = live.createStream(NewStream.named("lost answer " + UUID.randomUUID()));
    loseNextAnswer("/sandbox/live/v1/live-streams/" + stream.id() + "/playback-ids");

    JsonNode added =
        createOnce(
            "mediaflow.live.add_playback_id",
            Map.of("streamId", stream.id()),
            "streamId",
            Map.of("policy", "authenticated"));

    assertThat(live.getStream(new GetStream(stream.id())).playbackIds())
        .filteredOn(id -> "authenticated".equals(id.policy()))
        .singleElement()
        .satisfies(id -> assertThat(added.path("playback_ids").toString()).contains(id.id()));
  }

  @Test
  void aPlaybackIdDeleteWhoseAnswerWasLostIsDoneWhenTheRepeatFindsItGone() {
    Stream stream = live.createStream(NewStream.named("lost answer " + UUID.randomUUID()));
    String playbackId = stream.playbackIds().getFirst().id();
    loseNextAnswer(
        "DELETE", "/sandbox/live/v1/live-streams/" + stream.id() + "/playback-ids/" + playbackId);

    JsonNode deleted =
        createOnce(
            "mediaflow.live.delete_playback_id",
            Map.of("streamId", stream.id()),
            "streamId",
            Map.of("playbackId", playbackId));

    assertThat(deleted.path("id").asText()).isEqualTo(stream.id());
    assertThat(deleted.path("playback_ids").toString()).doesNotContain(playbackId);
  }

  @Test
  void aDomainDeleteWhoseAnswerWasLostIsDoneWhenTheRepeatFindsItGone() {
    String domainId =
        delivery
            .createDomain(
                new CreateDomain(
                    "lost-" + UUID.randomUUID().toString().substring(0, 8) + ".example.com",
                    "live",
                    null))
            .id();
    loseNextAnswer("DELETE", "/sandbox/cdn/v1/domains/" + domainId);

    JsonNode deleted =
        createOnce("mediaflow.delivery.delete_domain", Map.of("domainId", domainId), "domainId");

    assertThat(deleted.asBoolean()).isTrue();
    assertThat(delivery.listDomains(ListDomains.all()))
        .noneMatch(domain -> domainId.equals(domain.id()));
  }

  @Test
  void aStartWhoseAnswerWasLostGoesOnWithTheJobItStarted() {
    Task task = transcoding.createTask();
    loseNextAnswer("/sandbox/transcoding/v1/start_encode2");

    JsonNode started =
        createOnce(
            "mediaflow.transcoding.start_encode2",
            Map.of("token", task.taskToken()),
            "taskToken",
            Map.of(
                "query",
                "={source: \""
                    + baseUrl()
                    + "/sandbox/samples/bars-1080p.mp4\", format: [{output: \"metadata\"}]}"));

    assertThat(started.path("task_token").asText()).isEqualTo(task.taskToken());
    // A start found again through error 16 (token already used) has no status_url of its own
    // (variation status-words-outside-five): the main host leads to the job's master then.
    String statusUrl = started.hasNonNull("status_url") ? started.get("status_url").asText() : null;
    // Under status-words-outside-five the running job's words are none of the five documented
    // states, so it shows itself as started once it has completed.
    JobStatus status =
        await(
            "the first attempt's job, read at the status_url the retry returned",
            () ->
                Optional.ofNullable(
                        transcoding
                            .status(statusUrl, List.of(task.taskToken()))
                            .get(task.taskToken()))
                    .filter(JobStatus::started));
    assertThat(status.failed()).isFalse();
  }

  private int answersLost;

  private void loseNextAnswer(String path) {
    loseNextAnswer("POST", path);
  }

  private void loseNextAnswer(String method, String path) {
    var armed =
        post("/sandbox/faults/lost-answers", Map.of("method", method, "path", path, "times", 1));
    assertThat(armed.statusCode()).as(armed.body()).isEqualTo(200);
    answersLost = json(armed).path("lost").asInt();
  }

  private JsonNode createOnce(String jobType, Map<String, Object> variables, String input) {
    return createOnce(jobType, variables, input, Map.of());
  }

  /**
   * Runs one create task whose {@code input} is the start variable's value, and returns its result.
   */
  private JsonNode createOnce(
      String jobType, Map<String, Object> variables, String input, Map<String, String> literals) {
    String processId = "lost-answer-" + jobType.replace('.', '-').replace('_', '-');
    String variable = variables.keySet().iterator().next();
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .serviceTask(
                    "Create",
                    task -> {
                      task.zeebeJobType(jobType)
                          .zeebeInputExpression(variable, input)
                          .zeebeTaskHeader("resultVariable", "created");
                      literals.forEach((target, value) -> task.zeebeInput(value, target));
                    })
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    long key = start(processId, variables);

    assertThatProcessInstance(byKey(key)).isCompleted();

    assertThat(instance(key).incidentsRaised()).isEmpty();
    assertThat(instance(key).jobFailures("Create"))
        .as("the lost answer")
        .singleElement()
        .asString()
        .contains("[TRANSPORT]");
    // Counted once the request did its work: what the test counts next includes whatever it
    // created.
    await(
        "the request whose answer was lost to finish",
        () ->
            java.util.Optional.of(json(get("/sandbox/faults/lost-answers")))
                .filter(state -> state.path("lost").asInt() == answersLost + 1));
    return instance(key).variable("created").orElseThrow();
  }
}
