package io.mediaflow.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.api.ApiException;
import io.mediaflow.transcoding.query.Format;
import io.mediaflow.transcoding.query.Query;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Answers the sandbox does not give on its own: the client's handling of tokens, throttling and
 * host faults.
 */
class TranscodingClientEdgeCasesTest {

  private static final String API_KEY = "project-key-that-must-stay-secret";

  private final MockWebServer server = new MockWebServer();
  private TranscodingClient client;

  @BeforeEach
  void start() throws Exception {
    server.start();
    client = clientWithRenewal(Duration.ofMinutes(5));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void sessionTokenIsReusedAndFetchedAgainOnceWhenTheServiceNoLongerKnowsIt() throws Exception {
    server.enqueue(json("{\"token\":\"t1\",\"expire\":\"" + expireIn(Duration.ofHours(6)) + "\"}"));
    server.enqueue(json("{\"error\":0,\"task_token\":\"a\",\"upload_url\":\"http://upload\"}"));
    server.enqueue(json("{\"error\":5,\"message\":\"token not found\"}"));
    server.enqueue(json("{\"token\":\"t2\",\"expire\":\"" + expireIn(Duration.ofHours(6)) + "\"}"));
    server.enqueue(json("{\"error\":0,\"task_token\":\"b\",\"upload_url\":\"http://upload\"}"));

    assertThat(client.createTask().taskToken()).isEqualTo("a");
    assertThat(client.createTask().taskToken()).isEqualTo("b");

    assertThat(form(server.takeRequest())).contains("api_key=" + API_KEY);
    assertThat(form(server.takeRequest())).isEqualTo("token=t1");
    assertThat(form(server.takeRequest())).isEqualTo("token=t1");
    assertThat(server.takeRequest().getUrl().encodedPath()).endsWith("/v1/access_token");
    assertThat(form(server.takeRequest())).isEqualTo("token=t2");
  }

  @Test
  void aTokenAboutToExpireIsReplacedBeforeUse() throws Exception {
    server.enqueue(
        json("{\"token\":\"t1\",\"expire\":\"" + expireIn(Duration.ofMinutes(2)) + "\"}"));
    server.enqueue(json("{\"error\":0,\"task_token\":\"a\",\"upload_url\":\"http://upload\"}"));
    server.enqueue(json("{\"token\":\"t2\",\"expire\":\"" + expireIn(Duration.ofHours(6)) + "\"}"));
    server.enqueue(json("{\"error\":0,\"task_token\":\"b\",\"upload_url\":\"http://upload\"}"));

    client.createTask();
    client.createTask();

    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  @Test
  void aSecondErrorFiveIsARejectionNotALoop() {
    server.enqueue(json("{\"token\":\"t1\",\"expire\":\"" + expireIn(Duration.ofHours(6)) + "\"}"));
    server.enqueue(json("{\"error\":5,\"message\":\"token not found\"}"));
    server.enqueue(json("{\"token\":\"t2\",\"expire\":\"" + expireIn(Duration.ofHours(6)) + "\"}"));
    server.enqueue(json("{\"error\":5,\"message\":\"token not found\"}"));

    assertThatThrownBy(client::createTask)
        .isInstanceOf(ApiException.Rejected.class)
        .extracting(e -> ((ApiException) e).code())
        .isEqualTo("ERROR_TOKEN_NOT_FOUND");
    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  @Test
  void busyServiceIsTransientAndCarriesItsRetryAfter() {
    server.enqueue(json("{\"error\":8,\"message\":\"not enough resources\",\"retry_after\":7}"));

    assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4Query(), null)))
        .isInstanceOfSatisfying(
            ApiException.Transient.class,
            e -> {
              assertThat(e.code()).isEqualTo("ERROR_SYSTEM_BUSY");
              assertThat(e.busy()).isTrue();
              assertThat(e.retryAfter()).contains(Duration.ofSeconds(7));
            });
  }

  @Test
  void aFullQueueAndTheLimitOfQueuedTasksAreBusyAnswersNotFaults() {
    server.enqueue(json("{\"error\":18,\"message\":\"processing queue full\"}"));
    server.enqueue(
        json("{\"error\":22,\"message\":\"limit of simultaneously queued tasks reached\"}"));
    server.enqueue(json("{\"error\":1,\"message\":\"internal error\"}"));

    for (String code : new String[] {"ERROR_QUEUE_IS_FULL", "ERROR_LIMIT_EXCEEDED"}) {
      assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4Query(), null)))
          .isInstanceOfSatisfying(
              ApiException.Transient.class,
              e -> {
                assertThat(e.code()).isEqualTo(code);
                assertThat(e.busy()).isTrue();
              });
    }
    assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4Query(), null)))
        .isInstanceOfSatisfying(
            ApiException.Transient.class, e -> assertThat(e.busy()).as("a fault").isFalse());
  }

  @Test
  void everyCodeTheDocumentCallsAnInternalErrorIsRetried() {
    for (int code : new int[] {1, 7, 10}) {
      server.enqueue(json("{\"error\":" + code + ",\"message\":\"internal error\"}"));
      assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4Query(), null)))
          .as("error " + code)
          .isInstanceOfSatisfying(
              ApiException.Transient.class, e -> assertThat(e.busy()).as("a fault").isFalse());
    }
  }

  @Test
  void aSessionTokenThatFailsValidationIsRenewedOnceLikeAnUnknownOne() throws Exception {
    server.enqueue(json("{\"token\":\"t1\",\"expire\":\"" + expireIn(Duration.ofHours(6)) + "\"}"));
    server.enqueue(json("{\"error\":4,\"message\":\"token failed validation\"}"));
    server.enqueue(json("{\"token\":\"t2\",\"expire\":\"" + expireIn(Duration.ofHours(6)) + "\"}"));
    server.enqueue(json("{\"error\":0,\"task_token\":\"a\",\"upload_url\":\"http://upload\"}"));

    assertThat(client.createTask().taskToken()).isEqualTo("a");

    server.takeRequest();
    assertThat(form(server.takeRequest())).isEqualTo("token=t1");
    server.takeRequest();
    assertThat(form(server.takeRequest())).isEqualTo("token=t2");
  }

  @Test
  void anExpireGivenAsAnEpochOrWithItsOffsetIsReadAsItSays() {
    String epochSoon = String.valueOf(Instant.now().plus(Duration.ofMinutes(2)).getEpochSecond());
    String isoSoon = OffsetDateTime.now(ZoneOffset.ofHours(3)).plusMinutes(2).toString();
    for (String soon : List.of(epochSoon, isoSoon)) {
      server.enqueue(json("{\"token\":\"t1\",\"expire\":\"" + soon + "\"}"));
      server.enqueue(json("{\"error\":0,\"task_token\":\"a\",\"upload_url\":\"http://upload\"}"));
      server.enqueue(json("{\"token\":\"t2\",\"expire\":\"" + soon + "\"}"));
      server.enqueue(json("{\"error\":0,\"task_token\":\"b\",\"upload_url\":\"http://upload\"}"));
      int before = server.getRequestCount();
      TranscodingClient fresh = clientWithRenewal(Duration.ofMinutes(5));

      fresh.createTask();
      fresh.createTask();

      assertThat(server.getRequestCount() - before)
          .as("a token expiring within the renewal margin is replaced: " + soon)
          .isEqualTo(4);
    }
  }

  @Test
  void aBusyServiceWithoutRetryAfterInItsBodyWaitsAsItsRetryAfterHeaderSays() {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .addHeader("Retry-After", "9")
            .body("{\"error\":8,\"message\":\"not enough resources\"}")
            .build());

    assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4Query(), null)))
        .isInstanceOfSatisfying(
            ApiException.Transient.class,
            e -> assertThat(e.retryAfter()).contains(Duration.ofSeconds(9)));
  }

  /**
   * No document shows how several profile ids are sent, and only the spec's README says tokens are
   * separated by commas: each separator is configuration, used wherever its list is sent.
   */
  @Test
  void eachListIsJoinedWithItsConfiguredSeparator() throws Exception {
    var properties =
        new TranscodingProperties(
            true,
            server.url("/base").toString(),
            API_KEY,
            2_000_000,
            Duration.ofMinutes(5),
            Duration.ofSeconds(5),
            null,
            ";",
            " ");
    var configured = new TranscodingClient(properties, new OkHttpClient(), Clock.systemUTC());
    server.enqueue(json("{\"error\":0,\"status_url\":\"https://master/v1/status\"}"));
    server.enqueue(json("{\"error\":0,\"statuses\":{}}"));

    configured.startEncode(
        new StartEncode(
            "task", "https://example.com/in.mp4", null, List.of("p1", "p2"), null, null, null));
    configured.status(null, List.of("a", "b"));

    assertThat(form(server.takeRequest())).contains("profiles=p1+p2");
    assertThat(form(server.takeRequest())).isEqualTo("task_tokens=a%3Bb");
    assertThatThrownBy(() -> configured.status(null, List.of("a;b")))
        .isInstanceOf(io.mediaflow.api.InvalidRequestException.class)
        .hasMessageContaining("task_tokens");
  }

  /**
   * A preset job's rules are its request record's, which the start_encode worker reads too, and the
   * one between two fields is the client's; all are named at once, as document 3 names the fields.
   */
  @Test
  void aPresetJobBreakingItsRulesIsRefusedNamingEachFieldAndNothingIsSent() {
    assertThatThrownBy(
            () -> client.startEncode(new StartEncode(" ", null, null, List.of(), null, null, null)))
        .isInstanceOfSatisfying(
            io.mediaflow.api.InvalidRequestException.class,
            refused ->
                assertThat(refused.violations())
                    .extracting(io.mediaflow.api.Violation::toString)
                    .containsExactly(
                        "profiles: needs at least one profile id",
                        "task_token: is required",
                        "uri/stitch: exactly one of uri and stitch must be given"));
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void unknownApiKeyNeedsAnOperatorAndTheKeyIsNeverInTheMessage() {
    server.enqueue(json("{\"error\":3,\"message\":\"API key unknown\"}"));

    assertThatThrownBy(client::createTask)
        .isInstanceOf(ApiException.Misconfigured.class)
        .satisfies(
            e -> assertThat(e.getMessage()).doesNotContain(API_KEY).contains("API key unknown"));
  }

  @Test
  void statusIsReadFromTheMasterHostAndFromTheMainHostWhenTheMasterFails() throws Exception {
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(
        json(
            "{\"error\":0,\"statuses\":{\"a\":{\"status\":\"encoding\",\"percent\":40},\"b\":{\"status\":\"completed\",\"error\":0}}}"));

    var statuses = client.status(server.url("/master/v1/status").toString(), List.of("a", "b"));

    assertThat(statuses.get("a").progress()).isEqualTo("encoding 40%");
    assertThat(statuses.get("b").completed()).isTrue();
    RecordedRequest master = server.takeRequest();
    assertThat(master.getUrl().encodedPath()).isEqualTo("/master/v1/status");
    assertThat(form(master)).isEqualTo("task_tokens=a%2Cb");
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/status");
  }

  @Test
  void aJobThatMovedToAnotherMasterIsReadWhereTheMainHostSaysItIsNow() throws Exception {
    String moved = server.url("/master-2/v1/status").toString();
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(
        json(
            "{\"error\":0,\"statuses\":{\"a\":{\"status\":\"saving\",\"status_url\":\""
                + moved
                + "\"}}}"));
    server.enqueue(
        json(
            "{\"error\":0,\"statuses\":{\"a\":{\"status\":\"saving\",\"status_url\":\""
                + moved
                + "\",\"videos\":[{\"user_tag\":\"720\"}]}}}"));

    JobStatus status =
        client.status(server.url("/master-1/v1/status").toString(), List.of("a")).get("a");

    assertThat(status.videos()).extracting(OutputItem::userTag).containsExactly("720");
    assertThat(status.statusUrl()).isEqualTo(moved);
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/master-1/v1/status");
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/status");
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/master-2/v1/status");
  }

  @Test
  void aMasterThatFailsInAnyWayIsLeftForTheMainHost() throws Exception {
    List<MockResponse> staleAnswers =
        List.of(
            json(404, "{}"),
            json(410, "{\"message\":\"gone\"}"),
            json(200, "{}"),
            json(200, "{\"error\":0,\"statuses\":{}}"),
            json(200, "{\"error\":21,\"message\":\"out of range\"}"),
            new MockResponse.Builder().code(200).body("<html>not here</html>").build());
    for (MockResponse stale : staleAnswers) {
      server.enqueue(stale);
      server.enqueue(
          json("{\"error\":0,\"statuses\":{\"a\":{\"status\":\"encoding\",\"percent\":40}}}"));

      var statuses = client.status(server.url("/master/v1/status").toString(), List.of("a"));

      assertThat(statuses.get("a")).as(stale.toString()).isNotNull();
      assertThat(statuses.get("a").progress()).isEqualTo("encoding 40%");
      assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/master/v1/status");
      assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/status");
    }
  }

  @Test
  void anAnswerOutsideTwoHundredsWithoutAnErrorCodeIsARejectionNotASuccess() {
    server.enqueue(json(404, "{}"));
    server.enqueue(json(400, "{\"message\":\"bad request\"}"));

    for (int status : new int[] {404, 400}) {
      assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4Query(), null)))
          .isInstanceOfSatisfying(
              ApiException.Rejected.class,
              e -> {
                assertThat(e.code()).isEqualTo("HTTP_" + status);
                assertThat(e.details()).containsEntry("httpStatus", status);
              });
    }
  }

  @Test
  void anErrorCodeIsReadWhateverTheHttpStatus() {
    server.enqueue(json(400, "{\"error\":14,\"message\":\"task_token is required\"}"));

    assertThatThrownBy(() -> client.startEncode2(new StartEncode2("task", mp4Query(), null)))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            e -> assertThat(e.code()).isEqualTo("ERROR_FIELD_REQUIRED"));
  }

  @Test
  void serverErrorsAndCutConnectionsAreTransient() {
    server.enqueue(new MockResponse.Builder().code(502).build());
    assertThatThrownBy(() -> client.status(null, List.of("a")))
        .isInstanceOf(ApiException.Transient.class);

    server.close();
    assertThatThrownBy(() -> client.status(null, List.of("a")))
        .isInstanceOfSatisfying(
            ApiException.Transient.class, e -> assertThat(e.code()).isEqualTo("TRANSPORT"));
  }

  @Test
  void errorsOutsideTheDocumentedTableAreRetriedLikeInternalErrors() {
    server.enqueue(json("{\"error\":99}"));
    assertThatThrownBy(() -> client.status(null, List.of("a")))
        .isInstanceOf(ApiException.Transient.class);
  }

  @Test
  void uploadsGoToUploadUrlSlashTaskTokenAndABareHostGetsTheServicePath(@TempDir Path folder)
      throws Exception {
    Path file = Files.write(folder.resolve("clip.mp4"), new byte[] {1, 2, 3});
    // the service's answer: the whole TUS endpoint
    assertThat(uploadPaths(file, server.url("/files/v1/upload_file").toString()))
        .containsExactly(
            "/files/v1/upload_file/task-1",
            "/files/v1/upload_file/task-1",
            "/files/v1/upload_file/task-1/f1");
    // a bare upload host: the client adds the endpoint's path
    assertThat(uploadPaths(file, server.url("/").toString()))
        .containsExactly(
            "/v1/upload_file/task-1", "/v1/upload_file/task-1", "/v1/upload_file/task-1/f1");
  }

  /** The paths of OPTIONS, POST and PATCH of one upload of {@code file} to {@code uploadUrl}. */
  private List<String> uploadPaths(Path file, String uploadUrl) throws Exception {
    String endpoint = okhttp3.HttpUrl.get(uploadUrl).encodedPath().replaceAll("/?$", "");
    String base = endpoint.endsWith("/v1/upload_file") ? endpoint : endpoint + "/v1/upload_file";
    server.enqueue(new MockResponse.Builder().code(204).addHeader("Tus-Version", "1.0.0").build());
    server.enqueue(
        new MockResponse.Builder().code(201).addHeader("Location", base + "/task-1/f1").build());
    server.enqueue(new MockResponse.Builder().code(204).addHeader("Upload-Offset", "3").build());

    assertThat(client.uploadFile(new Task("task-1", uploadUrl), file)).isEqualTo("tus:f1");

    var paths = new java.util.ArrayList<String>();
    for (int i = 0; i < 3; i++) {
      paths.add(server.takeRequest().getUrl().encodedPath());
    }
    return paths;
  }

  @Test
  void aJobStatusReadsMetaSentAsAJsonString() {
    server.enqueue(
        json(
            "{\"error\":0,\"statuses\":{\"a\":{\"status\":\"completed\",\"videos\":[{\"meta\":\"{\\\"width\\\":1280,\\\"height\\\":720}\",\"url\":\"s3://b/v.mp4\"}]}}}"));

    var video = client.status(null, List.of("a")).get("a").videos().getFirst();

    assertThat(video.meta()).isEqualTo(java.util.Map.of("width", 1280, "height", 720));
  }

  private TranscodingClient clientWithRenewal(Duration renewBefore) {
    var properties =
        new TranscodingProperties(
            true,
            server.url("/base").toString(),
            API_KEY,
            2_000_000,
            renewBefore,
            Duration.ofSeconds(5),
            null,
            ",",
            ",");
    return new TranscodingClient(properties, new OkHttpClient(), Clock.systemUTC());
  }

  private static Query mp4Query() {
    return Query.of("https://example.com/in.mp4", List.of(Format.of("mp4")));
  }

  private static MockResponse json(String body) {
    return json(200, body);
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }

  private static String form(RecordedRequest request) {
    return request.getBody() == null ? "" : request.getBody().utf8();
  }

  private static String expireIn(Duration duration) {
    return LocalDateTime.now(ZoneOffset.UTC)
        .plus(duration)
        .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
  }
}
