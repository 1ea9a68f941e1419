package io.mediaflow.live.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientException;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.search.enums.ProcessInstanceState;
import io.camunda.client.api.search.response.ProcessInstance;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.LiveProperties;
import io.mediaflow.live.SweepProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the sweep stops, judged from the engine's answers: only streams whose signed creating
 * instance the engine says has ended, or has not known for longer than the grace.
 */
class EndedInstanceStreamsTest {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  private static final String SECRET = "shared-state-secret";

  private final MockWebServer service = new MockWebServer();
  private final List<String> stops = new CopyOnWriteArrayList<>();
  private final List<String> streams = new ArrayList<>();
  private final CamundaClient camunda = mock(CamundaClient.class, RETURNS_DEEP_STUBS);
  private final CreatingInstances creators =
      new CreatingInstances(SECRET, Clock.fixed(NOW.minusSeconds(60), ZoneOffset.UTC));
  private EndedInstanceStreams sweep;

  @BeforeEach
  void start() throws Exception {
    service.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            String path = request.getUrl().encodedPath();
            if (path.contains("/access_token/")) {
              return json("{\"access_token\":\"t\"}");
            }
            if (path.endsWith("/stop")) {
              stops.add(path.split("/")[3]);
              return json("{\"stream\":{\"id\":\"x\",\"status\":{\"name\":\"stopping\"}}}");
            }
            return json("{\"streams\":[" + String.join(",", streams) + "]}");
          }
        });
    service.start();
    var live =
        new LiveClient(
            new LiveProperties(
                true,
                service.url("/").toString(),
                "key",
                Duration.ofHours(1),
                Duration.ofSeconds(5),
                "https://s3.amazonaws.com",
                "us-east-1",
                "https://{domain}/{path}",
                java.time.ZoneOffset.UTC),
            new OkHttpClient(),
            Clock.systemUTC());
    sweep =
        new EndedInstanceStreams(
            live,
            camunda,
            creators,
            new SweepProperties(true, Duration.ofSeconds(10), Duration.ofMinutes(5)),
            Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterEach
  void stop() {
    service.close();
  }

  @Test
  void aStreamIsStoppedOnlyWhenItsInstanceHasEnded() {
    engineSays(1, ProcessInstanceState.ACTIVE);
    engineSays(2, ProcessInstanceState.TERMINATED);
    engineSays(3, ProcessInstanceState.COMPLETED);
    stream("active", "live", creators.mark("https://app/callbacks/live", 1));
    stream("cancelled", "waiting", creators.mark("https://app/callbacks/live", 2));
    stream("completed", "idle", creators.mark("https://app/callbacks/live", 3));

    assertThat(sweep.sweep()).containsExactlyInAnyOrder("cancelled", "completed");
    assertThat(stops).containsExactlyInAnyOrder("cancelled", "completed");
  }

  @Test
  void streamsThatHoldNoTranscoderOrNameNoSignedInstanceAreLeft() {
    engineSays(2, ProcessInstanceState.TERMINATED);
    String signed = creators.mark("https://app/callbacks/live", 2);
    stream("created", "created", signed);
    stream("stopped", "stopped", signed);
    stream("forged", "live", signed.replace("mediaflow_instance=2-", "mediaflow_instance=7-"));
    stream(
        "other secret",
        "live",
        new CreatingInstances("another application", Clock.systemUTC())
            .mark("https://app/callbacks/live", 2));
    stream("no mark", "live", "https://app/callbacks/live");

    assertThat(sweep.sweep()).isEmpty();
    assertThat(stops).isEmpty();
  }

  @Test
  void anInstanceTheEngineDoesNotKnowEndedOnlyOnceTheGraceHasPassed() {
    when(camunda.newProcessInstanceGetRequest(4L).send().join())
        .thenThrow(new ProblemException(404, "not found", null));
    stream("just created", "waiting", creators.mark("https://app/callbacks/live", 4));
    var longAgo = new CreatingInstances(SECRET, Clock.fixed(NOW.minusSeconds(600), ZoneOffset.UTC));
    stream("long ago", "waiting", longAgo.mark("https://app/callbacks/live", 4));

    assertThat(sweep.sweep()).containsExactly("long-ago");
  }

  @Test
  void whileTheEngineDoesNotAnswerNothingIsStopped() {
    when(camunda.newProcessInstanceGetRequest(5L).send().join())
        .thenThrow(new ProblemException(503, "unavailable", null));
    when(camunda.newProcessInstanceGetRequest(6L).send().join())
        .thenThrow(new ClientException("connection refused"));
    var longAgo = new CreatingInstances(SECRET, Clock.fixed(NOW.minusSeconds(600), ZoneOffset.UTC));
    stream("engine failing", "live", longAgo.mark("https://app/callbacks/live", 5));
    stream("engine unreachable", "live", longAgo.mark("https://app/callbacks/live", 6));

    assertThat(sweep.sweep()).isEmpty();
    assertThat(stops).isEmpty();
  }

  private void engineSays(long key, ProcessInstanceState state) {
    ProcessInstance instance = mock(ProcessInstance.class);
    when(instance.getState()).thenReturn(state);
    when(camunda.newProcessInstanceGetRequest(key).send().join()).thenReturn(instance);
  }

  private void stream(String id, String status, String callbackUrl) {
    streams.add(
        "{\"id\":\""
            + id.replace(" ", "-")
            + "\",\"status\":{\"name\":\""
            + status
            + "\"},\"params\":{\"callback_url\":\""
            + callbackUrl
            + "\"}}");
  }

  private static MockResponse json(String body) {
    return new MockResponse.Builder()
        .code(200)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }
}
