package io.mediaflow.benchmark;

import io.camunda.client.api.worker.JobWorker;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRecordValue;
import io.mediaflow.CommandsAtOnce;
import io.mediaflow.MediaflowTest;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.JMException;
import javax.management.ObjectName;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Not a test: a benchmark of what instances in flight cost the embedded default while they wait,
 * measured against the engine's own floor in the same run, that prints figures and asserts nothing.
 * The application's workers are pointed at {@link StandInTranscoding}, whose jobs stay encoding
 * until released, so that the wait is the application's alone.
 *
 * <ol>
 *   <li>Idle: the application with nothing to do, its CPU per minute and where it goes by thread.
 *   <li>The floor: {@code N} instances of a process of the same shape as {@code
 *       transcode-with-approval}'s way to its wait (two service tasks, an event-based gateway with
 *       a message and a 15-minute timer, a third service task, a user task) whose service tasks are
 *       trivial workers; its heap per instance once all wait (after a full collection), its CPU per
 *       minute while they wait, and the time to drain them: {@code N} message correlations until
 *       every one has reached its user task.
 *   <li>The real flow: {@code N} instances of {@code transcode-with-approval} (a one-rung ladder,
 *       no fitting, default {@code pollSeconds}), with the same figures and the status reads per
 *       job-minute while nothing changes; the drain is the stand-in releasing every job (and
 *       calling back, with callbacks on) until every instance has left its wait for "Prove the
 *       renditions". That task's worker is off, as the floor's user task does nothing: the
 *       renditions' files are not served by the stand-in, so its proofs would fail and be retried
 *       all through the drain, work that belongs to no wait.
 * </ol>
 *
 * <p>The status reads are the steady state a long wait settles into, measured from when the
 * stand-in was asked about each job: of each job's reads, those made once its wait (from its first
 * read) had lasted a safety poll, and the time between the first and the last of them, summed over
 * the jobs that had two such reads. At the application's pace (poll interval 1 minute, safety poll
 * 15) that takes waits of over 45 minutes, so {@code -Dbenchmark.time-scale=10} runs the waits ten
 * times faster: poll interval 6 s, safety poll 90 s, and a job-minute 6 s, the reads being counted
 * per such scaled minute. The scale applies to the two callback settings only (the floor's timer
 * stays 15 minutes, so its instances wait all through the window), and the time a check itself
 * takes (a timer, a job, a read) is not scaled: it weighs ten times more in the scaled figure than
 * at the application's pace.
 *
 * <p>Every figure is printed beside the floor's and as a ratio, with the heap's largest growths by
 * class ({@code jcmd GC.class_histogram}) per instance. The stand-in's own threads are left out of
 * the CPU.
 *
 * <p>Run: {@code mvn -B -o -pl src/mediaflow-app -am test -Dtest=InFlightBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dbenchmark.in-flight=1000} ({@code -Dbenchmark.callbacks=off} waits with callbacks off; {@code
 * -Dbenchmark.idle-seconds=60}, {@code -Dbenchmark.wait-seconds=120} the measuring windows, {@code
 * -Dbenchmark.wait-age=30} how long the instances wait before the window opens; {@code
 * -Dbenchmark.time-scale=10} with {@code -Dbenchmark.wait-seconds=240} the status reads' steady
 * state).
 */
class InFlightBenchmark extends MediaflowTest {

  private static final int IN_FLIGHT = Integer.getInteger("benchmark.in-flight", 1000);
  private static final boolean CALLBACKS =
      !"off".equals(System.getProperty("benchmark.callbacks", "on"));
  private static final Duration IDLE =
      Duration.ofSeconds(Integer.getInteger("benchmark.idle-seconds", 60));
  private static final Duration WINDOW =
      Duration.ofSeconds(Integer.getInteger("benchmark.wait-seconds", 120));
  private static final Duration WAIT_AGE =
      Duration.ofSeconds(Integer.getInteger("benchmark.wait-age", 30));

  /** How many times faster than the application's the waits' schedule runs. */
  private static final int TIME_SCALE = Integer.getInteger("benchmark.time-scale", 1);

  /** A minute of the application's pace, at the benchmark's. */
  private static final Duration JOB_MINUTE = Duration.ofMinutes(1).dividedBy(TIME_SCALE);

  /** The application's defaults (a minute, 15 minutes), at the benchmark's pace. */
  private static final Duration POLL_INTERVAL = JOB_MINUTE;

  private static final Duration SAFETY_POLL = JOB_MINUTE.multipliedBy(15);

  private static final String REAL = "transcode-with-approval";
  private static final String FLOOR = "benchmark-in-flight-floor";
  private static final String FLOOR_TASK = "benchmark.in-flight.trivial";
  private static final String FLOOR_MESSAGE = "benchmark-in-flight-finished";

  /** The job type of the real flow's task after its wait, "Prove the renditions". */
  private static final String PROVE_RENDITIONS = "mediaflow.transcoding.check_renditions";

  /** Instances started at once, as several clients would. */
  private static final int STARTS_IN_PARALLEL = 32;

  /**
   * Messages published at once: as many as the stand-in's callbacks ({@link StandInTranscoding}).
   */
  private static final int CALLBACKS_IN_PARALLEL = StandInTranscoding.CALLBACKS_AT_ONCE;

  private static final StandInTranscoding SERVICE = standIn();

  @Autowired private EngineRecordFeed feed;

  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final long pid = ProcessHandle.current().pid();
  private final Map<String, AtomicInteger> reached = new ConcurrentHashMap<>();

  @DynamicPropertySource
  static void inFlight(DynamicPropertyRegistry registry) {
    // What the application keeps, not what the tests' record list would.
    registry.add("mediaflow.test.every-record", () -> "false");
    registry.add("mediaflow.transcoding.base-url", SERVICE::baseUrl);
    registry.add("mediaflow.callbacks.enabled", () -> Boolean.toString(CALLBACKS));
    registry.add("camunda.client.worker.override[" + PROVE_RENDITIONS + "].enabled", () -> "false");
  }

  static {
    // The application's pace of waits, scaled, not the tests' quick one (see MediaflowTest).
    System.setProperty("mediaflow.callbacks.poll-interval", POLL_INTERVAL.toMillis() + "ms");
    System.setProperty("mediaflow.callbacks.safety-poll", SAFETY_POLL.toMillis() + "ms");
  }

  private static StandInTranscoding standIn() {
    try {
      return new StandInTranscoding(freePort());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void instancesInFlightAgainstTheFloor() throws Exception {
    progress("ready");
    feed.subscribe(this::count);
    deployFloor();
    try (SERVICE) {
      // Start-up's compilations and first snapshots are over.
      letTimePass(Duration.ofSeconds(30));
      Cpu idle = cpuOver(IDLE);

      Phase floor;
      try (JobWorker trivial = trivialWorker()) {
        floor =
            phase(
                FLOOR,
                this::startFloor,
                "Wait",
                "Review",
                () ->
                    CommandsAtOnce.send(
                        IN_FLIGHT,
                        CALLBACKS_IN_PARALLEL,
                        i ->
                            camunda
                                .newPublishMessageCommand()
                                .messageName(FLOOR_MESSAGE)
                                .correlationKey("floor-" + i)
                                .send()));
      }
      Phase real =
          phase(REAL, this::startReal, "JobEventOrTimer", "CheckRenditions", SERVICE::release);
      print(idle, floor, real);
    }
  }

  /** One kind of instance: started, measured while waiting, drained. */
  private Phase phase(
      String process, Runnable startAll, String waiting, String drainedAt, Runnable drain)
      throws Exception {
    Histogram before = histogram();
    long heapBefore = liveHeap();
    progress(process + ": starting " + IN_FLIGHT);
    startAll.run();
    awaitReached(process, waiting, ProcessInstanceIntent.ELEMENT_ACTIVATED);
    progress(process + ": all wait");
    letTimePass(WAIT_AGE);
    long heapWaiting = liveHeap();
    Histogram waitingHistogram = histogram();
    long readsBefore = SERVICE.statusReads();
    Cpu waitingCpu = cpuOver(WINDOW);
    long reads = SERVICE.statusReads() - readsBefore;
    SteadyReads steady = SteadyReads.of(SERVICE.readTimes());
    progress(process + ": draining");
    long drainStarted = System.nanoTime();
    drain.run();
    awaitReached(process, drainedAt, ProcessInstanceIntent.ELEMENT_ACTIVATED);
    Duration drained = Duration.ofNanos(System.nanoTime() - drainStarted);
    progress(process + ": drained in " + drained);
    return new Phase(
        process,
        (heapWaiting - heapBefore) / (double) IN_FLIGHT,
        waitingCpu,
        reads,
        steady,
        drained,
        waitingHistogram.minus(before));
  }

  /** Where the run is, for a run that takes long: the figures come at the end. */
  private static void progress(String what) {
    System.out.println(java.time.Instant.now() + " " + what);
    System.out.flush();
  }

  private void startFloor() {
    CommandsAtOnce.send(
        IN_FLIGHT,
        STARTS_IN_PARALLEL,
        i ->
            camunda
                .newCreateInstanceCommand()
                .bpmnProcessId(FLOOR)
                .latestVersion()
                .variables(Map.of("token", "floor-" + i, "ladder", StandInTranscoding.ladder()))
                .send());
  }

  private void startReal() {
    CommandsAtOnce.send(
        IN_FLIGHT, STARTS_IN_PARALLEL, i -> StandInTranscoding.instance(camunda, i).send());
  }

  /**
   * The floor's process: the real one's way to its wait, each service task a trivial worker's, and
   * its wait a message or a timer as long as the real wait's longest pause.
   */
  private void deployFloor() {
    BpmnModelInstance model =
        Bpmn.createExecutableProcess(FLOOR)
            .startEvent()
            .serviceTask("CreateTask")
            .zeebeJobType(FLOOR_TASK)
            .serviceTask("StartJob")
            .zeebeJobType(FLOOR_TASK)
            .eventBasedGateway("Wait")
            .intermediateCatchEvent("Finished")
            .message(message -> message.name(FLOOR_MESSAGE).zeebeCorrelationKeyExpression("token"))
            .serviceTask("CheckJob")
            .zeebeJobType(FLOOR_TASK)
            .userTask("Review")
            .zeebeUserTask()
            .endEvent()
            .moveToNode("Wait")
            .intermediateCatchEvent("TimeToCheck")
            .timerWithDuration("PT15M")
            .connectTo("CheckJob")
            .done();
    camunda.newDeployResourceCommand().addProcessModel(model, FLOOR + ".bpmn").send().join();
  }

  /** Completes each job at once with a variable of the size the real task writes. */
  private JobWorker trivialWorker() {
    return camunda
        .newWorker()
        .jobType(FLOOR_TASK)
        .handler(
            (client, job) ->
                client
                    .newCompleteCommand(job)
                    .variables(
                        Map.of(
                            "transcoding" + job.getElementId(),
                            Map.of("task_token", UUID.randomUUID().toString(), "status", "ok")))
                    .send()
                    .join())
        .open();
  }

  private void count(Record<?> record) {
    if (record.getValue() instanceof ProcessInstanceRecordValue value
        && record.getIntent() instanceof ProcessInstanceIntent intent) {
      reached
          .computeIfAbsent(
              value.getBpmnProcessId() + "/" + value.getElementId() + "/" + intent,
              key -> new AtomicInteger())
          .incrementAndGet();
    }
  }

  private void awaitReached(String process, String element, ProcessInstanceIntent intent) {
    String key = process + "/" + element + "/" + intent;
    Awaitility.await(IN_FLIGHT + " instances of " + process + " at " + element)
        .atMost(Duration.ofMinutes(30))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              feed.catchUp();
              return reached.getOrDefault(key, new AtomicInteger()).get() >= IN_FLIGHT;
            });
  }

  /** The heap live after a full collection, in bytes. */
  private long liveHeap() {
    System.gc();
    System.gc();
    return memory.getHeapMemoryUsage().getUsed();
  }

  /** This JVM's CPU over {@code window} by group of threads, the stand-in's left out. */
  private Cpu cpuOver(Duration window) {
    ThreadCpu.Snapshot start = ThreadCpu.of(pid);
    letTimePass(window);
    Map<String, Double> groups = ThreadCpu.of(pid).byGroup(start);
    groups.keySet().removeIf(name -> name.startsWith(StandInTranscoding.THREADS));
    return new Cpu(groups, window);
  }

  private record Cpu(Map<String, Double> seconds, Duration window) {
    double perMinute() {
      return seconds.values().stream().mapToDouble(Double::doubleValue).sum()
          * 60
          / window.toSeconds();
    }

    String largest(int count) {
      var out = new StringBuilder();
      seconds.entrySet().stream()
          .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
          .limit(count)
          .forEach(
              group ->
                  out.append(
                      String.format(
                          Locale.ROOT,
                          "%n      %-28s %6.2f s/min",
                          group.getKey(),
                          group.getValue() * 60 / window.toSeconds())));
      return out.toString();
    }
  }

  private record Phase(
      String process,
      double heapPerInstance,
      Cpu waiting,
      long statusReads,
      SteadyReads steadyReads,
      Duration drained,
      Histogram growth) {}

  /**
   * The status reads of waits past their first safety poll, from the stand-in's log of them.
   *
   * @param jobs the jobs that had two reads or more once their wait had lasted a safety poll
   * @param intervals the pauses between those reads
   * @param time the sum of those pauses
   */
  private record SteadyReads(int jobs, long intervals, Duration time) {

    static SteadyReads of(Map<String, List<Long>> readTimes) {
      int jobs = 0;
      long intervals = 0;
      long nanos = 0;
      for (List<Long> times : readTimes.values()) {
        long first = times.getFirst();
        List<Long> steady =
            times.stream().filter(at -> at - first >= SAFETY_POLL.toNanos()).toList();
        if (steady.size() >= 2) {
          jobs++;
          intervals += steady.size() - 1;
          nanos += steady.getLast() - steady.getFirst();
        }
      }
      return new SteadyReads(jobs, intervals, Duration.ofNanos(nanos));
    }

    double perJobMinute() {
      return intervals / (time.toNanos() / (double) JOB_MINUTE.toNanos());
    }
  }

  /** Bytes per class, from {@code jcmd <pid> GC.class_histogram} (which collects first). */
  private record Histogram(Map<String, Long> bytes) {
    Histogram minus(Histogram earlier) {
      var growth = new HashMap<String, Long>();
      bytes.forEach((name, size) -> growth.put(name, size - earlier.bytes.getOrDefault(name, 0L)));
      return new Histogram(growth);
    }

    String largest(int count) {
      var out = new StringBuilder();
      bytes.entrySet().stream()
          .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
          .limit(count)
          .forEach(
              entry ->
                  out.append(
                      String.format(
                          Locale.ROOT,
                          "%n      %-60s %8.1f B/instance",
                          entry.getKey(),
                          entry.getValue() / (double) IN_FLIGHT)));
      return out.toString();
    }
  }

  /**
   * The histogram of {@code jcmd <pid> GC.class_histogram}, asked in this JVM through its
   * diagnostic command MBean.
   */
  private static Histogram histogram() throws JMException {
    String text =
        (String)
            ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram",
                    new Object[] {new String[0]},
                    new String[] {String[].class.getName()});
    var bytes = new HashMap<String, Long>();
    for (String line : text.lines().toList()) {
      // "   1:   123456   7890123  java.lang.String (java.base@25)"
      String[] fields = line.trim().split("\\s+");
      if (fields.length >= 4 && fields[0].endsWith(":") && fields[1].matches("\\d+")) {
        bytes.merge(fields[3], Long.parseLong(fields[2]), Long::sum);
      }
    }
    return new Histogram(bytes);
  }

  private static void print(Cpu idle, Phase floor, Phase real) {
    var out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%nIn flight: %d instances of each, callbacks %s; measured waiting %d s after all waited,"
                + " over %d s%n",
            IN_FLIGHT,
            CALLBACKS ? "on" : "off",
            WAIT_AGE.toSeconds(),
            WINDOW.toSeconds()));
    out.append(
        String.format(
            Locale.ROOT,
            "  idle application: %.2f s CPU per minute; largest:%s%n",
            idle.perMinute(),
            idle.largest(8)));
    out.append(String.format(Locale.ROOT, "  %-34s %12s %12s %8s%n", "", "floor", "real", "ratio"));
    row(
        out,
        "heap per instance in flight, KB",
        floor.heapPerInstance() / 1024,
        real.heapPerInstance() / 1024);
    row(out, "CPU while waiting, s/min", floor.waiting().perMinute(), real.waiting().perMinute());
    row(
        out,
        "drain of all, s",
        floor.drained().toMillis() / 1000.0,
        real.drained().toMillis() / 1000.0);
    out.append("  the stand-in's callbacks, by answer: " + SERVICE.callbackAnswers() + "\n");
    out.append(steadyReads(real));
    out.append("  floor: CPU while waiting by thread:" + floor.waiting().largest(6) + "\n");
    out.append("  real: CPU while waiting by thread:" + real.waiting().largest(6) + "\n");
    out.append("  floor: heap growth by class:" + floor.growth().largest(10) + "\n");
    out.append("  real: heap growth by class:" + real.growth().largest(10) + "\n");
    System.out.println(out);
  }

  private static String steadyReads(Phase real) {
    SteadyReads steady = real.steadyReads();
    String pace =
        TIME_SCALE == 1
            ? String.format(
                Locale.ROOT,
                "poll interval %s, safety poll %s",
                POLL_INTERVAL.toMinutes() + " min",
                SAFETY_POLL.toMinutes() + " min")
            : String.format(
                Locale.ROOT,
                "time scaled %dx: poll interval %.1f s, safety poll %.1f s, a job-minute %.1f s",
                TIME_SCALE,
                POLL_INTERVAL.toMillis() / 1000.0,
                SAFETY_POLL.toMillis() / 1000.0,
                JOB_MINUTE.toMillis() / 1000.0);
    if (steady.intervals() == 0) {
      return String.format(
          Locale.ROOT,
          "  status reads per job-minute past the first safety poll: not measured (%s): no wait"
              + " had two reads past its first safety poll; use -Dbenchmark.time-scale=10"
              + " -Dbenchmark.wait-seconds=240 (%d reads in the window)%n",
          pace,
          real.statusReads());
    }
    return String.format(
        Locale.ROOT,
        "  status reads per job-minute past the first safety poll: %.3f (%s; %d pauses of %d of"
            + " %d jobs, %.1f s each on average; %d reads in the window)%n",
        steady.perJobMinute(),
        pace,
        steady.intervals(),
        steady.jobs(),
        IN_FLIGHT,
        steady.time().toMillis() / 1000.0 / steady.intervals(),
        real.statusReads());
  }

  private static void row(StringBuilder out, String what, double floor, double real) {
    out.append(
        String.format(
            Locale.ROOT, "  %-34s %12.2f %12.2f %8.2f%n", what, floor, real, real / floor));
  }
}
