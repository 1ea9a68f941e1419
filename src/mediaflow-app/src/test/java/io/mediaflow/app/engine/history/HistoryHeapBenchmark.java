package io.mediaflow.app.engine.history;

import io.mediaflow.app.engine.EngineRecordFeed;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: a benchmark that prints figures and asserts nothing. The heap the history holds per
 * ended instance ({@code benchmark.instances} instances of one user task and one variable each, all
 * ended) while their details are in the heap, as every ended instance's were before the archive,
 * and once a save moved them to {@link HistoryArchive}; then the first searches of a history
 * restarted over the same folder.
 *
 * <p>Run: {@code mvn -B test -pl src/mediaflow-app -am -Dtest=HistoryHeapBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dbenchmark.instances=10000}
 */
class HistoryHeapBenchmark {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 10_000);

  @Test
  void heapPerEndedInstanceWithItsDetailsInTheHeapAndInTheArchive(@TempDir Path folder) {
    long empty = liveHeap();
    var fixture = new HistoryFixture(Optional.of(new HistoryStore(folder)));
    long key = 1_000;
    for (int i = 0; i < INSTANCES; i++, key += 10) {
      fixture.instance(key, "transcode", true);
    }
    ProcessHistory history = fixture.history();
    history.processInstances(); // reads every record
    fixture.forgetRead();
    long inHeap = liveHeap();
    history.keep();
    long archived = liveHeap();
    System.out.printf(
        "%d ended instances: %d bytes of heap each with their details in the heap, %d once"
            + " archived%n",
        history.processInstances().size(),
        (inHeap - empty) / INSTANCES,
        (archived - empty) / INSTANCES);

    long began = System.nanoTime();
    var restarted =
        new ProcessHistory(
            new EngineRecordFeed(action -> {}),
            new HistoryProperties(Duration.ofDays(30)),
            Optional.of(new HistoryStore(folder)),
            Optional.empty(),
            Clock.systemUTC());
    int found = restarted.processInstances().size();
    long loaded = System.nanoTime();
    int byInstance =
        restarted
            .variableLookup()
            .matching()
            .apply(Map.of(HistoryState.INSTANCE, Set.of(Long.toString(key - 10))))
            .size();
    long oneInstance = System.nanoTime();
    int everyInstance = restarted.variables().size();
    long every = System.nanoTime();
    System.out.printf(
        "after a restart: the store read and the first search (%d instances) %.0f ms; the"
            + " variables of one ended instance (%d) %.1f ms, of every one (%d) %.0f ms%n",
        found,
        (loaded - began) / 1e6,
        byInstance,
        (oneInstance - loaded) / 1e6,
        everyInstance,
        (every - oneInstance) / 1e6);
  }

  /** The heap in use after full collections: what is really held. */
  private static long liveHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
