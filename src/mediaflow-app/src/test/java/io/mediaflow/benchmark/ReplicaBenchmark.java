package io.mediaflow.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.builder.AbstractFlowNodeBuilder;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.LoadDriver;
import io.mediaflow.MediaflowTest;
import io.mediaflow.PrometheusScrape;
import io.mediaflow.SeparateJvm;
import io.mediaflow.sample.CallbackBalancer;
import io.mediaflow.sample.OneCallWorker;
import io.mediaflow.sample.SampleApplication;
import io.mediaflow.sample.SampleEnvironment;
import io.mediaflow.sample.TrivialWorker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: a benchmark of the plugin's own cost that prints figures and asserts nothing. The
 * set-up of {@code ReplicasUnderLoadTest}: one embedded default (engine and sandbox, its own
 * workers off, the sandbox at a tenth of the nominal durations) and worker replicas of {@link
 * SampleApplication} (the starter in a plain application), each a JVM of its own, behind one
 * callback address. Each replica also runs {@link TrivialWorker}, a {@code @JobWorker} that
 * completes its jobs without doing anything, and {@link OneCallWorker}, which makes one call to the
 * service and nothing else: the floor under any job of the contract.
 *
 * <p>For each protocol of the replicas' client (REST, the client's default, then gRPC) and each
 * number of replicas (three, then two, then one: a replica is stopped between, so every measured
 * replica is warm), it runs a batch of a trivial process (as many service tasks, of the trivial
 * worker, as a real instance executes jobs), the same of the one-call worker, and a batch of the
 * real processes (half {@code transcode-with-approval}, a tiny source and a one-rung ladder, no
 * {@code publishBucket}, "Review renditions" approved as it opens; half {@code
 * protected-publishing}), on the same engine, and prints beside each other: instances per second,
 * the replicas' CPU time per job (the sum over the replica JVMs, from {@link
 * ProcessHandle.Info#totalCpuDuration()}) and the ratio plugin/trivial, whose goal is at most 2.
 * Jobs are counted through {@code POST /v2/jobs/search} (the instances' own and those they called;
 * the engine's user task jobs are not a worker's). The embedded default's CPU per job (engine, REST
 * API and sandbox, whose encoders are child processes and not counted) is printed for comparison. A
 * real batch comes first, which tells how many jobs a real instance executes, then warm-up rounds
 * of a batch of each kind until the replicas are warm (see {@link #WARM_JIT_SHARE}). The replicas'
 * CPU is split by thread ({@link ThreadCpu}): the ratio's goal is on the CPU without the JIT
 * compilers' (a warm replica's), the ratio with it printed beside.
 *
 * <p>Run: {@code mvn -B -o -pl src/mediaflow-app -am test -Dtest=ReplicaBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dbenchmark.instances=60} (instances per batch; {@code -Dbenchmark.warm-up=50} instances per
 * warm-up batch; {@code -Dbenchmark.warm-up-rounds=12} the most warm-up rounds; {@code
 * -Dbenchmark.replicas=3,2,1} the numbers of replicas, largest first; {@code
 * -Dbenchmark.protocol=rest} the replicas' client over REST only, {@code grpc} over gRPC only, both
 * by default, REST first: each protocol its own replicas, warm-up and figures; {@code
 * "-Dbenchmark.replica-options=-XX:StartFlightRecording=filename=replica-%p.jfr"} profiles each
 * replica, given to its JVM as {@code JAVA_TOOL_OPTIONS}; {@code -Dbenchmark.count-calls=true}
 * prints the real batches' engine commands per job type and other requests per instance, from
 * access logs, see {@link CallCounts}; {@code -Dbenchmark.observability=on,off} runs, beside each
 * replica with the plugin's meters, observations and tracing on, one with them off, and prints each
 * side's CPU per job activation and their ratio, see {@link Observability}; {@code on,meters,off}
 * adds one with the meters and observations but no tracing). {@code -DskipVariations} keeps the
 * module's second test run (the sandbox's variations) from running its own tests after the
 * benchmark.
 */
class ReplicaBenchmark {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 100);
  private static final int WARM_UP = Integer.getInteger("benchmark.warm-up", 50);

  /**
   * The most warm-up rounds (a batch of each kind) before measuring; fewer once the replicas are
   * warm.
   */
  private static final int WARM_UP_ROUNDS = Integer.getInteger("benchmark.warm-up-rounds", 12);

  /**
   * Warm: a round during which the replicas' JIT compilers took less than this share of their CPU
   * time. Replicas run for days; what a job costs them is what it costs once its code is compiled.
   */
  private static final double WARM_JIT_SHARE = 0.1;

  private static final List<Integer> REPLICAS =
      Arrays.stream(System.getProperty("benchmark.replicas", "3,2,1").split(","))
          .map(String::trim)
          .map(Integer::valueOf)
          .sorted((a, b) -> b - a)
          .toList();

  /** The replicas' client protocols, each measured in turn: REST, the client's default, first. */
  private static final List<Protocol> PROTOCOLS =
      Arrays.stream(System.getProperty("benchmark.protocol", "rest,grpc").split(","))
          .map(name -> Protocol.valueOf(name.trim().toUpperCase(Locale.ROOT)))
          .toList();

  /**
   * The replicas' observability: {@code on}, or several settings among them {@code off}, e.g.
   * {@code on,meters,off}, for as many replicas of each at once.
   */
  private static final List<Observability> OBSERVABILITY =
      Arrays.stream(System.getProperty("benchmark.observability", "on").split(","))
          .map(name -> Observability.valueOf(name.trim().toUpperCase(Locale.ROOT)))
          .distinct()
          .toList();

  /** Whether replicas of several observability settings run side by side, compared to off. */
  private static final boolean COMPARING = OBSERVABILITY.size() > 1;

  private static final String REPLICA_OPTIONS = System.getProperty("benchmark.replica-options", "");
  private static final boolean COUNT_CALLS = Boolean.getBoolean("benchmark.count-calls");
  private static final String REAL = "real";

  private static final String TRIVIAL = "benchmark-trivial";
  private static final String ONE_CALL = "benchmark-one-call";

  /** How the replicas' client reaches the engine. */
  private enum Protocol {
    REST,
    GRPC
  }

  /**
   * What a replica records of its work. On: as docs/operations.md has operators run it, the
   * plugin's meters in the Prometheus registry, its job and HTTP call observations (as timers, and
   * as spans of the OpenTelemetry bridge on the test class path), every trace sampled; no exporter,
   * so spans end in the SDK rather than on the network. Off: the plugin's meters and observations
   * switched off, and tracing with them. Compared side by side, replicas of both settings take jobs
   * from the same batches at the same time, so that the machine's load and the batches' mix weigh
   * on both alike; each side's jobs are the activations Camunda's SDK counts in the replica ({@code
   * camunda.client.worker.job}, a wait's every check included), read from its {@code
   * /actuator/prometheus} outside the measured time.
   */
  private enum Observability {
    ON("--management.tracing.sampling.probability=1.0"),
    /** The plugin's meters and observations as timers, and no tracing. */
    METERS("--management.tracing.enabled=false"),
    OFF(
        "--management.metrics.enable.mediaflow=false",
        "--management.observations.enable.mediaflow=false",
        "--management.tracing.enabled=false");

    final List<String> settings;

    Observability(String... settings) {
      this.settings = List.of(settings);
    }
  }

  /** How long the replicas' CPU is read while they have nothing to do. */
  private static final Duration IDLE = Duration.ofSeconds(10);

  @TempDir Path clusterData;
  @TempDir Path replicaDirectory;
  @TempDir Path keyStore;
  @TempDir Path accessLogs;

  private final CallCounts calls = new CallCounts();
  private final HttpClient http = HttpClient.newHttpClient();

  private final List<Replica> replicas = new ArrayList<>();
  private Process clusterProcess;
  private EmbeddedDefaultProcess cluster;
  private CallbackBalancer balancer;

  /** Numbers the batches, so that each gets buckets of its own. */
  private int batches;

  /** A replica in its JVM, at its address. */
  private record Replica(String url, Process process, Observability observability) {}

  /**
   * The replicas of one observability setting in a batch: CPU in seconds, of it the JIT's, and the
   * job activations they took.
   */
  private record Share(double cpu, double jit, double activations) {
    Share plus(Share other) {
      return new Share(cpu + other.cpu, jit + other.jit, activations + other.activations);
    }

    double cpuMsPerActivation() {
      return cpu * 1000 / activations;
    }

    /** Without compiling: what an activation costs a warm replica. */
    double warmCpuMsPerActivation() {
      return (cpu - jit) * 1000 / activations;
    }
  }

  /** A batch's figures: CPU in seconds, of all replicas together and of the embedded default. */
  private record Batch(
      String process,
      int instances,
      int jobs,
      double seconds,
      double replicaCpu,
      double clusterCpu,
      double replicaJit,
      double replicaGc,
      CallCounts.Counted calls,
      Map<Observability, Share> shares) {
    double perSecond() {
      return instances / seconds;
    }

    double replicaCpuMsPerJob() {
      return replicaCpu * 1000 / jobs;
    }

    double clusterCpuMsPerJob() {
      return clusterCpu * 1000 / jobs;
    }

    double replicaJitMsPerJob() {
      return replicaJit * 1000 / jobs;
    }

    double replicaGcMsPerJob() {
      return replicaGc * 1000 / jobs;
    }

    /** The replicas' CPU per job without their compiling: what it costs once they are warm. */
    double replicaWarmCpuMsPerJob() {
      return replicaCpuMsPerJob() - replicaJitMsPerJob();
    }
  }

  private record Row(int replicas, Batch trivial, Batch oneCall, Batch real) {}

  @AfterEach
  void stop() throws InterruptedException {
    while (!replicas.isEmpty()) {
      stop(replicas.getLast());
    }
    if (balancer != null) {
      balancer.close();
    }
    if (clusterProcess != null) {
      clusterProcess.destroy();
      clusterProcess.waitFor();
    }
  }

  @Test
  void pluginCpuPerJobAgainstATrivialWorker() throws Exception {
    if (COMPARING && !OBSERVABILITY.contains(Observability.OFF)) {
      throw new IllegalArgumentException(
          "-Dbenchmark.observability: settings are compared to off, which is not among them");
    }
    cluster =
        new EmbeddedDefaultProcess(clusterData, MediaflowTest.freePort(), MediaflowTest.freePort());
    var settings =
        new ArrayList<>(
            List.of(
                "--camunda.client.worker.defaults.enabled=false",
                "--mediaflow.sandbox.time-scale=0.1"));
    if (COUNT_CALLS) {
      settings.addAll(CallCounts.settings(accessLogs.resolve("cluster")));
    }
    clusterProcess = cluster.start(settings.toArray(String[]::new));
    balancer = new CallbackBalancer(MediaflowTest.freePort());
    int jobsPerInstance = 0;
    for (Protocol protocol : PROTOCOLS) {
      startReplicas(REPLICAS.getFirst(), protocol);
      Batch first = run(REAL, WARM_UP);
      if (jobsPerInstance == 0) {
        jobsPerInstance = Math.max(1, Math.round((float) first.jobs() / first.instances()));
        deploy(TRIVIAL, TrivialWorker.TYPE, jobsPerInstance);
        deploy(ONE_CALL, OneCallWorker.TYPE, jobsPerInstance);
      }
      warmUp();
      double idleCpuMsPerSecond = idleCpu() * 1000 / IDLE.toSeconds() / replicas.size();

      var rows = new ArrayList<Row>();
      for (int count : REPLICAS) {
        keep(count);
        Batch trivial = run(TRIVIAL, INSTANCES);
        Batch oneCall = run(ONE_CALL, INSTANCES);
        rows.add(new Row(count, trivial, oneCall, run(REAL, INSTANCES)));
      }
      print(protocol, jobsPerInstance, idleCpuMsPerSecond, rows);
      if (COMPARING) {
        printObservability(protocol, rows);
      }
      while (!replicas.isEmpty()) {
        stop(replicas.getLast());
      }
    }
  }

  /**
   * Runs a batch of each kind until the replicas are warm, printing each round's JIT share: the
   * first batches of a replica cost it several times what later ones do, most of it compiling.
   */
  private void warmUp() throws Exception {
    for (int round = 1; round <= WARM_UP_ROUNDS; round++) {
      Batch real = run(REAL, WARM_UP);
      Batch trivial = run(TRIVIAL, WARM_UP);
      Batch oneCall = run(ONE_CALL, WARM_UP);
      double share =
          (real.replicaJit() + trivial.replicaJit() + oneCall.replicaJit())
              / (real.replicaCpu() + trivial.replicaCpu() + oneCall.replicaCpu());
      System.out.printf(
          "warm-up round %d: replica CPU %.2f ms/real job, %.2f ms/trivial job, %.2f ms/one-call"
              + " job; JIT %.0f %% of it%n",
          round,
          real.replicaCpuMsPerJob(),
          trivial.replicaCpuMsPerJob(),
          oneCall.replicaCpuMsPerJob(),
          share * 100);
      if (share < WARM_JIT_SHARE) {
        return;
      }
    }
    System.out.printf(
        "the replicas were not warm after %d warm-up rounds: the figures below include compiling%n",
        WARM_UP_ROUNDS);
  }

  /**
   * Starts {@code size} instances, drives them to their end as their people would, and reads what
   * it cost.
   */
  private Batch run(String process, int size) throws Exception {
    int batch = batches++;
    var load = new LoadDriver(cluster);
    // Read before the CPU, and after it below: the scrapes are not the batch's work.
    Map<Replica, Double> activationsBefore = COMPARING ? activations() : Map.of();
    Map<Replica, Double> cpuBefore = new HashMap<>();
    replicas.forEach(replica -> cpuBefore.put(replica, cpuSeconds(replica.process())));
    double replicaCpuBefore = replicaCpu();
    Map<Replica, ThreadCpu.Snapshot> threadsBefore = replicaThreads();
    double clusterCpuBefore = cpuSeconds(clusterProcess);
    long started = System.nanoTime();
    for (int i = 0; i < size; i++) {
      if (!process.equals(REAL)) {
        load.startInstance(process, i, Map.of());
      } else if (i % 2 == 0) {
        load.startInstance(
            "transcode-with-approval",
            i,
            Map.of(
                "source",
                cluster.baseUrl() + "/sandbox/samples/bars.mp4",
                "ladder",
                List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
      } else {
        load.startPublishing(i, "bench-" + batch + "-" + i);
      }
    }
    load.finishEverything(Duration.ofMinutes(5));
    double seconds = (System.nanoTime() - started) / 1e9;
    double replicaCpu = replicaCpu() - replicaCpuBefore;
    double clusterCpu = cpuSeconds(clusterProcess) - clusterCpuBefore;
    Map<ThreadCpu.Kind, Double> threads = replicaThreadsSince(threadsBefore);
    var shares = new EnumMap<Observability, Share>(Observability.class);
    if (COMPARING) {
      var cpu = new HashMap<Replica, Double>();
      var jit = new HashMap<Replica, Double>();
      for (Replica replica : replicas) {
        cpu.put(replica, cpuSeconds(replica.process()) - cpuBefore.get(replica));
        jit.put(
            replica,
            ThreadCpu.of(replica.process().pid())
                .since(threadsBefore.get(replica))
                .get(ThreadCpu.Kind.JIT));
      }
      Map<Replica, Double> activationsAfter = activations();
      for (Replica replica : replicas) {
        shares.merge(
            replica.observability(),
            new Share(
                cpu.get(replica),
                jit.get(replica),
                activationsAfter.get(replica) - activationsBefore.get(replica)),
            Share::plus);
      }
    }
    Map<String, Object> jobs = jobsOf(load.instances().keySet());
    CallCounts.Counted counted = null;
    if (COUNT_CALLS && process.equals(REAL)) {
      counted = calls.count(accessLogFiles(), cluster.search("/v2/jobs/search", jobs), size);
    } else if (COUNT_CALLS) {
      calls.skip(accessLogFiles());
    }
    return new Batch(
        process,
        size,
        cluster
            .postOk("/v2/jobs/search", Map.of("filter", jobs, "page", Map.of("limit", 1)))
            .path("page")
            .path("totalItems")
            .asInt(),
        seconds,
        replicaCpu,
        clusterCpu,
        threads.getOrDefault(ThreadCpu.Kind.JIT, 0.0),
        threads.getOrDefault(ThreadCpu.Kind.GC, 0.0),
        counted,
        shares);
  }

  /** The job activations each replica has taken so far, as Camunda's SDK counts them. */
  private Map<Replica, Double> activations() throws Exception {
    var activations = new HashMap<Replica, Double>();
    for (Replica replica : replicas) {
      HttpResponse<String> scrape =
          http.send(
              HttpRequest.newBuilder(URI.create(replica.url() + "/actuator/prometheus")).build(),
              HttpResponse.BodyHandlers.ofString());
      if (scrape.statusCode() != 200) {
        throw new IllegalStateException(
            replica.url() + "/actuator/prometheus answered " + scrape.statusCode());
      }
      activations.put(
          replica,
          PrometheusScrape.parse(scrape.body())
              .sum("camunda_client_worker_job_total", Map.of("action", "activated")));
    }
    return activations;
  }

  /** Every access log written so far: the embedded default's and each replica's. */
  private List<Path> accessLogFiles() throws IOException {
    try (Stream<Path> files = Files.walk(accessLogs)) {
      return files.filter(Files::isRegularFile).sorted().toList();
    }
  }

  /**
   * The filter of the jobs of these instances and of those they called: the workers' jobs (the
   * processes' user tasks are Camunda user tasks, no jobs).
   */
  private Map<String, Object> jobsOf(Set<Long> instances) throws Exception {
    var keys = new HashSet<String>();
    instances.forEach(key -> keys.add(Long.toString(key)));
    for (JsonNode child :
        cluster.search(
            "/v2/process-instances/search",
            Map.of("parentProcessInstanceKey", Map.of("$in", List.copyOf(keys))))) {
      keys.add(child.path("processInstanceKey").asText());
    }
    return Map.of("processInstanceKey", Map.of("$in", List.copyOf(keys)));
  }

  /** A process of {@code serviceTasks} service tasks in a row, each a job of {@code jobType}. */
  private void deploy(String process, String jobType, int serviceTasks) {
    AbstractFlowNodeBuilder<?, ?> flow = Bpmn.createExecutableProcess(process).startEvent();
    for (int i = 1; i <= serviceTasks; i++) {
      flow = flow.serviceTask("Task" + i).zeebeJobType(jobType);
    }
    try (CamundaClient camunda =
        CamundaClient.newClientBuilder()
            .grpcAddress(cluster.gateway())
            .restAddress(URI.create(cluster.baseUrl()))
            .preferRestOverGrpc(false)
            .build()) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(flow.endEvent().done(), process + ".bpmn")
          .send()
          .join();
    }
  }

  /**
   * The replicas' CPU while nothing runs: what they spend whatever the jobs (streams, health, the
   * client's own).
   */
  private double idleCpu() throws InterruptedException {
    double before = replicaCpu();
    Thread.sleep(IDLE); // the measurement is this quiet time itself
    return replicaCpu() - before;
  }

  /** The CPU time of every replica in service, in seconds. */
  private double replicaCpu() {
    return replicas.stream().mapToDouble(replica -> cpuSeconds(replica.process())).sum();
  }

  /** The replicas' threads now, by replica. */
  private Map<Replica, ThreadCpu.Snapshot> replicaThreads() {
    var snapshots = new HashMap<Replica, ThreadCpu.Snapshot>();
    replicas.forEach(replica -> snapshots.put(replica, ThreadCpu.of(replica.process().pid())));
    return snapshots;
  }

  /** The replicas' CPU by kind of thread since {@code before}, in seconds. */
  private Map<ThreadCpu.Kind, Double> replicaThreadsSince(Map<Replica, ThreadCpu.Snapshot> before) {
    var seconds = new EnumMap<ThreadCpu.Kind, Double>(ThreadCpu.Kind.class);
    replicaThreads()
        .forEach(
            (replica, now) ->
                now.since(before.get(replica))
                    .forEach((kind, s) -> seconds.merge(kind, s, Double::sum)));
    return seconds;
  }

  private static double cpuSeconds(Process process) {
    return process
            .info()
            .totalCpuDuration()
            .orElseThrow(() -> new IllegalStateException("no CPU time of process " + process.pid()))
            .toNanos()
        / 1e9;
  }

  /**
   * Starts {@code count} replicas of each observability setting side by side and puts them in
   * service once ready.
   */
  private void startReplicas(int count, Protocol protocol) throws Exception {
    var environment = new HashMap<>(SampleEnvironment.of(cluster, keyStore, balancer.baseUrl()));
    if (!REPLICA_OPTIONS.isBlank()) {
      environment.put("JAVA_TOOL_OPTIONS", REPLICA_OPTIONS);
    }
    var starts = new ArrayList<Callable<Replica>>();
    for (Observability observability : OBSERVABILITY) {
      for (int i = 0; i < count; i++) {
        starts.add(() -> startReplica(environment, protocol, observability));
      }
    }
    try (ExecutorService side = Executors.newFixedThreadPool(starts.size())) {
      for (Future<Replica> start : side.invokeAll(starts)) {
        Replica replica = start.get();
        replicas.add(replica);
        balancer.add(replica.url());
      }
    }
  }

  private Replica startReplica(
      Map<String, String> environment, Protocol protocol, Observability observability)
      throws Exception {
    var replica =
        new SeparateJvm(
            SampleApplication.class.getName(), replicaDirectory, MediaflowTest.freePort());
    // The settings of ReplicasUnderLoadTest (see there why), and the trivial worker beside the
    // plugin's.
    var arguments =
        new ArrayList<>(
            List.of(
                "--spring.config.location=classpath:/io/mediaflow/sample/application.yml",
                "--camunda.client.prefer-rest-over-grpc=" + (protocol == Protocol.REST),
                "--camunda.client.worker.defaults.stream-enabled=true",
                "--camunda.client.worker.defaults.timeout=PT30S",
                "--camunda.client.execution-threads=8",
                "--sample.benchmark-workers.enabled=true"));
    arguments.addAll(observability.settings);
    if (COMPARING) {
      arguments.add("--management.endpoints.web.exposure.include=health,prometheus");
    }
    if (COUNT_CALLS) {
      arguments.addAll(CallCounts.settings(accessLogs.resolve("replica-" + UUID.randomUUID())));
    }
    Process process = replica.start(environment, arguments);
    return new Replica(replica.baseUrl(), process, observability);
  }

  /** Stops replicas until {@code count} of each observability setting are left. */
  private void keep(int count) throws InterruptedException {
    for (Observability observability : OBSERVABILITY) {
      List<Replica> of =
          replicas.stream().filter(replica -> replica.observability() == observability).toList();
      for (Replica replica : of.subList(count, of.size())) {
        stop(replica);
      }
    }
  }

  /**
   * Out of service, then stopped as a platform stops a replica: between batches, with no job in
   * hand.
   */
  private void stop(Replica replica) throws InterruptedException {
    balancer.remove(replica.url());
    replica.process().destroy();
    replica.process().waitFor();
    replicas.remove(replica);
  }

  private void print(
      Protocol protocol, int jobsPerInstance, double idleCpuMsPerSecond, List<Row> rows) {
    System.out.printf(
        "%nReplica benchmark (%d cores, replicas over %s, %d instances per batch; replica CPU = all"
            + " replica JVMs together; embedded default = engine, REST API and sandbox, without its encoders)%n",
        Runtime.getRuntime().availableProcessors(), protocol, INSTANCES);
    if (COMPARING) {
      System.out.printf(
          "replicas: as many of each observability setting %s at once; the tables count each set"
              + " as one%n",
          OBSERVABILITY);
    }
    System.out.printf(
        "real: half transcode-with-approval (no publishBucket), half protected-publishing;"
            + " %d jobs per instance, so the trivial and one-call processes have %d service tasks%n",
        jobsPerInstance, jobsPerInstance);
    System.out.printf("idle replica CPU: %.1f ms/s per replica%n%n", idleCpuMsPerSecond);
    System.out.printf(
        "%8s  %-18s %9s %6s %8s %7s %12s %12s %12s %18s%n",
        "replicas",
        "process",
        "instances",
        "jobs",
        "seconds",
        "inst/s",
        "replica CPU",
        "of it JIT",
        "of it GC",
        "embedded dflt CPU");
    System.out.printf("%65s %12s %12s %18s%n", "ms/job", "ms/job", "ms/job", "ms/job");
    for (Row row : rows) {
      for (Batch b : List.of(row.trivial(), row.oneCall(), row.real())) {
        System.out.printf(
            "%8d  %-18s %9d %6d %8.2f %7.2f %12.2f %12.2f %12.2f %18.2f%n",
            row.replicas(),
            b.process(),
            b.instances(),
            b.jobs(),
            b.seconds(),
            b.perSecond(),
            b.replicaCpuMsPerJob(),
            b.replicaJitMsPerJob(),
            b.replicaGcMsPerJob(),
            b.clusterCpuMsPerJob());
      }
    }
    System.out.printf(
        "%nReplica CPU per job over %s without the JIT's (a warm replica's), against the trivial"
            + " worker's; one-call: a job that only makes one call to the service, the floor of any"
            + " real job:%n%8s %15s %12s %14s %15s %14s %14s %17s %23s%n",
        protocol,
        "replicas",
        "trivial inst/s",
        "real inst/s",
        "trivial ms/job",
        "one-call ms/job",
        "plugin ms/job",
        "one-call ratio",
        "ratio (goal <= 2)",
        "with JIT: ratio ms/job");
    for (Row row : rows) {
      double trivial = row.trivial().replicaWarmCpuMsPerJob();
      System.out.printf(
          "%8d %15.2f %12.2f %14.2f %15.2f %14.2f %14.2f %17.2f %8.2f (%.2f/%.2f)%n",
          row.replicas(),
          row.trivial().perSecond(),
          row.real().perSecond(),
          trivial,
          row.oneCall().replicaWarmCpuMsPerJob(),
          row.real().replicaWarmCpuMsPerJob(),
          row.oneCall().replicaWarmCpuMsPerJob() / trivial,
          row.real().replicaWarmCpuMsPerJob() / trivial,
          row.real().replicaCpuMsPerJob() / row.trivial().replicaCpuMsPerJob(),
          row.real().replicaCpuMsPerJob(),
          row.trivial().replicaCpuMsPerJob());
    }
    System.out.println();
    for (Row row : rows) {
      if (row.real().calls() != null) {
        System.out.printf("Calls of the real batch with %d replicas:", row.replicas());
        row.real().calls().print();
        System.out.println();
      }
    }
  }

  /**
   * Each observability setting's replicas' CPU per job activation in the same batches, side by side
   * and against those with it off: a warm replica's (without the JIT compilers'), and with the
   * JIT's. The trivial and one-call workers are none of the plugin's: their ratios are what tells
   * two sets of replicas apart anyway.
   */
  private static void printObservability(Protocol protocol, List<Row> rows) {
    System.out.printf(
        "%nReplica CPU per job activation over %s by the plugin's observability, replicas of each"
            + " setting side by side (warm: without the JIT's):%n%8s  %-18s %-7s %11s %10s %7s %17s"
            + " %7s%n",
        protocol,
        "replicas",
        "process",
        "setting",
        "activations",
        "warm ms/act",
        "/ off",
        "with JIT ms/act",
        "/ off");
    for (Row row : rows) {
      for (Batch batch : List.of(row.trivial(), row.oneCall(), row.real())) {
        Share off = batch.shares().get(Observability.OFF);
        for (Observability observability : OBSERVABILITY) {
          Share share = batch.shares().get(observability);
          System.out.printf(
              "%8d  %-18s %-7s %11.0f %10.3f %7.3f %17.3f %7.3f%n",
              row.replicas(),
              batch.process(),
              observability.name().toLowerCase(Locale.ROOT),
              share.activations(),
              share.warmCpuMsPerActivation(),
              share.warmCpuMsPerActivation() / off.warmCpuMsPerActivation(),
              share.cpuMsPerActivation(),
              share.cpuMsPerActivation() / off.cpuMsPerActivation());
        }
      }
    }
    System.out.println();
  }
}
