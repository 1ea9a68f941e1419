package io.mediaflow.app.engine.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: a benchmark that prints figures and asserts nothing about time. What keeping the
 * history costs at a snapshot with {@code benchmark.instances} instances retained (half ended) when
 * a few of them changed since the last one: the batch appended now, against writing the whole
 * history, as every snapshot did before ({@link HistoryStore#rewrite}, the same work as the earlier
 * {@code history.json} replaced whole).
 *
 * <p>Run: {@code mvn -B test -pl src/mediaflow-app -am -Dtest=HistoryStoreBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dbenchmark.instances=10000}
 */
class HistoryStoreBenchmark {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 10_000);
  private static final int ROUNDS = 20;
  private static final int CHANGED_PER_ROUND = 10;

  @Test
  void appendingWhatChangedAgainstWritingEverything(@TempDir Path folder) throws Exception {
    var store = new HistoryStore(folder);
    var fixture = new HistoryFixture(Optional.of(store));
    long key = 1_000;
    for (int i = 0; i < INSTANCES; i++, key += 10) {
      fixture.instance(key, "transcode", i % 2 == 1);
    }
    ProcessHistory history = fixture.history();
    history.keep();
    long whole = Files.size(folder.resolve(HistoryStore.FILE));

    List<Long> appends = new ArrayList<>();
    long before = whole;
    for (int round = 0; round < ROUNDS; round++) {
      for (int i = 0; i < CHANGED_PER_ROUND; i++, key += 10) {
        fixture.instance(key, "transcode", false);
      }
      long began = System.nanoTime();
      history.keep();
      appends.add(System.nanoTime() - began);
    }
    long appended = (Files.size(folder.resolve(HistoryStore.FILE)) - before) / ROUNDS;

    HistoryStore.Saved everything = new HistoryStore(folder).loaded().orElseThrow();
    List<Long> rewrites = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      long began = System.nanoTime();
      store.rewrite(everything);
      rewrites.add(System.nanoTime() - began);
    }
    System.out.printf(
        "%d instances retained, %d changed between two keeps%n",
        everything.instances().size(), CHANGED_PER_ROUND);
    System.out.printf("append:  %s ms (p50 / p95), %d bytes per keep%n", millis(appends), appended);
    System.out.printf(
        "rewrite: %s ms (p50 / p95), %d bytes per keep%n",
        millis(rewrites), Files.size(folder.resolve(HistoryStore.FILE)));
  }

  private static String millis(List<Long> nanos) {
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    return String.format(
        "%.1f / %.1f",
        sorted.get(sorted.size() / 2) / 1e6, sorted.get(sorted.size() * 95 / 100) / 1e6);
  }
}
