package io.mediaflow.benchmark;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.CamundaFuture;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: how long the embedded default takes to be ready again over a data folder holding many ended
 * instances, after {@code kill -9} (the whole log since the last snapshot replayed) and after a graceful stop (a
 * snapshot taken; how long the stop took), beside the start over an empty folder as the baseline; and the data
 * folder's size per instance. It prints figures and asserts nothing.
 *
 * <p>Run: {@code mvn -B -pl src/mediaflow-app -am test -Dtest=RecoveryBenchmark -DskipModelChecks
 * -Dsurefire.failIfNoSpecifiedTests=false -Dbenchmark.instances=10000}.
 */
class RecoveryBenchmark {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 10_000);
  private static final int IN_FLIGHT = 64;

  @TempDir
  Path data;

  @Test
  void readyAgainAfterACrashAndAfterAGracefulStop() throws Exception {
    var application = new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    long started = System.nanoTime();
    Process app = application.start();
    double emptyReady = seconds(started);

    started = System.nanoTime();
    try (CamundaClient camunda = CamundaClient.newClientBuilder().grpcAddress(application.gateway())
        .preferRestOverGrpc(false).build()) {
      camunda.newDeployResourceCommand().addProcessModel(Bpmn.createExecutableProcess("recovery").startEvent()
          .serviceTask("Work", task -> task.zeebeJobType("recovery.work")).endEvent().done(), "recovery.bpmn")
          .send().join();
      try (var worker = camunda.newWorker().jobType("recovery.work")
          .handler((client, job) -> client.newCompleteCommand(job).send().join()).maxJobsActive(IN_FLIGHT).open()) {
        Deque<CamundaFuture<?>> inFlight = new ArrayDeque<>();
        for (int i = 0; i < INSTANCES; i++) {
          if (inFlight.size() == IN_FLIGHT) {
            inFlight.removeFirst().join();
          }
          inFlight.add(camunda.newCreateInstanceCommand().bpmnProcessId("recovery").latestVersion()
              .withResult().send());
        }
        inFlight.forEach(CamundaFuture::join);
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

    System.out.printf("%nRecovery benchmark (%d cores): %d ended instances (one job each) in %.1f s, %.1f inst/s%n",
        Runtime.getRuntime().availableProcessors(), INSTANCES, load, INSTANCES / load);
    System.out.printf("data folder: %.1f MB, %.1f KB per instance%n", bytes / 1e6, bytes / 1e3 / INSTANCES);
    System.out.printf("%-52s %8s %10s%n", "start", "seconds", "vs empty");
    System.out.printf("%-52s %8.1f %10s%n", "ready over an empty folder (baseline)", emptyReady, "1.00");
    System.out.printf("%-52s %8.1f %10.2f%n", "ready after kill -9 (goal <= 10 s)", afterCrash,
        afterCrash / emptyReady);
    System.out.printf("%-52s %8.1f %10s%n", "  then the first search (history: its store, then the log)", historyAfterCrash,
        "");
    System.out.printf("%-52s %8.1f %10s%n", "graceful stop, SIGTERM to exit (goal <= 30 s)", stop, "");
    System.out.printf("%-52s %8.1f %10.2f%n%n", "ready after the graceful stop (from its snapshot)", afterStop,
        afterStop / emptyReady);
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  private static long size(Path folder) throws IOException {
    try (var files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
    }
  }
}
