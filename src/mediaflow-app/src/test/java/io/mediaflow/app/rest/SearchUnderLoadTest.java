package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.MediaflowTest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A task list searching while the engine works hard: the searches read the engine's log while it is
 * appended to, which once made one search in a few hundred answer 500.
 */
class SearchUnderLoadTest extends MediaflowTest {

  private static final int INSTANCES = 500;

  @Test
  void searchesWhileHundredsOfInstancesRunMeetNoServerError() throws InterruptedException {
    String processId = "search-under-load-" + UUID.randomUUID();
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
    Map<String, Object> openTasks =
        Map.of(
            "filter",
            Map.of("processDefinitionId", processId, "state", "CREATED"),
            "page",
            Map.of("limit", 100));
    Map<String, Object> instances = Map.of("filter", Map.of("processDefinitionId", processId));

    Queue<String> serverErrors = new ConcurrentLinkedQueue<>();
    var searches = new AtomicInteger();
    var loading = new AtomicBoolean(true);
    Thread searcher =
        Thread.ofPlatform()
            .name("searcher")
            .start(
                () -> {
                  while (loading.get()) {
                    for (HttpResponse<String> answer :
                        List.of(
                            post("/v2/user-tasks/search", openTasks),
                            post("/v2/process-instances/search", instances))) {
                      searches.incrementAndGet();
                      if (answer.statusCode() >= 500) {
                        serverErrors.add(answer.statusCode() + " " + answer.body());
                      }
                    }
                  }
                });
    try {
      IntStream.range(0, INSTANCES).forEach(i -> start(processId, Map.of()));
      var completed = new AtomicInteger();
      // An approver, as a task list: find the open reviews, complete them, until every instance has
      // ended.
      Awaitility.await()
          .atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofMillis(50))
          .until(
              () -> {
                for (JsonNode task : json(post("/v2/user-tasks/search", openTasks)).path("items")) {
                  var done =
                      post(
                          "/v2/user-tasks/" + task.path("userTaskKey").asText() + "/completion",
                          Map.of());
                  if (done.statusCode() == 204) {
                    completed.incrementAndGet();
                  }
                }
                return completed.get() == INSTANCES;
              });
    } finally {
      loading.set(false);
      searcher.join();
    }

    assertThat(searches.get()).as("searches made during the load").isGreaterThan(INSTANCES / 10);
    assertThat(serverErrors).as("server errors among %d searches", searches.get()).isEmpty();
  }
}
