package io.mediaflow.benchmark;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.CamundaFuture;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.search.enums.ProcessInstanceState;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: what the embedded default's own CPU costs per instance driven over its REST API
 * against the same instances driven over gRPC (the baseline, run beside it). The application runs
 * as its users run it, a JVM of its own; each round drives one batch per protocol, alternating
 * which goes first, through camunda-client-java with {@code preferRestOverGrpc} true or false:
 * start an instance of a one-service-task process, activate its job, complete it, the instance
 * ends. The application's CPU (its JVM's, {@link ProcessHandle.Info#totalCpuDuration()}) per
 * instance, over the batch, is printed per round, with the ratio REST/gRPC against the goal (at
 * most 1.3). It prints figures and asserts nothing.
 *
 * <p>Run: {@code mvn -B -pl src/mediaflow-app -am test -Dtest=ProtocolBenchmark -DskipModelChecks
 * -Dsurefire.failIfNoSpecifiedTests=false -Dbenchmark.batch=300 -Dbenchmark.rounds=4
 * -Dbenchmark.warm-up-rounds=3}; to profile the application, add {@code
 * "-Dbenchmark.app-options=-XX:StartFlightRecording=filename=app.jfr"} (given to its JVM as {@code
 * JAVA_TOOL_OPTIONS}).
 */
class ProtocolBenchmark {

  private static final int BATCH = Integer.getInteger("benchmark.batch", 300);
  private static final int ROUNDS = Integer.getInteger("benchmark.rounds", 4);
  private static final int WARM_UP_ROUNDS = Integer.getInteger("benchmark.warm-up-rounds", 3);
  private static final int IN_FLIGHT = 32;
  private static final double GOAL = 1.3;
  private static final String PROCESS = "protocol-benchmark";
  private static final String JOB_TYPE = "protocol-benchmark-work";
  private static final String APP_OPTIONS = System.getProperty("benchmark.app-options", "");

  @TempDir Path data;

  @Test
  void restAgainstGrpc() throws Exception {
    var app = new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    Process running =
        app.start(APP_OPTIONS.isBlank() ? Map.of() : Map.of("JAVA_TOOL_OPTIONS", APP_OPTIONS));
    try (CamundaClient rest = client(app, true);
        CamundaClient grpc = client(app, false)) {
      grpc.newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess(PROCESS)
                  .startEvent()
                  .serviceTask("Work", task -> task.zeebeJobType(JOB_TYPE))
                  .endEvent()
                  .done(),
              PROCESS + ".bpmn")
          .send()
          .join();
      // Warm-up: the JIT and both paths' first use are left out of the figures.
      for (int i = 0; i < WARM_UP_ROUNDS; i++) {
        drive(rest, BATCH);
        drive(grpc, BATCH);
      }
      System.out.printf(
          "%-6s %-10s %-22s %-22s %-16s%n",
          "round",
          "instances",
          "REST app CPU ms/inst",
          "gRPC app CPU ms/inst",
          "ratio (<= " + GOAL + ")");
      double restTotal = 0;
      double grpcTotal = 0;
      for (int round = 1; round <= ROUNDS; round++) {
        double restCpu;
        double grpcCpu;
        if (round % 2 == 1) {
          restCpu = cpuPerInstance(running, rest);
          grpcCpu = cpuPerInstance(running, grpc);
        } else {
          grpcCpu = cpuPerInstance(running, grpc);
          restCpu = cpuPerInstance(running, rest);
        }
        restTotal += restCpu;
        grpcTotal += grpcCpu;
        System.out.printf(
            "%-6d %-10d %-22.2f %-22.2f %-16.2f%n",
            round, BATCH, restCpu, grpcCpu, restCpu / grpcCpu);
      }
      System.out.printf(
          "%-6s %-10d %-22.2f %-22.2f %-16.2f%n",
          "all", BATCH * ROUNDS, restTotal / ROUNDS, grpcTotal / ROUNDS, restTotal / grpcTotal);
    } finally {
      running.destroy();
      running.waitFor();
    }
  }

  private static CamundaClient client(EmbeddedDefaultProcess app, boolean preferRest) {
    return CamundaClient.newClientBuilder()
        .restAddress(java.net.URI.create(app.baseUrl()))
        .grpcAddress(app.gateway())
        .preferRestOverGrpc(preferRest)
        .build();
  }

  /** The application's CPU per instance over one batch driven by {@code client}, in ms. */
  private static double cpuPerInstance(Process app, CamundaClient client) {
    Duration before = app.toHandle().info().totalCpuDuration().orElseThrow();
    drive(client, BATCH);
    Duration after = app.toHandle().info().totalCpuDuration().orElseThrow();
    return after.minus(before).toNanos() / 1e6 / BATCH;
  }

  /**
   * Starts {@code count} instances, {@link #IN_FLIGHT} at a time, completes their jobs, and returns
   * once the last one has ended.
   */
  private static void drive(CamundaClient client, int count) {
    List<CamundaFuture<?>> starts = new ArrayList<>();
    long last = 0;
    int completed = 0;
    int started = 0;
    while (completed < count) {
      while (started < count && started - completed < IN_FLIGHT) {
        starts.add(
            client
                .newCreateInstanceCommand()
                .bpmnProcessId(PROCESS)
                .latestVersion()
                .variables(Map.of("n", started))
                .send());
        started++;
      }
      for (CamundaFuture<?> start : starts) {
        start.join();
      }
      starts.clear();
      List<ActivatedJob> jobs =
          client
              .newActivateJobsCommand()
              .jobType(JOB_TYPE)
              .maxJobsToActivate(IN_FLIGHT)
              .requestTimeout(Duration.ofSeconds(5))
              .send()
              .join()
              .getJobs();
      List<CamundaFuture<?>> completions = new ArrayList<>();
      for (ActivatedJob job : jobs) {
        completions.add(client.newCompleteCommand(job).send());
        last = job.getProcessInstanceKey();
      }
      completions.forEach(CamundaFuture::join);
      completed += jobs.size();
    }
    long lastInstance = last;
    Awaitility.await()
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () ->
                client
                        .newProcessInstanceSearchRequest()
                        .filter(
                            filter ->
                                filter
                                    .processInstanceKey(lastInstance)
                                    .state(ProcessInstanceState.COMPLETED))
                        .send()
                        .join()
                        .items()
                        .size()
                    == 1);
  }
}
