package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.MediaflowTest;
import io.mediaflow.SandboxAlone;
import io.mediaflow.api.ApiException;
import io.mediaflow.callback.CallbackProperties;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.transcoding.StartEncode;
import io.mediaflow.transcoding.StartEncode2;
import io.mediaflow.transcoding.Task;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.TranscodingProperties;
import io.mediaflow.transcoding.internal.JobResult;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.transcoding.query.Format;
import io.mediaflow.transcoding.query.Query;
import io.mediaflow.transcoding.worker.TranscodingWorkersAccess;
import io.mediaflow.worker.WorkerProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The transcoding workers against the sandbox with one of its variations on (docs/sandbox.md), each
 * a different plausible answer where document 3 is silent: each is tolerated, and the job ends with
 * what was asked for.
 */
class TranscodingVariationsTest {

  private ConfigurableApplicationContext sandbox;
  private String base;

  @AfterEach
  void stop() {
    if (sandbox != null) {
      sandbox.close();
    }
  }

  /**
   * The master host times out at the poll where the job completes: the main host's basic status
   * says completed without any output, and the wait goes on until the master gives the complete
   * one.
   */
  @Test
  void aMasterThatTimesOutAtCompletionDelaysTheEndButLosesNoRendition() {
    OperationHandlers workers = start(SandboxProfile.MASTER_TIMEOUT_AT_COMPLETION);
    TranscodingClient client = client();
    Task task = client.createTask();
    String statusUrl =
        client
            .startEncode2(
                new StartEncode2(
                    task.taskToken(), Query.of(sample(), List.of(Format.of("mp4"))), null))
            .statusUrl();

    var progress = new CopyOnWriteArrayList<String>();
    JobResult result = awaitDone(workers, task.taskToken(), statusUrl, progress);

    assertThat(progress).anyMatch(word -> word.contains("basic status"));
    assertThat(result.status()).isEqualTo("completed");
    assertThat(result.renditions()).hasSize(1);
    assertThat(result.renditions().getFirst().url()).isNotBlank();
  }

  /**
   * Status words outside the five documented states: the wait reads them as progress, and a start
   * whose answer was lost, looked up while the job runs under such a word, is sent again, and after
   * its refusal as already used (error 16) the task, looked up once more and listed, is the job it
   * set going.
   */
  @Test
  void statusWordsOutsideTheFiveAreProgressAndALostStartStillTracksItsJob() {
    OperationHandlers workers = start(SandboxProfile.STATUS_WORDS_OUTSIDE_FIVE);
    TranscodingClient client = client();
    Task task = client.createTask();
    // The earlier attempt, whose answer was lost: the job runs.
    client.startEncode2(
        new StartEncode2(task.taskToken(), Query.of(sample(), List.of(Format.of("mp4"))), null));

    JobOutcome retried = runner().outcome(retriedStart(task.taskToken()), handler(workers, START));

    assertThat(retried).isInstanceOf(JobOutcome.Complete.class);
    @SuppressWarnings("unchecked")
    var job =
        (Map<String, Object>) ((JobOutcome.Complete) retried).variables().get("transcodingJob");
    assertThat(job).containsEntry("task_token", task.taskToken());
    JobResult result =
        awaitDone(
            workers,
            task.taskToken(),
            (String) job.get("status_url"),
            new CopyOnWriteArrayList<>());
    assertThat(result.renditions()).hasSize(1);
  }

  /**
   * A service that expects several profile ids separated by spaces: with the plugin's comma the
   * start is refused, naming the field (error 11, a BPMN error the process routes, never a job with
   * fewer outputs); with {@code mediaflow.transcoding.profiles-separator} set to a space it runs,
   * without a release.
   */
  @Test
  void profilesSeparatedBySpacesAreRefusedLoudlyUntilTheSeparatorIsConfigured() {
    start(SandboxProfile.PROFILES_SEPARATED_BY_SPACES);
    TranscodingClient commas = client(",");
    assertThatThrownBy(() -> commas.startEncode(job(commas.createTask().taskToken())))
        .isInstanceOfSatisfying(
            ApiException.Rejected.class,
            refused -> {
              assertThat(refused.code()).isEqualTo("ERROR_BAD_PROFILE");
              assertThat(refused.getMessage()).contains("profiles");
            });

    TranscodingClient spaces = client(" ");
    assertThat(spaces.startEncode(job(spaces.createTask().taskToken())).statusUrl()).isNotBlank();
  }

  /** A preset job of two profiles, which the separator joins. */
  private StartEncode job(String taskToken) {
    return new StartEncode(
        taskToken, sample(), null, List.of("mp4-720p", "thumbnail"), null, null, null);
  }

  private static final String START = "mediaflow.transcoding.start_encode2";

  private OperationHandlers start(String variation) {
    int port = MediaflowTest.freePort();
    sandbox = SandboxAlone.start(port, SandboxProfile.VARIATIONS + "=" + variation);
    base = "http://localhost:" + port + "/sandbox";
    var callbacks =
        new CallbackUrls(
            new CallbackProperties(
                false,
                null,
                "",
                Duration.ofDays(7),
                Duration.ofHours(1),
                Duration.ofMinutes(1),
                Duration.ofMinutes(15)),
            Clock.systemUTC());
    return TranscodingWorkersAccess.workers(client(), callbacks, new LocalSources(null));
  }

  private TranscodingClient client() {
    return client(",");
  }

  private TranscodingClient client(String profilesSeparator) {
    return new TranscodingClient(
        new TranscodingProperties(
            true,
            base + "/transcoding",
            "sandbox-api-key",
            2_000_000,
            Duration.ofMinutes(5),
            Duration.ofSeconds(30),
            null,
            ",",
            profilesSeparator),
        new OkHttpClient(),
        Clock.systemUTC());
  }

  private String sample() {
    return base + "/samples/bars.mp4";
  }

  /** wait_for_job's checks, as its worker makes them, until one is done. */
  private JobResult awaitDone(
      OperationHandlers workers, String taskToken, String statusUrl, List<String> progress) {
    var wait = handler(workers, "mediaflow.transcoding.wait_for_job");
    var next = new AtomicReference<>(statusUrl);
    var done = new AtomicReference<JobResult>();
    await()
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              // A start found again through error 16 has no status_url of its own: the wait
              // asks the main host until a status names one.
              var variables =
                  new HashMap<String, Object>(Map.of("taskToken", taskToken, "timeout", "PT1H"));
              Optional.ofNullable(next.get()).ifPresent(url -> variables.put("statusUrl", url));
              Poll<?> poll = check(wait, variables);
              if (poll instanceof Poll.Pending<?> pending) {
                progress.add(pending.progress());
                Optional.ofNullable((String) pending.keep().get("statusUrl")).ifPresent(next::set);
                return false;
              }
              done.set((JobResult) ((Poll.Done<?>) poll).result());
              return true;
            });
    return done.get();
  }

  /** The input read as the worker reads it: the records are the workers' own. */
  private static <I> Poll<?> check(OperationHandler<I> handler, Map<String, Object> variables) {
    return handler
        .check()
        .apply(
            new InputReader(name -> Optional.empty()).read(variables, handler.inputType()), null);
  }

  private static OperationHandler<?> handler(OperationHandlers workers, String type) {
    return workers.handlers().stream()
        .filter(handler -> handler.type().equals(type))
        .findFirst()
        .orElseThrow();
  }

  private static final WorkerProperties WORKER =
      new WorkerProperties(
          Duration.ofSeconds(1),
          Duration.ofMinutes(1),
          Duration.ofMillis(500),
          Duration.ofSeconds(30),
          Duration.ofHours(6),
          Duration.ofHours(1),
          "test-state-secret");

  private static JobRunner runner() {
    return new JobRunner(
        mock(CamundaClient.class, org.mockito.Mockito.RETURNS_DEEP_STUBS),
        new InputReader(name -> Optional.empty()),
        new JobStates(WORKER),
        WORKER);
  }

  /** A start_encode2 job whose earlier attempt was sent and lost its answer. */
  private ActivatedJob retriedStart(String taskToken) {
    ActivatedJob job = mock(ActivatedJob.class);
    var variables =
        new HashMap<String, Object>(
            Map.of(
                "taskToken",
                taskToken,
                "query",
                Map.of("source", sample(), "format", List.of(Map.of("output", "mp4")))));
    when(job.getType()).thenReturn(START);
    when(job.getKey()).thenReturn(1L);
    when(job.getElementInstanceKey()).thenReturn(2251799813685302L);
    when(job.getProcessInstanceKey()).thenReturn(2251799813685301L);
    when(job.getRetries()).thenReturn(3);
    when(job.getVariablesAsMap()).thenReturn(variables);
    when(job.getCustomHeaders()).thenReturn(Map.of());
    variables.putAll(new JobStates(WORKER).write(job, JobState.NONE.withSent(List.of())));
    return job;
  }
}
