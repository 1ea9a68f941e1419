package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.callback.CallbackProperties;
import io.mediaflow.callback.DefaultCallbackProperties;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.MockTranscoding;
import io.mediaflow.transcoding.worker.TranscodingWorkersAccess;
import io.mediaflow.worker.DefaultWorkerProperties;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The job variable a start writes says whether the job was handed Mediaflow's callback, which is
 * what the checks of its wait are scheduled by: a job nothing calls back about is checked every
 * poll interval, whatever the application's callbacks.
 */
class StartedJobCallbackTest {

  private static final String STARTED =
      "{\"error\":0,\"status_url\":\"https://master-1/v1/status\"}";

  private final MockWebServer server = new MockWebServer();
  private final JobStates states = new JobStates(DefaultWorkerProperties.get());
  private final JobRunner runner = ActivatedJobs.runnerIn(JobScopes.NONE);

  @BeforeEach
  void start() throws Exception {
    server.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aCustomJobHandedMediaflowsCallbackSaysSo() throws Exception {
    server.enqueue(MockTranscoding.json(STARTED));

    assertThat(startedJob(callbacksOn(), "mediaflow.transcoding.start_encode2", customJob(null)))
        .containsEntry("callback", true);
    assertThat(server.takeRequest().getBody().utf8()).contains("callback_url");
  }

  @Test
  void aCustomJobStartedWithoutMediaflowsCallbackSaysSoThoughCallbacksAreOn() throws Exception {
    server.enqueue(MockTranscoding.json(STARTED));

    assertThat(startedJob(callbacksOn(), "mediaflow.transcoding.start_encode2", customJob(false)))
        .containsEntry("callback", false);
    assertThat(server.takeRequest().getBody().utf8()).doesNotContain("callback_url");
  }

  @Test
  void aCustomJobStartedWhileCallbacksAreOffHasNone() {
    server.enqueue(MockTranscoding.json(STARTED));

    assertThat(
            startedJob(
                DefaultCallbackProperties.off(),
                "mediaflow.transcoding.start_encode2",
                customJob(null)))
        .containsEntry("callback", false);
  }

  @Test
  void aJobWhoseStartLostItsAnswerSaysWhatThatStartWasHanded() {
    server.enqueue(
        MockTranscoding.json(
            "{\"error\":0,\"statuses\":{\"task\":{\"status\":\"queued\",\"status_url\":\"https://master-2/v1/status\"}}}"));
    ActivatedJob job = job("mediaflow.transcoding.start_encode2", customJob(null));
    job.getVariablesAsMap()
        .putAll(
            states.write(
                job, JobState.NONE.withSent(List.of()).withBusy(1, System.currentTimeMillis())));

    assertThat(transcodingJob(callbacksOn(), job))
        .containsEntry("status_url", "https://master-2/v1/status")
        .containsEntry("callback", true);
    assertThat(server.getRequestCount()).as("the lookup only").isEqualTo(1);
  }

  @Test
  void aPresetJobHasNoCallbackItsStartTakesNone() {
    server.enqueue(MockTranscoding.json(STARTED));

    assertThat(
            startedJob(
                callbacksOn(),
                "mediaflow.transcoding.start_encode",
                Map.of("uri", "https://example.com/in.mp4", "profiles", List.of("hls-ladder"))))
        .containsEntry("callback", false);
  }

  private static CallbackProperties callbacksOn() {
    return DefaultCallbackProperties.on("https://mediaflow.example", "callback-secret");
  }

  private static Map<String, Object> customJob(Boolean addCallback) {
    var variables = new HashMap<String, Object>();
    variables.put(
        "query",
        Map.of("source", "https://example.com/in.mp4", "format", List.of(Map.of("output", "mp4"))));
    if (addCallback != null) {
      variables.put("addCallback", addCallback);
    }
    return variables;
  }

  /** The transcodingJob variable a first start of this type writes. */
  private Map<String, Object> startedJob(
      CallbackProperties callbacks, String type, Map<String, Object> variables) {
    return transcodingJob(callbacks, job(type, variables));
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> transcodingJob(CallbackProperties callbacks, ActivatedJob job) {
    OperationHandler<?> handler =
        TranscodingWorkersAccess.handler(
            MockTranscoding.client(server),
            new CallbackUrls(callbacks, Clock.systemUTC()),
            job.getType());
    JobOutcome outcome = runner.outcome(job, handler);
    assertThat(outcome).isInstanceOf(JobOutcome.Complete.class);
    return (Map<String, Object>) ((JobOutcome.Complete) outcome).variables().get("transcodingJob");
  }

  private static ActivatedJob job(String type, Map<String, Object> inputs) {
    var variables = new HashMap<String, Object>(inputs);
    variables.put("taskToken", "task");
    return ActivatedJobs.of(type, "transcode", "StartJob", variables);
  }
}
