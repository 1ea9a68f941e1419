package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.app.engine.history.DecisionHistory;
import io.mediaflow.app.engine.history.HistoryFixture;
import io.mediaflow.app.engine.history.ProcessHistory;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: a benchmark that prints figures and asserts nothing about them. Feeds the history
 * {@code benchmark.instances} ended instances of a small process (a user task, a job and a variable
 * each, and a decision its task evaluated), kept every {@code benchmark.batch} instances as the
 * engine keeps it after a snapshot, and prints beside a baseline of the same instances all in the
 * heap (a history without a store, as every ended instance was before they were kept on disk):
 *
 * <ul>
 *   <li>the heap in use after full collections with none and with them;
 *   <li>a restart over the folder: the history's store opened and the first search answered;
 *   <li>p50 and p99 of {@code POST /v2/process-instances/search} by state and by variable, of the
 *       element instances of one instance, of the running instances and of the open user tasks
 *       ({@code benchmark.running} instances, 100 by default, still running beside those ended),
 *       and of {@code POST /v2/decision-instances/search} by process instance and the newest first
 *       (a page of 100), answered as the REST API does.
 * </ul>
 *
 * <p>Run: {@code mvn -B test -pl src/mediaflow-app -am -Dtest=EndedHistoryBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dbenchmark.instances=100000}
 */
class EndedHistoryBenchmark {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 100_000);
  private static final int BATCH = Integer.getInteger("benchmark.batch", 5_000);
  private static final int RUNS = 400;

  /** Instances still running beside those ended, each with an open user task. */
  private static final int RUNNING = Integer.getInteger("benchmark.running", 100);

  @Test
  void endedInstancesOnDiskBesideAllInTheHeap(@TempDir Path folder) throws Exception {
    var kept = HistoryFixture.keptIn(folder);
    kept.keep(); // the store open and written once, with no instance yet
    long none = liveHeap();
    histogram("none");
    long began = System.nanoTime();
    feed(kept, true);
    long written = System.nanoTime();
    long onDisk = liveHeap();
    histogram("kept on disk");
    System.out.printf(
        "%d ended instances kept on disk in %.1f s (a keep every %d)%n",
        INSTANCES, (written - began) / 1e9, BATCH);

    long restarting = System.nanoTime();
    HistoryFixture restartedFixture = HistoryFixture.keptIn(folder);
    ProcessHistory restarted = restartedFixture.history();
    var search = new ProcessInstanceSearch(restarted, null);
    long found =
        search
            .apply(query("{\"filter\": {\"state\": \"COMPLETED\"}}"))
            .path("page")
            .path("totalItems")
            .asLong();
    long ready = System.nanoTime();
    System.out.printf(
        "restart: the store opened and the first search answered (%d) in %.0f ms%n",
        found, (ready - restarting) / 1e6);
    String[] onDiskTimes = searches(restarted, restartedFixture.decisions());
    restarted = null;
    restartedFixture = null;
    search = null;
    kept = null;
    long afterDisk = liveHeap();

    var inHeap = new HistoryFixture();
    feed(inHeap, false);
    long allInHeap = liveHeap();
    String[] inHeapTimes = searches(inHeap.history(), inHeap.decisions());

    System.out.printf(
        "heap after full collections: none %.1f MB; kept on disk %.1f MB (%+.1f %%); all in the"
            + " heap %.1f MB (%+.1f %%)%n",
        none / 1e6,
        onDisk / 1e6,
        100.0 * (onDisk - none) / none,
        allInHeap / 1e6,
        100.0 * (allInHeap - afterDisk) / afterDisk);
    System.out.printf("%-48s %-22s %-22s%n", "search, p50 / p99 ms", "on disk", "all in the heap");
    String[] names = {
      "process instances by state (first page of 100)",
      "process instances by variable",
      "element instances of one ended instance",
      "process instances by state ACTIVE (first page)",
      "open user tasks (first page)",
      "decision instances of one ended instance",
      "decision instances, newest first (page of 100)"
    };
    for (int i = 0; i < names.length; i++) {
      System.out.printf("%-48s %-22s %-22s%n", names[i], onDiskTimes[i], inHeapTimes[i]);
    }
  }

  private static void feed(HistoryFixture fixture, boolean keep) {
    for (int i = 0; i < RUNNING; i++) {
      fixture.instance(key(INSTANCES + i), "transcode", false);
    }
    for (int i = 0; i < INSTANCES; i++) {
      fixture.instance(key(i), "transcode", true);
      fixture.evaluation(key(i) + 5, key(i), "ladder", Duration.ZERO);
      if ((i + 1) % BATCH == 0) {
        if (keep) {
          fixture.keep();
        } else {
          fixture.catchUp();
        }
      }
    }
  }

  private static long key(int instance) {
    return 1_000 + 10L * instance;
  }

  /** The searches' times, each over instances spread across those kept. */
  private static String[] searches(ProcessHistory history, DecisionHistory decisions)
      throws Exception {
    var search = new ProcessInstanceSearch(history, null);
    var byState = query("{\"filter\": {\"state\": \"COMPLETED\"}}");
    String[] times = new String[7];
    times[0] = time(i -> search.apply(byState));
    times[1] =
        time(
            i ->
                search.apply(
                    query(
                        "{\"filter\": {\"variables\": [{\"name\": \"source\", \"value\":"
                            + " \"\\\"in-"
                            + key(spread(i))
                            + ".mp4\\\"\"}]}}")));
    times[2] =
        time(
            i ->
                Search.of(
                        query("{\"filter\": {\"processInstanceKey\": \"" + key(spread(i)) + "\"}}"),
                        search.elementFilters())
                    .apply(history.elementInstanceLookup(), Shapes::elementInstance));
    var running = query("{\"filter\": {\"state\": \"ACTIVE\"}}");
    times[3] = time(i -> search.apply(running));
    var openTasks = query("{\"filter\": {\"state\": \"CREATED\"}}");
    times[4] =
        time(
            i ->
                Search.of(openTasks)
                    .apply(history.userTaskLookup(), task -> Shapes.userTask(task, null, null)));
    var evaluated = new DecisionController(decisions, null);
    times[5] =
        time(
            i ->
                evaluated.searchInstances(
                    query("{\"filter\": {\"processInstanceKey\": \"" + key(spread(i)) + "\"}}")));
    var newest = query("{\"sort\": [{\"field\": \"evaluationDate\", \"order\": \"DESC\"}]}");
    times[6] = time(i -> evaluated.searchInstances(newest));
    check(evaluated.searchInstances(newest), Math.min(INSTANCES, Search.MAX_TOTAL_ITEMS));
    check(search.apply(byState), Math.min(INSTANCES, Search.MAX_TOTAL_ITEMS));
    check(search.apply(running), Math.min(RUNNING, Search.MAX_TOTAL_ITEMS));
    check(
        Search.of(openTasks)
            .apply(history.userTaskLookup(), task -> Shapes.userTask(task, null, null)),
        Math.min(RUNNING, Search.MAX_TOTAL_ITEMS));
    return times;
  }

  private static void check(ObjectNode answer, long total) {
    if (answer.path("page").path("totalItems").asLong() != total) {
      throw new IllegalStateException("Found " + answer.path("page") + ", expected " + total);
    }
  }

  /** The {@code i}th instance searched: spread over every one kept. */
  private static int spread(int i) {
    return (int) ((i * 7919L) % INSTANCES);
  }

  private static JsonNode query(String json) {
    try {
      return ApiJson.MAPPER.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(json, e);
    }
  }

  private interface Run {
    ObjectNode apply(int i);
  }

  /** Keeps each answer in use, so the JIT cannot drop the search being timed. */
  private static volatile long sink;

  private static String time(Run search) {
    for (int i = 0; i < RUNS / 4; i++) {
      sink += search.apply(i).size(); // warm-up
    }
    List<Long> nanos = new ArrayList<>();
    for (int i = 0; i < RUNS; i++) {
      long began = System.nanoTime();
      ObjectNode answer = search.apply(RUNS + i);
      nanos.add(System.nanoTime() - began);
      if (answer.path("items").isEmpty()) {
        throw new IllegalStateException("Nothing found: " + answer);
      }
      sink += answer.size();
    }
    Collections.sort(nanos);
    return String.format(
        "%.2f / %.2f", nanos.get(RUNS / 2) / 1e6, nanos.get(RUNS * 99 / 100) / 1e6);
  }

  /**
   * With {@code -Dbenchmark.histogram=true}, the classes that take the most of the live heap, for a
   * look at what grows.
   */
  private static void histogram(String when) throws Exception {
    if (Boolean.getBoolean("benchmark.histogram")) {
      String histogram =
          (String)
              ManagementFactory.getPlatformMBeanServer()
                  .invoke(
                      new ObjectName("com.sun.management:type=DiagnosticCommand"),
                      "gcClassHistogram",
                      new Object[] {null},
                      new String[] {String[].class.getName()});
      System.out.println("live heap, " + when + ":");
      histogram.lines().limit(22).forEach(System.out::println);
    }
  }

  /** The heap in use after full collections: what is really held. */
  private static long liveHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
