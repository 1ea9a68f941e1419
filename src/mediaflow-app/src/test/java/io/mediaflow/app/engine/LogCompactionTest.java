package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.CommandsAtOnce;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded default with small log segments and frequent snapshots: while instances run, the
 * segments below each snapshot are deleted, so the log on disk stays near a segment plus the growth
 * between snapshots instead of growing with every instance; after a {@code kill -9} the engine
 * still recovers (an instance started before the first deleted segment still has its open task) and
 * the REST API still shows the ended instances, which it kept beside the log, every one whose end
 * was acknowledged, even when the kill came while it wrote them.
 */
class LogCompactionTest {

  private static final int INSTANCES = 600;
  private static final int IN_FLIGHT = 32;
  private static final long SEGMENT_SIZE = 64 * 1024;
  private static final int ACKNOWLEDGED_BEFORE_THE_KILL = 400;
  private static final String[] SMALL_LOG = {
    "--mediaflow.engine.log-segment-size=64KB", "--mediaflow.engine.snapshot-log-growth=128KB"
  };

  @TempDir Path data;
  private EmbeddedDefaultProcess application;

  @BeforeEach
  void application() {
    application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
  }

  @Test
  void theLogStaysBoundedAndTheEngineAndHistoryComeBackAfterAKill() throws Exception {
    String processId = "compaction-" + UUID.randomUUID();
    String reviewId = processId + "-review";
    long review;
    Process app = application.start(SMALL_LOG);
    try (CamundaClient camunda = client()) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess(processId)
                  .startEvent()
                  .serviceTask("Work", task -> task.zeebeJobType(processId))
                  .endEvent()
                  .done(),
              processId + ".bpmn")
          .addProcessModel(
              Bpmn.createExecutableProcess(reviewId)
                  .startEvent()
                  .userTask("Review", task -> task.zeebeUserTask())
                  .endEvent()
                  .done(),
              reviewId + ".bpmn")
          .send()
          .join();
      review =
          camunda
              .newCreateInstanceCommand()
              .bpmnProcessId(reviewId)
              .latestVersion()
              .send()
              .join()
              .getProcessInstanceKey();
      try (var worker =
          camunda
              .newWorker()
              .jobType(processId)
              .handler((client, job) -> client.newCompleteCommand(job).send().join())
              .maxJobsActive(IN_FLIGHT)
              .open()) {
        CommandsAtOnce.send(
            INSTANCES,
            IN_FLIGHT,
            i ->
                camunda
                    .newCreateInstanceCommand()
                    .bpmnProcessId(processId)
                    .latestVersion()
                    .withResult()
                    .send());
      }
      Path log = data.resolve("log");
      long written = lastSegmentStart(log);
      assertThat(written)
          .as("the log's last position: far more than a few segments were written")
          .isGreaterThan(5000);
      Awaitility.await("the log deleted below a snapshot")
          .atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () ->
                  size(log) < 4 * SEGMENT_SIZE
                      && !segments(log).contains("00000000000000000001.log"));
    } finally {
      app.destroyForcibly(); // kill -9
      app.waitFor();
    }

    app = application.start(SMALL_LOG);
    try {
      assertThat(
              count(
                  "/v2/process-instances/search",
                  Map.of("processDefinitionId", processId, "state", "COMPLETED")))
          .as("every ended instance, though the log that recorded them is gone")
          .isEqualTo(INSTANCES);
      JsonNode tasks =
          application.search(
              "/v2/user-tasks/search", Map.of("processDefinitionId", reviewId, "state", "CREATED"));
      assertThat(tasks).hasSize(1);
      String task = tasks.get(0).path("userTaskKey").asText();
      assertThat(application.post("/v2/user-tasks/" + task + "/completion", "{}").statusCode())
          .isEqualTo(204);
      Awaitility.await("the instance of before the deleted segments ends")
          .atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofMillis(200))
          .until(
              () ->
                  count(
                          "/v2/process-instances/search",
                          Map.of("processInstanceKey", Long.toString(review), "state", "COMPLETED"))
                      == 1);
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  /**
   * Killed while it writes its history: each snapshot (every 128 KB of log) moves the instances
   * that ended since to the ended instances' database and deletes the log below, while instances
   * keep ending. Every instance whose end was acknowledged (a create with its result) is found
   * after the restart, by key and by its variable, though the log that recorded most of them is
   * gone.
   */
  @Test
  void noAcknowledgedEndIsLostToAKillDuringTheHistorysWrites() throws Exception {
    String processId = "ended-crash-" + UUID.randomUUID();
    Map<Long, Integer> acknowledged = new ConcurrentHashMap<>();
    Path ended = data.resolve("history/ended.mv.db");
    Process app = application.start(SMALL_LOG);
    ExecutorService load = Executors.newSingleThreadExecutor();
    var stop = new AtomicBoolean();
    try (CamundaClient camunda = client()) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess(processId).startEvent().endEvent().done(),
              processId + ".bpmn")
          .send()
          .join();
      load.submit(
          () -> {
            var slots = new Semaphore(IN_FLIGHT);
            for (int i = 0; !stop.get(); i++) {
              int number = i;
              slots.acquireUninterruptibly();
              camunda
                  .newCreateInstanceCommand()
                  .bpmnProcessId(processId)
                  .latestVersion()
                  .variables(Map.of("number", number))
                  .withResult()
                  .send()
                  .whenComplete(
                      (result, failure) -> {
                        slots.release();
                        if (failure == null) {
                          acknowledged.put(result.getProcessInstanceKey(), number);
                        }
                      });
            }
          });
      long before = Files.exists(ended) ? Files.size(ended) : 0;
      Awaitility.await("instances ended and moved to the database, the log deleted below")
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(100))
          .until(
              () ->
                  acknowledged.size() >= ACKNOWLEDGED_BEFORE_THE_KILL
                      && Files.exists(ended)
                      && Files.size(ended) > before
                      && !segments(data.resolve("log")).contains("00000000000000000001.log"));
      app.destroyForcibly(); // kill -9, while instances end and snapshots keep the history
      app.waitFor();
      stop.set(true);
    } finally {
      stop.set(true);
      load.shutdownNow();
      app.destroyForcibly();
      app.waitFor();
    }

    app = application.start(SMALL_LOG);
    try {
      assertThat(application.completedOf(acknowledged.keySet()))
          .as("every instance whose end was acknowledged")
          .containsExactlyInAnyOrderElementsOf(acknowledged.keySet());
      var some = List.copyOf(acknowledged.entrySet()).subList(0, 5);
      for (Map.Entry<Long, Integer> instance : some) {
        assertThat(
                application.search(
                    "/v2/process-instances/search",
                    Map.of(
                        "processDefinitionId",
                        processId,
                        "variables",
                        List.of(
                            Map.of("name", "number", "value", instance.getValue().toString())))))
            .as("found by its variable")
            .singleElement()
            .satisfies(
                found ->
                    assertThat(found.path("processInstanceKey").asLong())
                        .isEqualTo(instance.getKey()));
      }
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  private CamundaClient client() {
    return CamundaClient.newClientBuilder()
        .grpcAddress(application.gateway())
        .preferRestOverGrpc(false)
        .build();
  }

  private int count(String path, Map<String, Object> filter)
      throws IOException, InterruptedException {
    return application.search(path, filter).size();
  }

  private static long lastSegmentStart(Path log) throws IOException {
    return Long.parseLong(segments(log).getLast().replace(".log", ""));
  }

  private static List<String> segments(Path log) throws IOException {
    try (Stream<Path> files = Files.list(log)) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith(".log"))
          .sorted()
          .toList();
    }
  }

  private static long size(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.mapToLong(file -> file.toFile().length()).sum();
    }
  }
}
