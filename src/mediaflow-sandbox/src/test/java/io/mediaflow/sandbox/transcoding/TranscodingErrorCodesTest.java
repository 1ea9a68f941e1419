package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Every error code the sandbox answers, over HTTP, in the service's error body. */
class TranscodingErrorCodesTest extends SandboxTest {

  private static final String UNKNOWN_TOKEN = "0123456789abcdef0123456789abcdef";

  @Autowired SandboxTranscodingProperties properties;

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  @AfterEach
  void resetControls() {
    sandbox.send(HttpRequest.newBuilder(URI.create(sandbox.api("/control"))).DELETE().build());
  }

  @Test
  void accessTokenNeedsAWellFormedKnownApiKey() {
    assertError(sandbox.post("/v1/access_token", Map.of()), 2, "api_key");
    assertError(sandbox.post("/v1/access_token", Map.of("api_key", "  ")), 2, "api_key");
    assertError(sandbox.post("/v1/access_token", Map.of("api_key", "two words")), 2, "api_key");
    assertError(
        sandbox.post("/v1/access_token", Map.of("api_key", "no-such-project-key")), 3, "not found");

    JsonNode issued = sandbox.post("/v1/access_token", Map.of("api_key", "sandbox-api-key"));
    assertThat(issued.path("error").asInt()).isZero();
    assertThat(issued.path("token").asText()).matches("[0-9a-f]{32}");
    var expire = LocalDateTime.parse(issued.path("expire").asText().replace(' ', 'T'));
    assertThat(expire)
        .isCloseTo(LocalDateTime.now(ZoneOffset.UTC).plusHours(24), within(1, ChronoUnit.MINUTES));
    assertThat(issued.toString()).doesNotContain("sandbox-api-key");
  }

  @Test
  void sessionTokensExpire() {
    JsonNode control = controlPost("{\"sessionTokenLifetime\": \"PT2S\"}");
    assertThat(control.path("sessionTokenLifetime").asText()).isEqualTo("PT2S");
    String token =
        sandbox
            .post("/v1/access_token", Map.of("api_key", "sandbox-api-key"))
            .path("token")
            .asText();
    assertThat(sandbox.post("/v1/create_task", Map.of("token", token)).path("error").asInt())
        .isZero();
    JsonNode expired =
        Await.until(
            "the session token to expire",
            () -> sandbox.post("/v1/create_task", Map.of("token", token)),
            answer -> answer.path("error").asInt() != 0);
    assertError(expired, 5, "expired");
  }

  @Test
  void tokensAreValidatedThenLookedUp() {
    // a missing token is document 3's "required field missing", not a token that failed validation
    assertError(sandbox.post("/v1/create_task", Map.of()), 14, "'token'");
    assertError(sandbox.post("/v1/start_encode2", Map.of("query", "{}")), 14, "'task_token'");
    assertError(sandbox.post("/v1/create_task", Map.of("token", "not a token")), 4, "token");
    assertError(sandbox.post("/v1/create_task", Map.of("token", UNKNOWN_TOKEN)), 5, "not found");
    String sample = query(sandbox.sampleUrl(), "{\"output\": \"mp4\"}");
    assertError(sandbox.startEncode2("xyz", sample), 4, "task_token");
    assertError(sandbox.startEncode2(UNKNOWN_TOKEN, sample), 5, "not found");
    assertError(
        sandbox.post("/v1/start_encode", Map.of("task_token", UNKNOWN_TOKEN)), 5, "not found");
  }

  @Test
  void createdTaskUploadUrlPointsAtTheUploadHost() {
    JsonNode task = sandbox.post("/v1/create_task", Map.of("token", sandbox.sessionToken()));
    assertThat(task.path("upload_url").asText())
        .isEqualTo(baseUrl() + "/sandbox/upload/v1/upload_file");
    String token = task.path("task_token").asText();
    JsonNode created =
        sandbox.post("/v1/status", Map.of("task_tokens", token)).path("statuses").path(token);
    assertThat(created.path("status").asText()).isEqualTo("created");
  }

  @Test
  void payloadIsLimitedTo1000Characters() {
    String sample = query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}");
    assertError(sandbox.startEncode2(sandbox.createTask(), sample, "x".repeat(1001)), 9, "payload");
    assertThat(
            sandbox
                .startEncode2(sandbox.createTask(), sample, "x".repeat(1000))
                .path("error")
                .asInt())
        .isZero();
  }

  @Test
  void startNamesMissingAndInvalidFields() {
    String task = sandbox.createTask();
    assertError(sandbox.post("/v1/start_encode2", Map.of("task_token", task)), 14, "'query'");
    assertError(
        sandbox.startEncode2(task, "{\"query\": {\"source\": \"" + sandbox.sampleUrl() + "\"}}"),
        14,
        "'format'");
    assertError(
        sandbox.startEncode2(task, query(sandbox.sampleUrl(), "{\"width\": 320}")),
        14,
        "format[0].output");
    assertError(
        sandbox.startEncode2(task, query(sandbox.sampleUrl(), "{\"output\": \"avi\"}")),
        19,
        "format[0].output");
    assertError(
        sandbox.startEncode2(
            task, query(sandbox.sampleUrl(), "{\"output\": \"mp4\", \"quality\": 52}")),
        19,
        "format[0].quality': must be a number from 0 to 51");
    assertError(sandbox.startEncode2(task, "not json"), 19, "query");
    // refused starts do not spend the task token
    assertThat(
            sandbox
                .startEncode2(task, query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}"))
                .path("error")
                .asInt())
        .isZero();
  }

  @Test
  void aTaskTokenStartsOneJobOnly() {
    String task = sandbox.start(query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}"));
    assertError(
        sandbox.startEncode2(task, query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}")),
        16,
        "used");
    assertError(
        sandbox.post(
            "/v1/start_encode",
            Map.of("task_token", task, "uri", sandbox.sampleUrl(), "profiles", "thumbnail")),
        16,
        "used");
  }

  @Test
  void presetProfilesAreValidatedThenLookedUp() {
    String task = sandbox.createTask();
    Map<String, String> form =
        new LinkedHashMap<>(Map.of("task_token", task, "uri", sandbox.sampleUrl()));
    assertError(sandbox.post("/v1/start_encode", form), 14, "profiles");
    form.put("profiles", "[\"thumbnail\"]");
    assertError(sandbox.post("/v1/start_encode", form), 11, "profiles");
    form.put("profiles", "thumbnail,,mp4-720p");
    assertError(sandbox.post("/v1/start_encode", form), 11, "profiles");
    form.put("profiles", "thumbnail,no-such-profile");
    assertError(sandbox.post("/v1/start_encode", form), 12, "no-such-profile");
    form.put("profiles", "thumbnail");
    form.put("transfer_method", "sandbox-storage");
    assertError(sandbox.post("/v1/start_encode", form), 19, "{video_id}");
    form.put("output_path_variables", "[1]");
    assertError(sandbox.post("/v1/start_encode", form), 19, "output_path_variables");
    form.remove("uri");
    assertError(sandbox.post("/v1/start_encode", form), 14, "uri");
  }

  @Test
  void statusTakesCommaSeparatedTokens() {
    String first = sandbox.start(query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}"));
    String second = sandbox.start(query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}"));
    JsonNode both = sandbox.post("/v1/status", Map.of("task_tokens", first + ", " + second));
    assertThat(both.path("error").asInt()).isZero();
    assertThat(both.path("statuses").has(first)).isTrue();
    assertThat(both.path("statuses").has(second)).isTrue();

    assertError(sandbox.post("/v1/status", Map.of()), 14, "task_tokens");
    assertError(
        sandbox.post("/v1/status", Map.of("task_tokens", "[\"" + first + "\"]")), 13, "JSON array");
    assertError(sandbox.post("/v1/status", Map.of("task_tokens", first + ",,")), 13, "task_tokens");
    assertError(sandbox.post("/v1/status", Map.of("task_tokens", "abc")), 13, "'abc'");
    assertError(
        sandbox.post("/v1/status", Map.of("task_tokens", first + "," + UNKNOWN_TOKEN)),
        21,
        UNKNOWN_TOKEN);
  }

  @Test
  void startsBeyondTheQueuedTasksLimitAreRefused() {
    var release = new CountDownLatch(1);
    try (var stalling =
        new TestServer()
            .on(
                "/slow.mp4",
                exchange -> {
                  try {
                    release.await(Await.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  TestServer.respond(exchange, 404, new byte[0], "text/plain");
                })) {
      String slow = query(stalling.url("/slow.mp4"), "{\"output\": \"mp4\"}");
      int accepted = 0;
      JsonNode refused = null;
      String refusedTask = null;
      while (refused == null && accepted <= properties.maxQueuedTasks()) {
        String task = sandbox.createTask();
        JsonNode answer = sandbox.startEncode2(task, slow);
        if (answer.path("error").asInt() == 0) {
          accepted++;
        } else {
          refused = answer;
          refusedTask = task;
        }
      }
      assertThat(accepted).isPositive().isLessThanOrEqualTo(properties.maxQueuedTasks());
      assertError(refused, 22, "Limit of simultaneously queued tasks");

      release.countDown();
      String retried = refusedTask;
      JsonNode again =
          Await.until(
              "a free place in the queue",
              () ->
                  sandbox.startEncode2(
                      retried, query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}")),
              answer -> answer.path("error").asInt() != 22);
      assertThat(again.path("error").asInt()).isZero();
    }
  }

  @Test
  void injectedServiceErrorsAnswerTheNextRequests() {
    controlPost(
        "{\"failNext\": {\"endpoint\": \"start_encode2\", \"error\": 8, \"retryAfter\": 3, \"times\": 1}}");
    String task = sandbox.createTask();
    String sample = query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}");
    JsonNode busy = sandbox.startEncode2(task, sample);
    assertError(busy, 8, "");
    assertThat(busy.path("retry_after").asInt()).isEqualTo(3);
    assertThat(sandbox.startEncode2(task, sample).path("error").asInt())
        .as("only once, token unspent")
        .isZero();

    controlPost(
        "{\"failNext\": {\"endpoint\": \"start_encode\", \"error\": 18, \"always\": true}}");
    Map<String, String> preset =
        Map.of(
            "task_token",
            sandbox.createTask(),
            "uri",
            sandbox.sampleUrl(),
            "profiles",
            "thumbnail");
    assertError(sandbox.post("/v1/start_encode", preset), 18, "");
    assertError(sandbox.post("/v1/start_encode", preset), 18, "");
    resetControls();
    assertThat(sandbox.post("/v1/start_encode", preset).path("error").asInt()).isZero();
  }

  @Test
  void injectedTransportFaultsAnswerAnHttpStatus() {
    String task = sandbox.start(query(sandbox.sampleUrl(), "{\"output\": \"metadata\"}"));
    controlPost("{\"failNext\": {\"endpoint\": \"status\", \"httpStatus\": 503, \"times\": 2}}");
    assertThat(
            sandbox
                .postForm(sandbox.api("/master/1/v1/status"), Map.of("task_tokens", task))
                .statusCode())
        .isEqualTo(503);
    assertThat(
            sandbox.postForm(sandbox.api("/v1/status"), Map.of("task_tokens", task)).statusCode())
        .isEqualTo(503);
    assertThat(
            sandbox.postForm(sandbox.api("/v1/status"), Map.of("task_tokens", task)).statusCode())
        .isEqualTo(200);

    var bad =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(sandbox.api("/control")))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"failNext\": {\"endpoint\": \"nope\", \"error\": 8}}"))
                .build());
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.body()).contains("endpoint");
  }

  private JsonNode controlPost(String body) {
    var response =
        sandbox.send(
            HttpRequest.newBuilder(URI.create(sandbox.api("/control")))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return sandbox.parse(response.body());
  }

  private static void assertError(JsonNode answer, int code, String messagePart) {
    assertThat(answer.path("error").asInt()).as("error code of %s", answer).isEqualTo(code);
    assertThat(answer.path("message").asText()).as("message of %s", answer).contains(messagePart);
  }
}
