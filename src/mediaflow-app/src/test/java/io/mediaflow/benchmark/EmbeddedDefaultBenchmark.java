package io.mediaflow.benchmark;

import com.sun.management.OperatingSystemMXBean;
import io.camunda.client.api.CamundaFuture;
import io.camunda.client.api.response.ProcessInstanceResult;
import io.camunda.client.api.worker.JobWorker;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.builder.AbstractFlowNodeBuilder;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.value.JobRecordValue;
import io.mediaflow.MediaflowTest;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Not a test: a benchmark of the embedded default's own cost that prints figures and asserts
 * nothing. In this one process, interleaved and repeated for each batch size, it runs a batch of a
 * trivial process (as many no-op service tasks as a {@code transcode-with-approval} instance
 * executes jobs) and a batch of {@code transcode-with-approval} itself (a tiny source, a one-rung
 * ladder, "Review renditions" approved as it appears through the task API, with each completion's
 * latency). For each batch: instances per second, the application's CPU per instance (this JVM's
 * CPU time, which includes the in-process sandbox, but not its encoders, which are child processes
 * and reported apart), and the resident set before and after (with {@code
 * -Dbenchmark.live-heap=true} also the heap live after a full collection, and at the end the
 * largest classes of it). First, the time from {@code java} to readiness, for the jar and for the
 * extracted application with its start-up cache, when they are built.
 *
 * <p>Run: {@code mvn -B -pl src/mediaflow-app -am test -Dtest=EmbeddedDefaultBenchmark
 * -DskipModelChecks -Dsurefire.failIfNoSpecifiedTests=false -Dbenchmark.batches=10,200,1000
 * -Dbenchmark.repeat=2} (batch sizes, repetitions of each; {@code -Dbenchmark.encoders=16} the
 * sandbox's encoders; the engine's data folder's size per instance is printed at the end). Time to
 * ready needs {@code mvn -B -pl src/mediaflow-app -am package -DskipTests -DskipModelChecks} first.
 */
class EmbeddedDefaultBenchmark extends MediaflowTest {

  private static final List<Integer> BATCHES =
      Arrays.stream(System.getProperty("benchmark.batches", "10,200,1000").split(","))
          .map(String::trim)
          .map(Integer::valueOf)
          .toList();
  private static final int REPEAT = Integer.getInteger("benchmark.repeat", 2);
  private static final String REAL = "transcode-with-approval";
  private static final String TRIVIAL = "benchmark-trivial";
  private static final String NO_OP = "benchmark.no-op";

  /** Whether the live heap is measured too (see {@link #liveHeap()}). */
  private static final boolean LIVE_HEAP = Boolean.getBoolean("benchmark.live-heap");

  /**
   * Linux's clock ticks per second in /proc/[pid]/stat (USER_HZ), 100 on every common architecture.
   */
  private static final double TICKS_PER_SECOND = 100;

  /** How often the approver looks for new tasks, as a task list refreshes its list. */
  private static final Duration TASK_LIST_REFRESH = Duration.ofMillis(200);

  @Autowired private EngineRecordFeed feed;
  private final OperatingSystemMXBean os =
      ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final Map<Batch, Approvals> approvalsOf = new IdentityHashMap<>();

  @DynamicPropertySource
  static void benchmarkSandbox(DynamicPropertyRegistry registry) {
    // Every instance's job may be started at once, as a real account's would be; a job takes ~0.1
    // s.
    registry.add("mediaflow.sandbox.transcoding.max-queued-tasks", () -> "1000");
    registry.add(
        "mediaflow.sandbox.transcoding.encoders",
        () -> Integer.getInteger("benchmark.encoders", 16));
    // What the application keeps is measured, not the tests' copy of every record.
    registry.add("mediaflow.test.every-record", () -> "false");
  }

  private record Batch(
      String process,
      int size,
      double seconds,
      double appCpuSeconds,
      double childCpuSeconds,
      long rssBefore,
      long rssAfter,
      long liveBefore,
      long liveAfter) {
    double perSecond() {
      return size / seconds;
    }

    double appCpuMsPerInstance() {
      return appCpuSeconds * 1000 / size;
    }
  }

  @Test
  void trivialAndRealFlow() {
    String readyAfter = timesToReady();
    int jobs = jobsPerRealInstance();
    deployTrivialProcess(jobs);
    // As the application's own workers are configured (application.yml): streamed jobs, 32 in
    // flight.
    JobWorker noOp =
        camunda
            .newWorker()
            .jobType(NO_OP)
            .handler((client, job) -> client.newCompleteCommand(job).send().join())
            .maxJobsActive(32)
            .streamEnabled(true)
            .open();
    try {
      run(TRIVIAL, 10);
      long idleRss = rss();
      long idleLive = liveHeap();
      List<Batch> batches = new ArrayList<>();
      for (int size : BATCHES) {
        for (int i = 0; i < REPEAT; i++) {
          batches.add(run(TRIVIAL, size));
          batches.add(run(REAL, size));
        }
      }
      print(readyAfter, jobs, idleRss, idleLive, batches);
    } finally {
      noOp.close();
    }
  }

  /**
   * Jobs one real instance executes (service tasks and the user task), counted on one after a
   * warm-up.
   */
  private int jobsPerRealInstance() {
    run(REAL, 10);
    Map<Long, Integer> jobsByInstance = new java.util.concurrent.ConcurrentHashMap<>();
    feed.subscribe(
        record -> {
          if (record.getValue() instanceof JobRecordValue job
              && record.getIntent() == JobIntent.CREATED) {
            jobsByInstance.merge(job.getProcessInstanceKey(), 1, Integer::sum);
          }
        });
    var result = startAll(REAL, 1);
    approveUntilDone(result);
    feed.catchUp();
    return jobsByInstance.get(result.getFirst().join().getProcessInstanceKey());
  }

  private void deployTrivialProcess(int serviceTasks) {
    AbstractFlowNodeBuilder<?, ?> flow = Bpmn.createExecutableProcess(TRIVIAL).startEvent();
    for (int i = 1; i <= serviceTasks; i++) {
      flow = flow.serviceTask("NoOp" + i).zeebeJobType(NO_OP);
    }
    camunda
        .newDeployResourceCommand()
        .addProcessModel(flow.endEvent().done(), TRIVIAL + ".bpmn")
        .send()
        .join();
  }

  private Batch run(String process, int size) {
    long rssBefore = rss();
    long liveBefore = liveHeap();
    long appCpuBefore = os.getProcessCpuTime();
    double childCpuBefore = childCpuSeconds();
    long started = System.nanoTime();
    Approvals approvals = approveUntilDone(startAll(process, size));
    double seconds = (System.nanoTime() - started) / 1e9;
    Batch batch =
        new Batch(
            process,
            size,
            seconds,
            (os.getProcessCpuTime() - appCpuBefore) / 1e9,
            childCpuSeconds() - childCpuBefore,
            rssBefore,
            rss(),
            liveBefore,
            liveHeap());
    approvalsOf.put(batch, approvals);
    return batch;
  }

  /** Starts the instances all at once; each answers when its instance has completed. */
  private List<CamundaFuture<ProcessInstanceResult>> startAll(String process, int size) {
    List<CamundaFuture<ProcessInstanceResult>> results = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      var command = camunda.newCreateInstanceCommand().bpmnProcessId(process).latestVersion();
      if (process.equals(REAL)) {
        command =
            command.variables(
                Map.of(
                    "source",
                    baseUrl() + "/sandbox/samples/bars.mp4",
                    "ladder",
                    List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
      }
      results.add(
          command
              .withResult()
              .fetchVariables("approved")
              .requestTimeout(Duration.ofMinutes(30))
              .send());
    }
    return results;
  }

  /**
   * What approving cost during a batch: each completion call's latency (sent to answered) and the
   * CPU time of the thread that searches for tasks and sends the completions (part of the
   * application's CPU, as this benchmark runs in its JVM; the server's side of the search and
   * completion is the application's own).
   */
  private record Approvals(List<Double> completionMillis, double approverCpuSeconds) {
    double percentile(double p) {
      if (completionMillis.isEmpty()) {
        return Double.NaN;
      }
      List<Double> sorted = completionMillis.stream().sorted().toList();
      return sorted.get((int) Math.ceil(p / 100 * sorted.size()) - 1);
    }
  }

  /**
   * Approves every "Review renditions" as it opens, through the task API as editors would, until
   * all are done. Like a task list, it searches the open tasks every {@link #TASK_LIST_REFRESH} (an
   * editor sees a new task that much later at most, against seconds per instance); like several
   * editors, it completes tasks without waiting for one completion to answer before sending the
   * next, so a slow completion shows as its own latency instead of holding back every approval
   * behind it.
   */
  private Approvals approveUntilDone(List<CamundaFuture<ProcessInstanceResult>> results) {
    long cpuBefore = threads.getCurrentThreadCpuTime();
    Set<Long> approved = new HashSet<>();
    List<Double> latencies = Collections.synchronizedList(new ArrayList<>());
    List<CompletableFuture<?>> completions = new ArrayList<>();
    while (!results.stream().allMatch(CamundaFuture::isDone)) {
      for (UserTask task :
          openUserTasks(Map.of("processDefinitionId", REAL, "elementId", "ReviewRenditions"))) {
        if (approved.add(task.key())) {
          completions.add(complete(task, latencies));
        }
      }
      letTimePass(TASK_LIST_REFRESH);
    }
    results.forEach(CamundaFuture::join);
    completions.forEach(CompletableFuture::join);
    return new Approvals(
        List.copyOf(latencies), (threads.getCurrentThreadCpuTime() - cpuBefore) / 1e9);
  }

  /**
   * {@code POST /v2/user-tasks/{key}/completion} with {@code approved: true}; records how long it
   * took to answer.
   */
  private CompletableFuture<?> complete(UserTask task, List<Double> latencies) {
    var request =
        HttpRequest.newBuilder(
                URI.create(baseUrl() + "/v2/user-tasks/" + task.key() + "/completion"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"variables\": {\"approved\": true}}"))
            .build();
    long sent = System.nanoTime();
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
        .thenAccept(
            response -> {
              latencies.add((System.nanoTime() - sent) / 1e6);
              if (response.statusCode() != 204) {
                throw new IllegalStateException(
                    "Completing task "
                        + task.key()
                        + ": "
                        + response.statusCode()
                        + " "
                        + response.body());
              }
            });
  }

  /**
   * From {@code java} to readiness UP, on ports of its own, the two ways the README starts the
   * packaged application: the jar as built, and the run command (the extracted application with its
   * {@code jvm.options}, which name the start-up cache the build trained; see README, "Start-up").
   * Needs {@code mvn package} first (see above).
   */
  private String timesToReady() {
    Path target = Path.of("target");
    Path jar;
    try (var files = Files.list(target)) {
      jar =
          files
              .filter(f -> f.getFileName().toString().matches("mediaflow-app-.*\\.jar"))
              .findFirst()
              .orElse(null);
    } catch (IOException e) {
      jar = null;
    }
    if (jar == null) {
      return "n/a (no jar in target/: package it first)";
    }
    String java = ProcessHandle.current().info().command().orElse("java");
    Path extracted = target.resolve("mediaflow");
    Path options = extracted.resolve("jvm.options");
    String withCache =
        !Files.exists(options)
            ? "n/a (no start-up cache in target/mediaflow)"
            : timeToReady(
                List.of(
                    java,
                    "@" + options,
                    "-jar",
                    extracted.resolve("mediaflow-app.jar").toString()));
    return String.format(
        "java -jar %s: %s; extracted with its start-up cache: %s",
        jar.getFileName(), timeToReady(List.of(java, "-jar", jar.toString())), withCache);
  }

  /** Wall and CPU time from starting the command to readiness UP. */
  private String timeToReady(List<String> command) {
    int httpPort = freePort();
    List<String> withPorts = new ArrayList<>(command);
    withPorts.addAll(List.of("--server.port=" + httpPort, "--mediaflow.engine.port=" + freePort()));
    long started = System.nanoTime();
    try {
      Process app =
          new ProcessBuilder(withPorts)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      try {
        var readiness =
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + httpPort + "/actuator/health/readiness"))
                .build();
        while (System.nanoTime() - started < Duration.ofMinutes(5).toNanos() && app.isAlive()) {
          try {
            if (http.send(readiness, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
              long[] cpu = statTimes(app.pid());
              return String.format(
                  "%.1f s (%.1f s CPU)",
                  (System.nanoTime() - started) / 1e9, (cpu[0] + cpu[1]) / TICKS_PER_SECOND);
            }
          } catch (IOException notListeningYet) {
            // not yet
          }
          letTimePass(Duration.ofMillis(50));
        }
        return "n/a (never ready)";
      } finally {
        app.descendants().forEach(ProcessHandle::destroy);
        app.destroy();
        app.waitFor();
      }
    } catch (IOException e) {
      return "n/a (" + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "n/a (interrupted)";
    }
  }

  private static long folderSize(Path folder) {
    try (var files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
    } catch (IOException e) {
      return -1;
    }
  }

  private void print(
      String readyAfter, int jobs, long idleRss, long idleLive, List<Batch> batches) {
    System.out.printf(
        "%nEmbedded default benchmark (%d cores; app CPU = this JVM incl. the in-process sandbox;"
            + " encoders = its child processes)%n",
        Runtime.getRuntime().availableProcessors());
    System.out.printf(
        "time to ready (java -> /actuator/health/readiness UP; goal <= 10 s): %s%n", readyAfter);
    System.out.printf(
        "jobs per %s instance: %d, so the trivial process has %d no-op service tasks%n",
        REAL, jobs, jobs);
    System.out.printf(
        "idle RSS: %d MB%s%n%n",
        idleRss >> 20,
        LIVE_HEAP ? String.format(", live heap after a full GC: %d MB", idleLive >> 20) : "");
    System.out.printf(
        "%6s  %-24s %9s %10s %17s %20s %20s%s%n",
        "batch",
        "process",
        "seconds",
        "inst/s",
        "app CPU ms/inst",
        "encoders CPU ms/inst",
        "RSS before->after MB",
        LIVE_HEAP ? String.format(" %21s", "live before->after MB") : "");
    for (Batch b : batches) {
      System.out.printf(
          "%6d  %-24s %9.2f %10.2f %17.2f %20.2f %13d -> %4d%s%n",
          b.size(),
          b.process(),
          b.seconds(),
          b.perSecond(),
          b.appCpuMsPerInstance(),
          b.childCpuSeconds() * 1000 / b.size(),
          b.rssBefore() >> 20,
          b.rssAfter() >> 20,
          LIVE_HEAP
              ? String.format(" %14d -> %4d", b.liveBefore() >> 20, b.liveAfter() >> 20)
              : "");
    }
    System.out.printf(
        "%ntask completion (POST /v2/user-tasks/{key}/completion) during each %s batch, and the"
            + " approver's own CPU (searching every %d ms, completing):%n",
        REAL, TASK_LIST_REFRESH.toMillis());
    System.out.printf(
        "%6s %11s %11s %11s %11s %24s%n",
        "batch", "completions", "p50 ms", "p95 ms", "max ms", "approver CPU ms/inst");
    for (Batch b : batches) {
      Approvals a = approvalsOf.get(b);
      if (b.process().equals(REAL)) {
        System.out.printf(
            "%6d %11d %11.0f %11.0f %11.0f %24.2f%n",
            b.size(),
            a.completionMillis().size(),
            a.percentile(50),
            a.percentile(95),
            a.percentile(100),
            a.approverCpuSeconds() * 1000 / b.size());
      }
    }
    System.out.printf(
        "%n%6s %14s %12s %22s %16s %14s %22s%n",
        "batch",
        "trivial inst/s",
        "real inst/s",
        "ratio (goal >= 0.5)",
        "trivial CPU ms",
        "real CPU ms",
        "ratio (goal <= 2)");
    Map<Integer, double[]> perSize = new java.util.LinkedHashMap<>();
    for (int size : BATCHES) {
      double trivialRate = mean(batches, TRIVIAL, size, Batch::perSecond);
      double realRate = mean(batches, REAL, size, Batch::perSecond);
      double trivialCpu = mean(batches, TRIVIAL, size, Batch::appCpuMsPerInstance);
      double realCpu = mean(batches, REAL, size, Batch::appCpuMsPerInstance);
      perSize.put(size, new double[] {trivialCpu, realCpu});
      System.out.printf(
          "%6d %14.2f %12.2f %22.2f %16.2f %14.2f %22.2f%n",
          size,
          trivialRate,
          realRate,
          realRate / trivialRate,
          trivialCpu,
          realCpu,
          realCpu / trivialCpu);
    }
    int smallest = BATCHES.getFirst();
    int largest = BATCHES.getLast();
    System.out.printf(
        "%ncost per instance, batch of %d against %d (goal within +-20 %%): trivial %+.0f %%,"
            + " real %+.0f %%%n",
        largest,
        smallest,
        change(perSize.get(smallest)[0], perSize.get(largest)[0]),
        change(perSize.get(smallest)[1], perSize.get(largest)[1]));
    System.out.printf(
        "RSS after the last batch of %d / idle: %.2f (goal <= 2)%s%n%n",
        largest,
        (double) batches.getLast().rssAfter() / idleRss,
        LIVE_HEAP
            ? String.format("; live heap: %.2f", (double) batches.getLast().liveAfter() / idleLive)
            : "");
    int instances = batches.stream().mapToInt(Batch::size).sum();
    long bytes = folderSize(ENGINE_DATA);
    System.out.printf(
        "data folder %s: %.1f MB after %d instances, %.1f KB per instance%n%n",
        ENGINE_DATA, bytes / 1e6, instances, bytes / 1e3 / instances);
    if (LIVE_HEAP) {
      System.out.println(
          classHistogram().lines().limit(40).collect(java.util.stream.Collectors.joining("\n")));
    }
  }

  private static double mean(
      List<Batch> batches,
      String process,
      int size,
      java.util.function.ToDoubleFunction<Batch> figure) {
    return batches.stream()
        .filter(b -> b.process().equals(process) && b.size() == size)
        .mapToDouble(figure)
        .average()
        .orElse(Double.NaN);
  }

  private static double change(double from, double to) {
    return (to - from) / from * 100;
  }

  /**
   * With {@code -Dbenchmark.live-heap=true}, the heap still in use after a full collection: what
   * the application really keeps, as against what the JVM holds committed (which RSS shows); 0
   * otherwise, since a full collection also lets the JVM shrink its heap, which would flatter the
   * next batch's RSS. Measured after RSS, and after a pause so that what a batch releases as it
   * ends is not counted.
   */
  private static long liveHeap() {
    if (!LIVE_HEAP) {
      return 0;
    }
    letTimePass(Duration.ofSeconds(2));
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /**
   * The live objects by class after a full collection, largest first (as {@code jcmd <pid>
   * GC.class_histogram}).
   */
  private static String classHistogram() {
    try {
      return (String)
          ManagementFactory.getPlatformMBeanServer()
              .invoke(
                  new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"),
                  "gcClassHistogram",
                  new Object[] {new String[0]},
                  new String[] {String[].class.getName()});
    } catch (javax.management.JMException e) {
      return "no class histogram: " + e;
    }
  }

  /** This process's resident set, from /proc/self/status (VmRSS, in kB). */
  private static long rss() {
    return procStatus(Path.of("/proc/self/status"))
            .lines()
            .filter(l -> l.startsWith("VmRSS:"))
            .map(l -> l.replaceAll("\\D", ""))
            .mapToLong(Long::parseLong)
            .findFirst()
            .orElse(0)
        * 1024;
  }

  /**
   * CPU seconds of this process's children: those still running (their utime and stime) and those
   * that ended and were waited for (this process's cutime and cstime), from /proc/[pid]/stat.
   */
  private static double childCpuSeconds() {
    long[] self = statTimes(ProcessHandle.current().pid());
    long ticks = self[2] + self[3];
    for (ProcessHandle child : ProcessHandle.current().descendants().toList()) {
      long[] times = statTimes(child.pid());
      ticks += times[0] + times[1];
    }
    return ticks / TICKS_PER_SECOND;
  }

  /** utime, stime, cutime, cstime of a process; zeros if it is gone. */
  private static long[] statTimes(long pid) {
    String stat = procStatus(Path.of("/proc/" + pid + "/stat"));
    if (stat.isEmpty()) {
      return new long[4];
    }
    // Fields after the command, which is in parentheses and may contain spaces: state is field 3,
    // utime 14.
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return new long[] {
      Long.parseLong(fields[11]),
      Long.parseLong(fields[12]),
      Long.parseLong(fields[13]),
      Long.parseLong(fields[14])
    };
  }

  private static String procStatus(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException gone) {
      return "";
    }
  }
}
