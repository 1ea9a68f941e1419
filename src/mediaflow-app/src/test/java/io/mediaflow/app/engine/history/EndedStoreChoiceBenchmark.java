package io.mediaflow.app.engine.history;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: a benchmark that prints figures and asserts nothing. What chose how the ended
 * instances are kept on disk: {@link EndedInstances} (H2's SQL over its MVStore, a table with
 * indexes) beside MVStore maps used directly (the rows by key, and an index map per search kept by
 * hand, the items' postings too), each given the same {@code benchmark.instances} ended instances
 * (a user task, a job and a variable each, as {@link HistoryFixture} makes them) in transactions of
 * {@code benchmark.batch}, each forced to disk, with small page caches (512 KB; 1 MB, the maps'
 * smallest): the time to write them, then p50 and p99 of the keys of every completed instance and
 * the first 100 of them read, of the instances with a variable's value, and of one instance's
 * details.
 *
 * <p>Run: {@code mvn -B test -pl src/mediaflow-app -am -Dtest=EndedStoreChoiceBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dbenchmark.instances=100000}
 */
class EndedStoreChoiceBenchmark {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 100_000);
  private static final int BATCH = Integer.getInteger("benchmark.batch", 5_000);
  private static final int RUNS = 400;

  @Test
  void sqlOverMvStoreBesideMvStoreMaps(@TempDir Path sql, @TempDir Path maps) throws Exception {
    HistoryStore.SavedInstance template = template();
    System.out.printf(
        "%-44s %-24s %-24s%n", "p50 / p99 ms", "H2 SQL (EndedInstances)", "MVStore maps");

    var table = new EndedInstances(sql);
    long began = System.nanoTime();
    for (int from = 0; from < INSTANCES; from += BATCH) {
      table.add(batch(template, from), List.of(), from);
    }
    double tableWrite = (System.nanoTime() - began) / 1e9;

    MVStore store =
        new MVStore.Builder()
            .fileName(maps.resolve("ended.mv").toString())
            .cacheSize(1)
            .autoCommitDisabled()
            .open();
    MVMap<Long, byte[]> rows = store.openMap("rows");
    MVMap<String, Long> byState = store.openMap("state");
    MVMap<String, Long> byVariable = store.openMap("variable");
    MVMap<String, Long> byPosting = store.openMap("posting");
    began = System.nanoTime();
    for (int from = 0; from < INSTANCES; from += BATCH) {
      for (HistoryStore.SavedInstance saved : batch(template, from)) {
        rows.put(saved.key(), HistoryStore.JSON.writeValueAsBytes(saved));
        byState.put(saved.instance().state() + ":" + padded(saved.key()), saved.key());
        for (long code : HistoryState.postings(saved)) {
          byPosting.put(code + ":" + padded(saved.key()), saved.key());
        }
        for (Variable variable : saved.variables()) {
          byVariable.put(
              variable.name() + ":" + variable.value().hashCode() + ":" + padded(saved.key()),
              saved.key());
        }
      }
      store.commit();
      store.sync();
    }
    double mapsWrite = (System.nanoTime() - began) / 1e9;
    System.out.printf(
        "%-44s %-24s %-24s%n",
        INSTANCES + " written, s",
        String.format("%.1f", tableWrite),
        String.format("%.1f", mapsWrite));

    System.out.printf(
        "%-44s %-24s %-24s%n",
        "completed: every key, the first 100 read",
        time(
            i -> {
              long[] keys = table.keysMatching(Map.of("state", Set.of("COMPLETED")));
              return keys.length + table.instances(keys).subList(0, 100).size();
            }),
        time(
            i -> {
              var keys = new ArrayList<Long>();
              var cursor = byState.cursor("COMPLETED:");
              while (cursor.hasNext() && cursor.next().startsWith("COMPLETED:")) {
                keys.add(cursor.getValue());
              }
              int read = 0;
              for (Long key : keys.subList(0, 100)) {
                read += instance(rows.get(key)).state() == InstanceState.COMPLETED ? 1 : 0;
              }
              return keys.size() + read;
            }));
    System.out.printf(
        "%-44s %-24s %-24s%n",
        "instances with a variable's value",
        time(i -> table.keysWithVariable("source", value(key(spread(i)))).length),
        time(
            i -> {
              String prefix = "source:" + value(key(spread(i))).hashCode() + ":";
              var cursor = byVariable.cursor(prefix);
              int found = 0;
              while (cursor.hasNext() && cursor.next().startsWith(prefix)) {
                found++;
              }
              return found;
            }));
    System.out.printf(
        "%-44s %-24s %-24s%n",
        "one instance's details",
        time(i -> table.details(key(spread(i))).orElseThrow().elements().size()),
        time(
            i ->
                read(rows.get(key(spread(i))), HistoryStore.SavedInstance.class)
                    .elements()
                    .size()));
    store.close();
  }

  /** One ended instance as the history keeps it. */
  private static HistoryStore.SavedInstance template() {
    var fixture = new HistoryFixture();
    fixture.instance(1_000, "transcode", true);
    fixture.history().processInstance(0);
    ProcessHistory history = fixture.history();
    ProcessInstance instance = history.processInstance(1_000).orElseThrow();
    return new HistoryStore.SavedInstance(
        1_000,
        instance,
        history.elementInstances(),
        history.variables(),
        history.userTasks(),
        List.of(),
        history.jobs(),
        List.of(),
        List.of(),
        List.of());
  }

  /** The instances {@code from} on, a batch of them, each under its own keys. */
  private static List<HistoryStore.SavedInstance> batch(
      HistoryStore.SavedInstance template, int from) {
    var batch = new ArrayList<HistoryStore.SavedInstance>(BATCH);
    for (int i = from; i < Math.min(INSTANCES, from + BATCH); i++) {
      long key = key(i);
      ProcessInstance row = template.instance();
      batch.add(
          new HistoryStore.SavedInstance(
              key,
              new ProcessInstance(
                  key,
                  row.definitionKey(),
                  row.processId(),
                  row.version(),
                  row.parentProcessInstanceKey(),
                  row.parentElementInstanceKey(),
                  row.tenantId(),
                  row.startDate(),
                  Instant.now(),
                  row.state(),
                  false,
                  Set.of()),
              template.elements(),
              template.variables().stream()
                  .map(v -> new Variable(key + 3, key, key, v.name(), value(key), v.tenantId()))
                  .toList(),
              template.userTasks(),
              List.of(),
              template.jobs(),
              List.of(),
              List.of(),
              List.of()));
    }
    return batch;
  }

  private static long key(int instance) {
    return 1_000 + 10L * instance;
  }

  private static String value(long key) {
    return "\"in-" + key + ".mp4\"";
  }

  private static int spread(int i) {
    return (int) ((i * 7919L) % INSTANCES);
  }

  private static String padded(long key) {
    return String.format("%019d", key);
  }

  private static ProcessInstance instance(byte[] row) {
    return read(row, HistoryStore.SavedInstance.class).instance();
  }

  private static <T> T read(byte[] json, Class<T> type) {
    try {
      return HistoryStore.JSON.readValue(json, type);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Keeps each answer in use, so the JIT cannot drop what is timed. */
  private static volatile long sink;

  private interface Run {
    int apply(int i);
  }

  private static String time(Run run) {
    for (int i = 0; i < RUNS / 4; i++) {
      sink += run.apply(i);
    }
    List<Long> nanos = new ArrayList<>();
    for (int i = 0; i < RUNS; i++) {
      long began = System.nanoTime();
      sink += run.apply(RUNS + i);
      nanos.add(System.nanoTime() - began);
    }
    Collections.sort(nanos);
    return String.format(
        "%.2f / %.2f", nanos.get(RUNS / 2) / 1e6, nanos.get(RUNS * 99 / 100) / 1e6);
  }
}
