package io.mediaflow.benchmark;

import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: a benchmark of the embedded default's CPU with nothing to do, that prints figures and
 * asserts nothing. Two applications run side by side, each a JVM of its own over a data folder of
 * its own, started as the README's run command starts them with {@code
 * -Dmediaflow.test.packaged=true}: the application as configured, and a baseline given {@code
 * benchmark.baseline} (by default its workers' long poll at the client's default of 10 s). Both are
 * left to settle (start-up's compilations, first snapshots), then their threads' CPU is read from
 * {@code /proc} over the same window and printed per minute by group of threads.
 *
 * <p>Run: {@code mvn -B -o -q package -DskipTests -DskipModelChecks -pl src/mediaflow-app -am},
 * then {@code mvn -B -o -pl src/mediaflow-app -am test -Dtest=IdleBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dmediaflow.test.packaged=true}; {@code -Dbenchmark.settle-seconds=180} and {@code
 * -Dbenchmark.idle-seconds=180} are the windows.
 */
class IdleBenchmark {

  private static final Duration SETTLE =
      Duration.ofSeconds(Integer.getInteger("benchmark.settle-seconds", 180));
  private static final Duration WINDOW =
      Duration.ofSeconds(Integer.getInteger("benchmark.idle-seconds", 180));
  private static final String BASELINE =
      System.getProperty(
          "benchmark.baseline", "--camunda.client.worker.defaults.request-timeout=10s");

  /** The project's goal for the application's idle CPU, in seconds per minute. */
  private static final double GOAL = 1.0;

  /** Thread names (digits as {@code #}, 15 characters at most) by what they belong to. */
  private static final Map<String, Pattern> GROUPS = new LinkedHashMap<>();

  static {
    GROUPS.put("JIT compilers", Pattern.compile("^C# CompilerThre"));
    GROUPS.put("garbage collector", Pattern.compile("^(G# |GC Thread|VM Thread|VM Periodic)"));
    GROUPS.put("engine: actor threads", Pattern.compile("^zb-actors"));
    GROUPS.put("engine: file-system actor", Pattern.compile("^zb-fs"));
    GROUPS.put(
        "gRPC (gateway, client), gateway timeouts", Pattern.compile("^(grpc-|gateway-timeout)"));
    GROUPS.put(
        "engine: snapshots, backoff recovery", Pattern.compile("^(engine-snap|backoff-rec)"));
    GROUPS.put("client's scheduler (pool-#-thread-#)", Pattern.compile("^pool-#-thread-#"));
    GROUPS.put("Tomcat", Pattern.compile("^(http-nio|Catalina)"));
    GROUPS.put(
        "live sweep and its HTTP clients",
        Pattern.compile("^(mediaflow-live|httpclient|HttpClient)"));
  }

  @TempDir Path folders;

  @Test
  void idleApplicationAgainstTheBaseline() throws Exception {
    var application =
        new EmbeddedDefaultProcess(
            folders.resolve("application"), MediaflowTest.freePort(), MediaflowTest.freePort());
    var baseline =
        new EmbeddedDefaultProcess(
            folders.resolve("baseline"), MediaflowTest.freePort(), MediaflowTest.freePort());
    Process app = application.start();
    Process base = null;
    try {
      base = baseline.start(BASELINE);
      Thread.sleep(SETTLE);
      ThreadCpu.Snapshot appBefore = ThreadCpu.of(app.pid());
      ThreadCpu.Snapshot baseBefore = ThreadCpu.of(base.pid());
      Duration appCpuBefore = cpu(app);
      Duration baseCpuBefore = cpu(base);
      String loadBefore = loadAverage();
      long started = System.nanoTime();
      Thread.sleep(WINDOW);
      double minutes = (System.nanoTime() - started) / 60e9;
      double appTotal = cpu(app).minus(appCpuBefore).toNanos() / 1e9 / minutes;
      double baseTotal = cpu(base).minus(baseCpuBefore).toNanos() / 1e9 / minutes;
      print(
          loadBefore + " to " + loadAverage(),
          grouped(ThreadCpu.of(app.pid()).byGroup(appBefore), minutes),
          appTotal,
          grouped(ThreadCpu.of(base.pid()).byGroup(baseBefore), minutes),
          baseTotal);
    } finally {
      stop(app);
      if (base != null) {
        stop(base);
      }
    }
  }

  private static void stop(Process process) throws InterruptedException {
    process.destroy();
    process.waitFor();
  }

  /** The whole process's CPU, including the threads that ended in the window. */
  private static Duration cpu(Process process) {
    return process.toHandle().info().totalCpuDuration().orElseThrow();
  }

  /** Seconds of CPU per minute by group, the threads no group names as "other". */
  private static Map<String, Double> grouped(Map<String, Double> byThreadName, double minutes) {
    var groups = new TreeMap<String, Double>();
    byThreadName.forEach(
        (name, seconds) ->
            groups.merge(
                GROUPS.entrySet().stream()
                    .filter(group -> group.getValue().matcher(name).find())
                    .map(Map.Entry::getKey)
                    .findFirst()
                    .orElse("other"),
                seconds / minutes,
                Double::sum));
    return groups;
  }

  private static void print(
      String load,
      Map<String, Double> app,
      double appTotal,
      Map<String, Double> base,
      double baseTotal) {
    var out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%nIdle benchmark (%d cores, load average %s): %d s settled, %d s measured; baseline: %s%n",
            Runtime.getRuntime().availableProcessors(),
            load,
            SETTLE.toSeconds(),
            WINDOW.toSeconds(),
            BASELINE));
    out.append(
        String.format(Locale.ROOT, "  %-42s %12s %12s%n", "CPU, s/min", "application", "baseline"));
    List<String> names =
        GROUPS.keySet().stream().filter(app::containsKey).collect(Collectors.toList());
    names.add("other");
    for (String name : names) {
      out.append(
          String.format(
              Locale.ROOT,
              "  %-42s %12.3f %12.3f%n",
              name,
              app.getOrDefault(name, 0.0),
              base.getOrDefault(name, 0.0)));
    }
    out.append(
        String.format(
            Locale.ROOT,
            "  %-42s %12.3f %12.3f   application / baseline %.2f, goal <= %.1f s/min%n",
            "whole process",
            appTotal,
            baseTotal,
            appTotal / baseTotal,
            GOAL));
    System.out.print(out);
  }

  private static String loadAverage() {
    return String.format(
        Locale.ROOT, "%.1f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }
}
