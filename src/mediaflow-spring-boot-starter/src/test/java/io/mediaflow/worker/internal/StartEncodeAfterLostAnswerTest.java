package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.callback.DefaultCallbackProperties;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.MockTranscoding;
import io.mediaflow.transcoding.worker.TranscodingWorkersAccess;
import io.mediaflow.worker.DefaultWorkerProperties;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code start_encode2} retried after a busy or lost answer: the worker first asks {@code
 * /v1/status} whether the earlier start took effect. Document 3 does not say what the service
 * answers about a task never started, so every plausible answer must lead to the start being sent,
 * and the lookup's own faults must not spend the retries.
 */
class StartEncodeAfterLostAnswerTest {

  private static final String TYPE = "mediaflow.transcoding.start_encode2";

  private final MockWebServer server = new MockWebServer();
  private final JobStates states = new JobStates(DefaultWorkerProperties.get());
  private final JobRunner runner = ActivatedJobs.runnerIn(JobScopes.NONE);
  private OperationHandler<?> startEncode2;

  @BeforeEach
  void start() throws Exception {
    server.start();
    var client = MockTranscoding.client(server);
    var callbacks = new CallbackUrls(DefaultCallbackProperties.off(), Clock.systemUTC());
    startEncode2 = TranscodingWorkersAccess.handler(client, callbacks, TYPE);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void everyPlausibleAnswerAboutAnUnstartedTaskLeadsToTheStart() throws Exception {
    List<MockResponse> unstarted =
        List.of(
            json(200, "{\"error\":21,\"message\":\"a token array element is out of range\"}"),
            json(200, "{\"error\":13,\"message\":\"task_tokens failed validation\"}"),
            json(200, "{\"error\":0,\"statuses\":{}}"),
            json(200, "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"created\"}}}"),
            json(200, "{\"error\":0,\"statuses\":{\"task\":{}}}"),
            json(404, "{}"));
    for (MockResponse answer : unstarted) {
      server.enqueue(answer);
      server.enqueue(json(200, "{\"error\":0,\"status_url\":\"https://master-1/v1/status\"}"));

      JobOutcome outcome = runner.outcome(retriedJob(), startEncode2);

      assertThat(outcome)
          .as(answer.toString())
          .isEqualTo(
              new JobOutcome.Complete(
                  Map.of(
                      "transcodingJob",
                      Map.of(
                          "task_token",
                          "task",
                          "status_url",
                          "https://master-1/v1/status",
                          "callback",
                          false))));
      assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/status");
      assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/start_encode2");
    }
  }

  @Test
  void aRepeatedStartRefusedAsAlreadyUsedTracksTheJobTheServiceListsForItsTask() throws Exception {
    // A status word outside the documented five proves nothing either way: the start decides, and
    // its refusal has the task looked up once more, which lists it.
    server.enqueue(json(200, "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"processing\"}}}"));
    server.enqueue(json(200, "{\"error\":16,\"message\":\"token already used\"}"));
    server.enqueue(
        json(
            200,
            "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"processing\",\"status_url\":\"https://master-3/v1/status\"}}}"));

    JobOutcome outcome = runner.outcome(retriedJob(), startEncode2);

    assertThat(outcome)
        .isEqualTo(
            new JobOutcome.Complete(
                Map.of(
                    "transcodingJob",
                    Map.of(
                        "task_token",
                        "task",
                        "status_url",
                        "https://master-3/v1/status",
                        "callback",
                        false))));
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/status");
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/start_encode2");
    assertThat(server.takeRequest().getUrl().encodedPath()).isEqualTo("/base/v1/status");
  }

  /**
   * A start refused as busy may have spent its token (document 3 does not say it leaves it unused):
   * the repeat is refused as already used, and when the service lists no job for the task there is
   * nothing to track. An incident says so, naming the task, instead of an instance checking a job
   * that does not exist; no start is sent again.
   */
  @Test
  void aRepeatedStartRefusedAsAlreadyUsedWhoseTaskHasNoJobIsAnIncidentNamingTheTask() {
    List<MockResponse> noJob =
        List.of(
            json(200, "{\"error\":21,\"message\":\"a token array element is out of range\"}"),
            json(200, "{\"error\":0,\"statuses\":{}}"));
    for (MockResponse answer : noJob) {
      int before = server.getRequestCount();
      server.enqueue(answer);
      server.enqueue(json(200, "{\"error\":16,\"message\":\"token already used\"}"));
      server.enqueue(answer);

      JobOutcome outcome = runner.outcome(retriedJob(), startEncode2);

      assertThat(outcome)
          .as(answer.toString())
          .isInstanceOfSatisfying(
              JobOutcome.Fail.class,
              fail -> {
                assertThat(fail.retries()).as("an incident").isZero();
                assertThat(fail.message())
                    .contains("Task task", "already used", "no job is known", "[NO_JOB_FOR_TASK]");
              });
      assertThat(server.getRequestCount() - before).as("lookup, start, lookup").isEqualTo(3);
    }
  }

  @Test
  void aFirstStartRefusedAsAlreadyUsedIsARejection() {
    server.enqueue(json(200, "{\"error\":16,\"message\":\"token already used\"}"));

    assertThat(runner.outcome(firstJob(), startEncode2))
        .isInstanceOfSatisfying(
            JobOutcome.Throw.class,
            thrown -> assertThat(thrown.code()).isEqualTo("ERROR_TOKEN_ALREADY_USED"));
  }

  @Test
  void aJobTheEarlierStartSetGoingIsTheResultAndNoSecondStartIsSent() {
    server.enqueue(
        json(
            200,
            "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"queued\",\"status_url\":\"https://master-2/v1/status\"}}}"));

    assertThat(runner.outcome(retriedJob(), startEncode2))
        .isEqualTo(
            new JobOutcome.Complete(
                Map.of(
                    "transcodingJob",
                    Map.of(
                        "task_token",
                        "task",
                        "status_url",
                        "https://master-2/v1/status",
                        "callback",
                        false))));
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void aLookupThatFailsInPassingWaitsLikeABusyServiceAndKeepsTheStartsRetries() {
    server.enqueue(new MockResponse.Builder().code(503).build());

    assertThat(runner.outcome(retriedJob(), startEncode2))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail -> {
              assertThat(fail.retries()).as("retries unchanged").isEqualTo(3);
              assertThat(fail.message()).startsWith("Waiting, the service is busy");
            });
    assertThat(server.getRequestCount())
        .as("no start while it is unknown whether the first took effect")
        .isEqualTo(1);
  }

  /**
   * A job of start_encode2 whose earlier attempt was sent (its mark written before the call, as
   * every create's is) and met a busy service or lost its answer.
   */
  private ActivatedJob retriedJob() {
    ActivatedJob job = firstJob();
    job.getVariablesAsMap()
        .putAll(
            states.write(
                job, JobState.NONE.withSent(List.of()).withBusy(1, System.currentTimeMillis())));
    return job;
  }

  /** A job of start_encode2 handed out for the first time. */
  private ActivatedJob firstJob() {
    return ActivatedJobs.of(
        TYPE,
        "transcode",
        "StartJob",
        Map.of(
            "taskToken",
            "task",
            "query",
            Map.of(
                "source",
                "https://example.com/in.mp4",
                "format",
                List.of(Map.of("output", "mp4")))));
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }
}
