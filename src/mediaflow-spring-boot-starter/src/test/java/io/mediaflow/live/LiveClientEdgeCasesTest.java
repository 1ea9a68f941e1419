package io.mediaflow.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Answers the sandbox does not give on its own: token renewal, refusals of the key, answer shapes.
 */
class LiveClientEdgeCasesTest {

  private static final String API_KEY = "live-project-key-that-must-stay-secret";
  private static final String STREAM =
      "{\"stream\":{\"id\":\"s1\",\"stream_key\":\"k\",\"status\":{\"name\":\"created\",\"timestamp\":\"2026-01-02 03:04:05\"}}}";

  private final MockWebServer server = new MockWebServer();
  private final MovableClock clock = new MovableClock();
  private LiveClient client;

  @BeforeEach
  void start() throws Exception {
    server.start();
    var properties =
        new LiveProperties(
            true,
            server.url("/live").toString(),
            API_KEY,
            Duration.ofHours(1),
            Duration.ofSeconds(5),
            "https://s3.amazonaws.com",
            "us-east-1",
            "https://{domain}/{path}",
            java.time.ZoneOffset.UTC);
    client = new LiveClient(properties, new OkHttpClient(), clock);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void theAccessTokenIsFetchedOnceAndSentAsABearer() throws Exception {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json(STREAM));
    server.enqueue(json(STREAM));

    client.getStream(new GetStream("s1"));
    client.startStream(new StartStream("s1"));

    RecordedRequest token = server.takeRequest();
    assertThat(token.getMethod()).isEqualTo("POST");
    assertThat(token.getUrl().encodedPath()).isEqualTo("/live/v1/access_token/" + API_KEY);
    RecordedRequest get = server.takeRequest();
    assertThat(get.getUrl().encodedPath()).isEqualTo("/live/v1/live-streams/s1");
    assertThat(get.getHeaders().get("Authorization")).isEqualTo("Bearer t1");
    RecordedRequest start = server.takeRequest();
    assertThat(start.getMethod() + " " + start.getUrl().encodedPath())
        .isEqualTo("POST /live/v1/live-streams/s1/start");
    assertThat(start.getHeaders().get("Authorization")).isEqualTo("Bearer t1");
  }

  @Test
  void theTokenIsRenewedBeforeItsTwentyFourHoursRunOut() throws Exception {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json(STREAM));
    server.enqueue(json(STREAM));
    server.enqueue(json("{\"access_token\":\"t2\"}"));
    server.enqueue(json(STREAM));

    client.getStream(new GetStream("s1"));
    clock.advance(Duration.ofHours(22));
    client.getStream(new GetStream("s1"));
    clock.advance(Duration.ofMinutes(90));
    client.getStream(new GetStream("s1"));

    assertThat(server.getRequestCount()).isEqualTo(5);
    server.takeRequest();
    server.takeRequest();
    assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer t1");
    assertThat(server.takeRequest().getUrl().encodedPath()).startsWith("/live/v1/access_token/");
    assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer t2");
  }

  @Test
  void aRefusedTokenIsReplacedOnceAndTheCallRepeated() throws Exception {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(
        new MockResponse.Builder()
            .code(401)
            .body("{\"status\":\"failed\",\"error\":\"expired\"}")
            .build());
    server.enqueue(json("{\"access_token\":\"t2\"}"));
    server.enqueue(json(STREAM));

    assertThat(client.getStream(new GetStream("s1")).id()).isEqualTo("s1");
    server.takeRequest();
    server.takeRequest();
    server.takeRequest();
    assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer t2");
  }

  @Test
  void anUnknownApiKeyNeedsAnOperatorAndIsNeverNamed() {
    server.enqueue(
        new MockResponse.Builder()
            .code(401)
            .body("{\"status\":\"failed\",\"error\":\"api_key: unknown\"}")
            .build());

    assertThatThrownBy(() -> client.getStream(new GetStream("s1")))
        .isInstanceOfSatisfying(
            ApiException.Misconfigured.class, e -> assertThat(e.code()).isEqualTo("BAD_API_KEY"))
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(API_KEY));
  }

  @Test
  void statusFailedInASuccessfulAnswerIsARejection() {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json("{\"status\":\"failed\",\"error\":\"playback ID in use\"}"));

    assertThatThrownBy(() -> client.deletePlaybackId(new DeletePlaybackId("s1", "p1")))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class, e -> assertThat(e.code()).isEqualTo("FAILED"))
        .hasMessageContaining("playback ID in use");
  }

  @Test
  void anAnswerWithoutTheStreamIsWorthRetrying() {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json("{\"status\":\"ok\"}"));

    assertThatThrownBy(() -> client.stopStream(new StopStream("s1")))
        .isInstanceOfSatisfying(
            ApiException.Transient.class, e -> assertThat(e.code()).isEqualTo("BAD_ANSWER"));
  }

  @Test
  void aDeleteAnsweringStatusOkGivesTheStreamReadAgain() throws Exception {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json("{\"status\":\"ok\"}"));
    server.enqueue(json(STREAM));
    server.enqueue(json("{\"status\":\"ok\"}"));
    server.enqueue(json(STREAM));

    assertThat(client.deletePlaybackId(new DeletePlaybackId("s1", "p1")).id()).isEqualTo("s1");
    assertThat(client.deleteSimulcastTarget(new DeleteSimulcastTarget("s1", "t1")).id())
        .isEqualTo("s1");

    server.takeRequest();
    assertThat(server.takeRequest().getMethod()).isEqualTo("DELETE");
    RecordedRequest read = server.takeRequest();
    assertThat(read.getMethod() + " " + read.getUrl().encodedPath())
        .isEqualTo("GET /live/v1/live-streams/s1");
  }

  private static final NewStream RECORDED =
      new NewStream(
          "show",
          null,
          null,
          null,
          null,
          25.0,
          "https://example.com/hooks/live?mediaflow_marker=m",
          new Dvr(
              true,
              List.of(
                  new DvrDestination(
                      "s3://b/f",
                      "AKIAIOSFODNN7EXAMPLE",
                      "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                      null,
                      null)),
              null,
              null,
              null,
              null));

  @Test
  void aCreatedStreamThatShowsDvrOffNamesTheParamAndTheStream() {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(
        json(
            """
        {"stream": {"id": "s1", "params": {"framerate": 25, "callback_url": null,
          "dvr": {"enabled": 0, "destination": null}}}}"""));

    assertThatThrownBy(() -> client.createStream(RECORDED))
        .isInstanceOfSatisfying(
            ApiException.Misconfigured.class,
            e -> assertThat(e.code()).isEqualTo("PARAMS_NOT_TAKEN"))
        .hasMessageContaining("Live stream s1")
        .hasMessageContaining("params.dvr.enabled")
        .hasMessageContaining("params.dvr.destination")
        .hasMessageContaining("params.callback_url")
        .hasMessageNotContaining("framerate")
        .hasMessageNotContaining("example.com");
  }

  @Test
  void aCreatedStreamWithAnotherFrameRateNamesIt() {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json("{\"stream\": {\"id\": \"s1\", \"params\": {\"framerate\": 0}}}"));

    assertThatThrownBy(() -> client.createStream(RECORDED))
        .isInstanceOf(ApiException.Misconfigured.class)
        .hasMessageContaining("params.framerate (asked 25.0, shown 0)");
  }

  @Test
  void paramsTheAnswerLeavesOutAreNotShownRatherThanNotTaken() {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json("{\"stream\": {\"id\": \"s1\", \"params\": {\"mode\": \"auto\"}}}"));
    server.enqueue(
        json(
            """
        {"stream": {"id": "s2", "params": {"framerate": 25.0, "callback_url": "https://example.com/hooks/live?mediaflow_marker=m",
          "dvr": {"enabled": true, "destination": {"url": "s3://b/f"}}}}}"""));

    assertThat(client.createStream(RECORDED).id()).isEqualTo("s1");
    assertThat(client.createStream(RECORDED).id()).isEqualTo("s2");
  }

  @Test
  void dvrReadsEitherFormTheDocumentAllows() {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(
        json(
            """
        {"stream": {"id": "s1", "params": {"dvr": {"enabled": true, "format": "ts",
          "destination": {"url": "s3://b/f", "access_key": "AKIAIOSFODNN7EXAMPLE"}}}}}"""));

    Dvr dvr = client.getStream(new GetStream("s1")).params().dvr();

    assertThat(dvr.isOn()).isTrue();
    assertThat(dvr.format()).containsExactly("ts");
    assertThat(dvr.destination())
        .extracting(DvrDestination::accessKey)
        .containsExactly("AKIAIOSFODNN7EXAMPLE");
  }

  @Test
  void aCreateRequestSendsOnlyWhatIsSetWithTheApisNames() throws Exception {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json(STREAM));
    var destination =
        new DvrDestination(
            "s3://b/f",
            "AKIAIOSFODNN7EXAMPLE",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            null,
            "STANDARD");

    client.createStream(
        new NewStream(
            "show",
            null,
            null,
            300,
            "Live.Example.com",
            null,
            null,
            new Dvr(true, List.of(destination), null, null, List.of("hls"), null)));

    server.takeRequest();
    JsonNode body = ApiJson.MAPPER.readTree(server.takeRequest().getBody().utf8());
    assertThat(body.toString())
        .isEqualTo(
            "{\"name\":\"show\",\"stream_timeout\":300,\"playback_domain\":\"Live.Example.com\","
                + "\"dvr\":{\"enabled\":1,\"destination\":[{\"url\":\"s3://b/f\",\"access_key\":\"AKIAIOSFODNN7EXAMPLE\","
                + "\"secret_key\":\"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\",\"storage_class\":\"STANDARD\"}],\"format\":[\"hls\"]}}");
    assertThat(destination.toString()).doesNotContain("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI");
  }

  @Test
  void listFiltersTravelAsQueryParameters() throws Exception {
    server.enqueue(json("{\"access_token\":\"t1\"}"));
    server.enqueue(json("{\"streams\":[{\"id\":\"a\"},{\"id\":\"b\"}]}"));

    var streams =
        client.listStreams(
            StreamFilter.all()
                .and("status.name", "live")
                .andNull("playback_domain")
                .andNotNull("params.dvr.destination"));

    assertThat(streams).extracting(Stream::id).containsExactly("a", "b");
    server.takeRequest();
    assertThat(server.takeRequest().getUrl().encodedQuery())
        .isEqualTo("status.name=live&playback_domain=null&params.dvr.destination=notnull");
  }

  private static MockResponse json(String body) {
    return new MockResponse.Builder()
        .code(200)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }

  /** A clock the test moves forward, to reach a token's renewal time. */
  private static final class MovableClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
