package io.mediaflow.transcoding.worker;

import static io.mediaflow.transcoding.MockTranscoding.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import io.mediaflow.api.ApiJson;
import io.mediaflow.callback.DefaultCallbackProperties;
import io.mediaflow.callback.internal.SafetyPoll;
import io.mediaflow.transcoding.MockTranscoding;
import io.mediaflow.transcoding.TranscodingClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A check hands its wait's timer the pause before the next check, from whether its job was started
 * with Mediaflow's callback and when the wait's first check was, both of which the process keeps:
 * no replica remembers anything of the wait.
 */
class CheckJobScheduleTest {

  private static final Instant FIRST_CHECK = Instant.parse("2026-03-01T10:00:00Z");
  private static final String ENCODING =
      "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"encoding\",\"percent\":40,\"error\":0,"
          + "\"status_url\":\"%s\"}}}";

  private final MockWebServer server = new MockWebServer();
  private TranscodingClient client;
  private String statusUrl;

  @BeforeEach
  void start() throws Exception {
    server.start();
    statusUrl = server.url("/master-1/v1/status").toString();
    client = MockTranscoding.client(server);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void theFirstCheckStartsTheWaitAndAsksForTheNextAfterThePollInterval() {
    server.enqueue(json(ENCODING.formatted(statusUrl)));

    Map<String, Object> result = check(schedule(true), true, null, FIRST_CHECK);

    assertThat(result)
        .containsEntry("status", "encoding")
        .containsEntry("statusUrl", statusUrl)
        .containsEntry("waitingSince", FIRST_CHECK.toString())
        .containsEntry("nextCheck", "PT1M");
  }

  @Test
  void aJobStartedWithACallbackIsCheckedLessOftenTheLongerItsWait() {
    server.enqueue(json(ENCODING.formatted(statusUrl)));
    server.enqueue(json(ENCODING.formatted(statusUrl)));

    assertThat(check(schedule(true), true, FIRST_CHECK, FIRST_CHECK.plus(Duration.ofMinutes(4))))
        .containsEntry("waitingSince", FIRST_CHECK.toString())
        .containsEntry("nextCheck", "PT12M");
    assertThat(check(schedule(true), true, FIRST_CHECK, FIRST_CHECK.plus(Duration.ofHours(3))))
        .containsEntry("nextCheck", "PT15M");
  }

  @Test
  void aJobStartedWithoutACallbackIsCheckedEveryPollIntervalThoughCallbacksAreOn() {
    server.enqueue(json(ENCODING.formatted(statusUrl)));
    server.enqueue(json(ENCODING.formatted(statusUrl)));

    assertThat(check(schedule(true), false, FIRST_CHECK, FIRST_CHECK.plus(Duration.ofMinutes(4))))
        .containsEntry("nextCheck", "PT1M");
    assertThat(check(schedule(true), false, FIRST_CHECK, FIRST_CHECK.plus(Duration.ofHours(3))))
        .containsEntry("nextCheck", "PT1M");
  }

  @Test
  void aJobVariableFromAnEarlierVersionIsCheckedAsTheApplicationsCallbacksSay() {
    server.enqueue(json(ENCODING.formatted(statusUrl)));
    server.enqueue(json(ENCODING.formatted(statusUrl)));

    assertThat(check(schedule(true), null, FIRST_CHECK, FIRST_CHECK.plus(Duration.ofHours(3))))
        .containsEntry("nextCheck", "PT15M");
    assertThat(check(schedule(false), null, FIRST_CHECK, FIRST_CHECK.plus(Duration.ofHours(3))))
        .containsEntry("nextCheck", "PT1M");
  }

  @Test
  void aJobTheServiceDoesNotListYetIsWaitedForOnTheSameSchedule() {
    // Neither its master host nor the main host lists it.
    server.enqueue(json("{\"error\":0,\"statuses\":{}}"));
    server.enqueue(json("{\"error\":0,\"statuses\":{}}"));

    assertThat(check(schedule(true), true, FIRST_CHECK, FIRST_CHECK.plus(Duration.ofMinutes(1))))
        .doesNotContainKey("status")
        .containsEntry("waitingSince", FIRST_CHECK.toString())
        .containsEntry("nextCheck", "PT3M");
  }

  private static SafetyPoll schedule(boolean callbacks) {
    return new SafetyPoll(
        callbacks
            ? DefaultCallbackProperties.on("https://mediaflow.example", "secret")
            : DefaultCallbackProperties.off());
  }

  /** One check's result as the process gets it. */
  private Map<String, Object> check(
      SafetyPoll schedule, Boolean callback, Instant waitingSince, Instant now) {
    return ApiJson.MAPPER.convertValue(
        CheckJobInput.checkJob(
            client, schedule, new CheckJobInput("task", statusUrl, waitingSince, callback), now),
        new TypeReference<>() {});
  }
}
