package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.api.ApiJson;
import io.mediaflow.app.engine.history.HistoryFixture;
import io.mediaflow.app.engine.history.Lookup;
import io.mediaflow.app.engine.history.ProcessHistory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Not a test: a benchmark that prints figures and asserts nothing about time. Searches a history of
 * {@code benchmark.instances} instances (half of them ended, all retained) as the REST API does,
 * over the history's indexes ({@link Search#apply(Lookup, java.util.function.Function)}) and, for
 * comparison, as it did before them: every retained item shaped and filtered ({@link
 * Search#apply(java.util.stream.Stream)}). Both shape user tasks without their definition and form,
 * which the controller adds per item.
 *
 * <p>Run: {@code mvn -B test -pl src/mediaflow-app -am -Dtest=HistorySearchBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipModelChecks -DskipConsole -DskipVariations
 * -Dbenchmark.instances=10000}
 */
class HistorySearchBenchmark {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 10_000);
  private static final int RUNS = 200;

  @Test
  void searchesOverTheIndexesAndOverEveryItem() throws Exception {
    var fixture = new HistoryFixture();
    for (int i = 0; i < INSTANCES; i++) {
      fixture.instance(1_000 + 10L * i, i % 2 == 0 ? "transcode" : "go-live", i % 2 == 1);
    }
    ProcessHistory history = fixture.history();
    long someInstance = 1_000 + 10L * (INSTANCES / 2);
    System.out.printf(
        "%d instances, %d user tasks, %d variables retained%n",
        history.processInstances().size(), history.userTasks().size(), history.variables().size());
    System.out.printf("%-58s %-18s %-18s%n", "search", "index p50/p95 ms", "every item p50/p95 ms");
    compare(
        "user tasks of one instance",
        "{\"filter\": {\"processInstanceKey\": \"" + someInstance + "\"}}",
        search -> search.apply(history.userTaskLookup(), task -> Shapes.userTask(task, null, null)),
        search ->
            search.apply(
                history.userTasks().stream().map(task -> Shapes.userTask(task, null, null))));
    compare(
        "open user tasks, first page of 50",
        "{\"filter\": {\"state\": {\"$eq\": \"CREATED\", \"$in\": []}},"
            + " \"page\": {\"limit\": 50}}",
        search -> search.apply(history.userTaskLookup(), task -> Shapes.userTask(task, null, null)),
        search ->
            search.apply(
                history.userTasks().stream().map(task -> Shapes.userTask(task, null, null))));
    compare(
        "instances of a process, active, first page of 50",
        "{\"filter\": {\"processDefinitionId\":"
            + " \"transcode\", \"state\": \"ACTIVE\"}, \"page\": {\"limit\": 50}}",
        search ->
            search.apply(
                history.processInstanceLookup(),
                instance -> Shapes.processInstance(instance, null)),
        search ->
            search.apply(
                history.processInstances().stream().map(i -> Shapes.processInstance(i, null))));
    compare(
        "variables of one instance",
        "{\"filter\": {\"processInstanceKey\": \"" + someInstance + "\"}}",
        search ->
            search.apply(history.variableLookup(), variable -> Shapes.variable(variable, true)),
        search ->
            search.apply(
                history.variables().stream().map(variable -> Shapes.variable(variable, true))));
    compare(
        "instances by $like on the process id (index narrows nothing)",
        "{\"filter\": {\"processDefinitionId\": {\"$like\": \"trans*\"}}, \"page\": {\"limit\": 50}}",
        search ->
            search.apply(
                history.processInstanceLookup(),
                instance -> Shapes.processInstance(instance, null)),
        search ->
            search.apply(
                history.processInstances().stream().map(i -> Shapes.processInstance(i, null))));
  }

  private interface Way {
    ObjectNode run(Search search);
  }

  private static void compare(String name, String query, Way indexed, Way scanned)
      throws Exception {
    JsonNode request = ApiJson.MAPPER.readTree(query);
    if (!indexed.run(Search.of(request)).equals(scanned.run(Search.of(request)))) {
      throw new IllegalStateException(name + ": the two ways answer differently");
    }
    System.out.printf(
        "%-58s %-18s %-18s%n",
        name,
        time(() -> indexed.run(Search.of(request))),
        time(() -> scanned.run(Search.of(request))));
  }

  /** Keeps each answer in use, so the JIT cannot drop the search being timed. */
  private static volatile long sink;

  private static String time(Supplier<ObjectNode> search) {
    for (int i = 0; i < RUNS / 4; i++) {
      sink += search.get().size(); // warm-up
    }
    List<Long> nanos = new ArrayList<>();
    for (int i = 0; i < RUNS; i++) {
      long began = System.nanoTime();
      sink += search.get().size();
      nanos.add(System.nanoTime() - began);
    }
    Collections.sort(nanos);
    return String.format(
        "%.2f / %.2f", nanos.get(RUNS / 2) / 1e6, nanos.get(RUNS * 95 / 100) / 1e6);
  }
}
