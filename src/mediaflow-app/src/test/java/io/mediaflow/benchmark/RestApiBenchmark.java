package io.mediaflow.benchmark;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.MediaflowTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * Not a test: a benchmark that prints figures and asserts nothing about time. Grows the engine's
 * history round by round (instances with a user task, half of them completed) and prints per round
 * how many records the engine holds and the median and 95th percentile time of a user task search
 * for one instance and of a completion, through the REST API. Reads are answered from a projection
 * fed from the last record read, so their cost should follow what is kept (bounded by {@code
 * mediaflow.engine.history}), not the length of the record stream.
 *
 * <p>Run: {@code mvn -B test -Dtest=RestApiBenchmark -DskipModelChecks -Dbenchmark.rounds=5
 * -Dbenchmark.instances=200}
 */
class RestApiBenchmark extends MediaflowTest {

  private static final int ROUNDS = Integer.getInteger("benchmark.rounds", 5);
  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 200);

  @Test
  void readsAndCompletionsAsHistoryGrows() {
    String processId = "rest-api-benchmark";
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(processId)
                .startEvent()
                .userTask("Review", task -> task.name("Review").zeebeUserTask())
                .endEvent()
                .done(),
            processId + ".bpmn")
        .send()
        .join();
    System.out.printf(
        "%-6s %-10s %-22s %-22s%n", "round", "records", "search p50/p95 ms", "complete p50/p95 ms");
    for (int round = 1; round <= ROUNDS; round++) {
      List<Long> keys = new ArrayList<>();
      for (int i = 0; i < INSTANCES; i++) {
        keys.add(start(processId, Map.of("round", round)));
      }
      List<Long> searches = new ArrayList<>();
      List<Long> completions = new ArrayList<>();
      for (int i = 0; i < keys.size(); i++) {
        long began = System.nanoTime();
        UserTask task = awaitUserTask(keys.get(i), "Review");
        searches.add(System.nanoTime() - began);
        if (i % 2 == 0) {
          began = System.nanoTime();
          completeUserTask(task, Map.of("approved", true));
          completions.add(System.nanoTime() - began);
        }
      }
      System.out.printf(
          "%-6d %-10d %-22s %-22s%n",
          round,
          StreamSupport.stream(records().records().spliterator(), false).count(),
          millis(searches, 50) + " / " + millis(searches, 95),
          millis(completions, 50) + " / " + millis(completions, 95));
    }
  }

  private static String millis(List<Long> nanos, int percentile) {
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    long value = sorted.get(Math.min(sorted.size() - 1, sorted.size() * percentile / 100));
    return String.format("%.1f", value / 1_000_000.0);
  }
}
