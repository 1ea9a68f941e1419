package io.mediaflow.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.CommandsAtOnce;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: what the embedded default's durable engine costs and how fast it comes back, in one
 * run. The application runs as its users run it, a separate JVM ({@link EmbeddedDefaultProcess});
 * its current figures and command are in docs/performance.md.
 *
 * <ol>
 *   <li>Real flow ({@code benchmark.repeat} times): a batch of {@code transcode-with-approval}
 *       instances (a tiny source, a one-rung ladder, "Review renditions" approved over the task API
 *       as it opens): instances per second, the application's CPU per instance (its JVM's CPU time,
 *       which holds the sandbox but not its encoders, child processes), and its data folder per
 *       instance.
 *   <li>Recovery: {@code benchmark.instances} ended one-job instances, then {@code kill -9}: the
 *       time to ready again (goal 10 s) beside the start over an empty folder; a graceful stop's
 *       duration and the start after it; the data folder per ended instance.
 * </ol>
 *
 * <p>{@link #readyAfterKillWithInstancesInFlight} is the recovery with {@code benchmark.in-flight}
 * instances of {@code transcode-with-approval} waiting for their jobs at a {@link
 * StandInTranscoding} (no encode, no release): the time to ready after {@code kill -9} beside the
 * start over an empty folder, and that every instance still runs.
 *
 * <p>It prints figures and asserts nothing.
 *
 * <p>Run: {@code mvn -B -pl src/mediaflow-app -am test -Dtest=DurabilityBenchmark -DskipModelChecks
 * -Dsurefire.failIfNoSpecifiedTests=false -Dbenchmark.batch=200 -Dbenchmark.repeat=2
 * -Dbenchmark.instances=10000}; add {@code -Dmediaflow.test.packaged=true} after {@code mvn -B
 * package -DskipTests -DskipModelChecks} to run the application as the README's command does, with
 * its start-up cache.
 */
class DurabilityBenchmark {

  private static final int BATCH = Integer.getInteger("benchmark.batch", 200);
  private static final int REPEAT = Integer.getInteger("benchmark.repeat", 2);
  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 10_000);
  private static final int IN_FLIGHT = 64;
  private static final int WAITING = Integer.getInteger("benchmark.in-flight", 10_000);

  /**
   * The service tasks of {@code transcode-with-approval} before its wait: once none is active,
   * every instance waits for its job (at its event-based gateway, or in one of its checks).
   */
  private static final List<String> BEFORE_THE_WAIT = List.of("CreateTask", "StartJob");

  private static final String REAL = "transcode-with-approval";

  /** How often the approver looks for new tasks, as a task list refreshes its list. */
  private static final Duration TASK_LIST_REFRESH = Duration.ofMillis(200);

  @TempDir Path folders;

  /**
   * @param stateBytes the data folder without the sandbox's media files (the engine, the history,
   *     the sandbox's database): what an instance costs to keep
   * @param mediaBytes the sandbox's files: the renditions, kept as the service keeps its outputs
   */
  private record Batch(double seconds, double cpuSeconds, long stateBytes, long mediaBytes) {
    double perSecond() {
      return BATCH / seconds;
    }

    double cpuMsPerInstance() {
      return cpuSeconds * 1000 / BATCH;
    }
  }

  @Test
  void durableEngineAndRecovery() throws Exception {
    List<Batch> batches = new ArrayList<>();
    for (int i = 0; i < REPEAT; i++) {
      batches.add(realFlow(i));
    }
    if (!batches.isEmpty()) { // -Dbenchmark.repeat=0 measures the recovery alone
      printRealFlow(batches);
    }
    recovery();
  }

  /** One batch of the real flow on a fresh application, its engine in a data folder of its own. */
  private Batch realFlow(int run) throws Exception {
    Path data = Files.createDirectories(folders.resolve("durable-" + run));
    var application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    // Every instance's job may be started at once, as a real account's would be.
    Process app =
        application.start(
            "--mediaflow.sandbox.transcoding.max-queued-tasks=1000",
            "--mediaflow.sandbox.time-scale=0.1");
    try {
      Duration cpuBefore = cpu(app);
      long started = System.nanoTime();
      Set<Long> keys = new HashSet<>();
      for (int i = 0; i < BATCH; i++) {
        keys.add(
            application.startInstance(
                REAL,
                Map.of(
                    "source",
                    application.baseUrl() + "/sandbox/samples/bars.mp4",
                    "ladder",
                    List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p")))));
      }
      approveUntilCompleted(application, keys);
      double seconds = (System.nanoTime() - started) / 1e9;
      double cpuSeconds = cpu(app).minus(cpuBefore).toNanos() / 1e9;
      long media = size(data.resolve("sandbox").resolve("files"));
      return new Batch(seconds, cpuSeconds, size(data) - media, media);
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  private static void approveUntilCompleted(EmbeddedDefaultProcess application, Set<Long> keys) {
    Set<String> approved = new HashSet<>();
    Awaitility.await("a batch of " + keys.size())
        .atMost(Duration.ofMinutes(30))
        .pollInterval(TASK_LIST_REFRESH)
        .until(
            () -> {
              for (JsonNode task :
                  application.search(
                      "/v2/user-tasks/search",
                      Map.of("state", "CREATED", "processDefinitionId", REAL))) {
                if (approved.add(task.path("userTaskKey").asText())) {
                  application.completeUserTask(task, Map.of("approved", true));
                }
              }
              return application.completedOf(keys).size() == keys.size();
            });
  }

  /** The CPU time the application's JVM has used, its child processes (encoders) not included. */
  private static Duration cpu(Process app) {
    return app.toHandle().info().totalCpuDuration().orElseThrow();
  }

  private static void printRealFlow(List<Batch> batches) {
    System.out.printf(
        "%nDurability benchmark (%d cores): %s, batches of %d%n",
        Runtime.getRuntime().availableProcessors(), REAL, BATCH);
    System.out.printf(
        "%10s %16s %16s %16s%n", "inst/s", "app CPU ms/inst", "state KB/inst", "media KB/inst");
    for (Batch batch : batches) {
      System.out.printf(
          "%10.2f %16.0f %16.1f %16.1f%n",
          batch.perSecond(),
          batch.cpuMsPerInstance(),
          batch.stateBytes() / 1e3 / BATCH,
          batch.mediaBytes() / 1e3 / BATCH);
    }
  }

  private void recovery() throws Exception {
    Path data = Files.createDirectories(folders.resolve("recovery"));
    var application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    long started = System.nanoTime();
    Process app = application.start();
    double emptyReady = seconds(started);

    started = System.nanoTime();
    try (CamundaClient camunda = client(application)) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess("recovery")
                  .startEvent()
                  .serviceTask("Work", task -> task.zeebeJobType("recovery.work"))
                  .endEvent()
                  .done(),
              "recovery.bpmn")
          .send()
          .join();
      try (var worker =
          camunda
              .newWorker()
              .jobType("recovery.work")
              .handler((client, job) -> client.newCompleteCommand(job).send().join())
              .maxJobsActive(IN_FLIGHT)
              .open()) {
        CommandsAtOnce.send(
            INSTANCES,
            IN_FLIGHT,
            i ->
                camunda
                    .newCreateInstanceCommand()
                    .bpmnProcessId("recovery")
                    .latestVersion()
                    .withResult()
                    .send());
      }
    }
    double load = seconds(started);
    long bytes = size(data);

    app.destroyForcibly(); // kill -9: no snapshot since the start
    app.waitFor();
    started = System.nanoTime();
    app = application.start();
    double afterCrash = seconds(started);
    started = System.nanoTime();
    application.post("/v2/process-instances/search", "{\"page\": {\"limit\": 1}}");
    double historyAfterCrash = seconds(started);

    started = System.nanoTime();
    app.destroy(); // SIGTERM: a graceful stop, with a snapshot
    app.waitFor();
    double stop = seconds(started);
    started = System.nanoTime();
    app = application.start();
    double afterStop = seconds(started);
    app.destroy();
    app.waitFor();

    System.out.printf(
        "%nRecovery: %d ended instances (one job each) in %.1f s, %.1f inst/s%n",
        INSTANCES, load, INSTANCES / load);
    System.out.printf(
        "data folder: %.1f MB, %.1f KB per ended instance%n", bytes / 1e6, bytes / 1e3 / INSTANCES);
    printReady(emptyReady, afterCrash, "10 s");
    System.out.printf(
        "%-52s %8.1f %10s%n",
        "  then the first search (history: its store, then the log)", historyAfterCrash, "");
    System.out.printf(
        "%-52s %8.1f %10s%n", "graceful stop, SIGTERM to exit (goal <= 30 s)", stop, "");
    System.out.printf(
        "%-52s %8.1f %10.2f%n%n",
        "ready after the graceful stop (from its snapshot)", afterStop, afterStop / emptyReady);
  }

  @Test
  void readyAfterKillWithInstancesInFlight() throws Exception {
    Path data = Files.createDirectories(folders.resolve("in-flight"));
    var application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    try (var service = new StandInTranscoding(MediaflowTest.freePort())) {
      String standIn = "--mediaflow.transcoding.base-url=" + service.baseUrl();
      long started = System.nanoTime();
      Process app = application.start(standIn);
      double emptyReady = seconds(started);

      started = System.nanoTime();
      try (CamundaClient camunda = client(application)) {
        CommandsAtOnce.send(
            WAITING, IN_FLIGHT, i -> StandInTranscoding.instance(camunda, i).send());
      }
      Awaitility.await(WAITING + " instances waiting for their jobs")
          .atMost(Duration.ofMinutes(30))
          .pollInterval(Duration.ofSeconds(1))
          .until(() -> running(application) == WAITING && !beforeTheWait(application));
      double load = seconds(started);
      long bytes = size(data);
      long history = size(data.resolve("history").resolve("history.jsonl"));

      app.destroyForcibly(); // kill -9
      app.waitFor();
      started = System.nanoTime();
      app = application.start(standIn);
      double afterCrash = seconds(started);
      started = System.nanoTime();
      long stillRunning = running(application);
      double firstSearch = seconds(started);
      app.destroy();
      app.waitFor();

      System.out.printf(
          "%nIn flight: %d instances of %s waiting for their jobs after %.1f s; data folder %.1f"
              + " MB, the history's file %.1f MB of it%n",
          WAITING, REAL, load, bytes / 1e6, history / 1e6);
      printReady(emptyReady, afterCrash, "5 s");
      System.out.printf(
          "%-52s %8.1f %10s%n%n",
          "  then the search of those running (" + stillRunning + " found)", firstSearch, "");
    }
  }

  /** How many instances of {@link #REAL} run, as the REST API counts them (up to 10,000). */
  private static long running(EmbeddedDefaultProcess application)
      throws IOException, InterruptedException {
    return count(
        application,
        "/v2/process-instances/search",
        Map.of("processDefinitionId", REAL, "state", "ACTIVE"));
  }

  private static boolean beforeTheWait(EmbeddedDefaultProcess application)
      throws IOException, InterruptedException {
    for (String task : BEFORE_THE_WAIT) {
      if (count(
              application,
              "/v2/element-instances/search",
              Map.of("elementId", task, "state", "ACTIVE"))
          > 0) {
        return true;
      }
    }
    return false;
  }

  private static long count(
      EmbeddedDefaultProcess application, String search, Map<String, Object> filter)
      throws IOException, InterruptedException {
    return application
        .postOk(search, Map.of("filter", filter, "page", Map.of("limit", 1)))
        .path("page")
        .path("totalItems")
        .asLong();
  }

  /** The starts' table: over an empty folder, and after {@code kill -9} beside its goal. */
  private static void printReady(double emptyReady, double afterCrash, String goal) {
    System.out.printf("%-52s %8s %10s%n", "start", "seconds", "vs empty");
    System.out.printf(
        "%-52s %8.1f %10s%n", "ready over an empty folder (baseline)", emptyReady, "1.00");
    System.out.printf(
        "%-52s %8.1f %10.2f%n",
        "ready after kill -9 (goal <= " + goal + ")", afterCrash, afterCrash / emptyReady);
  }

  /** A client of the application's gateway, as a user's application over gRPC. */
  private static CamundaClient client(EmbeddedDefaultProcess application) {
    return CamundaClient.newClientBuilder()
        .grpcAddress(application.gateway())
        .preferRestOverGrpc(false)
        .build();
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  private static long size(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return 0;
    }
    try (var files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
    }
  }
}
