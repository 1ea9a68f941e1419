package io.mediaflow.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRecordValue;
import io.mediaflow.MediaflowTest;
import io.mediaflow.sandbox.transcoding.JobFinished;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Not a test: a benchmark that prints figures and asserts nothing about time. Runs N {@code
 * transcode-with-approval} instances with approval automated, once with callbacks delivered and
 * once with callbacks dropped, and prints for each run: status requests per job (the sandbox's
 * counts), the median and 95th percentile time from the sandbox finishing a job to the process
 * leaving its wait, and instances per second.
 *
 * <p>Run: {@code mvn -B test -Dtest=CallbackBenchmark -DskipModelChecks -Dbenchmark.instances=50
 * -Dbenchmark.rate=5} (instances, and instances started per second).
 */
class CallbackBenchmark extends MediaflowTest {

  private static final int INSTANCES = Integer.getInteger("benchmark.instances", 50);

  /**
   * Instances started per second, a steady arrival as other systems start them; 0 starts them all
   * at once.
   */
  private static final double ARRIVALS_PER_SECOND =
      Double.parseDouble(System.getProperty("benchmark.rate", "5"));

  private static final String PROCESS = "transcode-with-approval";
  private static final Set<String> WAIT_EVENTS = Set.of("JobFinishedMessage", "TimeToCheck");

  @Autowired ConfigurableApplicationContext context;

  private final Map<String, Long> finishedAt = new ConcurrentHashMap<>();

  @DynamicPropertySource
  static void benchmarkPace(DynamicPropertyRegistry registry) {
    // A sandbox job takes about a second: long enough to need a wait, short enough for many
    // instances.
    registry.add("mediaflow.sandbox.time-scale", () -> "0.1");
    // Room for every instance's job at once, as a real account would have.
    registry.add("mediaflow.sandbox.transcoding.max-queued-tasks", () -> "1000");
    registry.add("mediaflow.sandbox.transcoding.encoders", () -> "16");
  }

  @Test
  void callbacksDeliveredAndDropped() {
    context.addApplicationListener(
        (ApplicationListener<org.springframework.context.ApplicationEvent>)
            event -> {
              if (event instanceof org.springframework.context.PayloadApplicationEvent<?> payload
                  && payload.getPayload() instanceof JobFinished finished) {
                finishedAt.put(finished.taskToken(), finished.at().toEpochMilli());
              }
            });
    run("warm-up", 5, "normal");
    var delivered = run("callbacks delivered", INSTANCES, "normal");
    var dropped = run("callbacks dropped", INSTANCES, "drop");
    post("/sandbox/callbacks/faults", Map.of("mode", "normal"));
    System.out.printf(
        "%n%-22s %10s %22s %22s %14s %10s%n",
        "run", "instances", "status requests/job", "finish->move on p50", "p95", "inst/s");
    for (Result result : List.of(delivered, dropped)) {
      System.out.printf(
          "%-22s %10d %13.2f (p50 %s) %16d ms %11d ms %14.2f%n",
          result.name,
          result.instances,
          result.statusRequestsPerJob,
          result.statusRequestsMedian,
          result.p50,
          result.p95,
          result.instancesPerSecond);
    }
    System.out.printf(
        "(%.1f instances started per second; sandbox time scale 0.1: a job takes ~1 s; polling starts at 5 s"
            + " and doubles to 60 s)%n%n",
        ARRIVALS_PER_SECOND);
  }

  private record Result(
      String name,
      int instances,
      double statusRequestsPerJob,
      long statusRequestsMedian,
      long p50,
      long p95,
      double instancesPerSecond) {}

  private Result run(String name, int count, String callbackMode) {
    post("/sandbox/callbacks/faults", Map.of("mode", callbackMode));
    send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create(baseUrl() + "/sandbox/stats"))
            .DELETE()
            .build());
    long started = System.currentTimeMillis();
    List<Long> keys = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      if (ARRIVALS_PER_SECOND > 0) {
        letTimePass(Duration.ofMillis((long) (1000 / ARRIVALS_PER_SECOND)));
      }
      keys.add(
          start(
              PROCESS,
              Map.of(
                  "source",
                  baseUrl() + "/sandbox/samples/bars.mp4",
                  "ladder",
                  List.of(Map.of("resolution", 360, "bitrate", 800, "user_tag", "360p")))));
    }
    approveUntilAllComplete(keys);
    long elapsed = System.currentTimeMillis() - started;

    List<Long> latencies = new ArrayList<>();
    List<Long> toPublish = new ArrayList<>();
    List<Long> statusPerJob = new ArrayList<>();
    Map<String, Long> statusByToken = statusRequestsByToken(keys);
    for (long key : keys) {
      String token =
          instance(key)
              .variable("transcodingJob")
              .map(j -> j.path("task_token").asText())
              .orElseThrow();
      long movedOn = lastWaitLeft(key);
      latencies.add(movedOn - finishedAt.getOrDefault(token, movedOn));
      publishedAt(token).ifPresent(at -> toPublish.add(at - finishedAt.getOrDefault(token, at)));
      statusPerJob.add(statusByToken.getOrDefault(token, 0L));
    }
    JsonNode stats = json(get("/sandbox/stats")).path("requests");
    long statusRequests =
        stats.path("POST /sandbox/transcoding/v1/status").asLong()
            + stats.path("POST /sandbox/transcoding/master/{host}/v1/status").asLong();
    Collections.sort(latencies);
    Collections.sort(toPublish);
    if (!toPublish.isEmpty()) {
      System.out.printf(
          "%s: sandbox finished -> callback published as a message, p50 %d ms%n",
          name, percentile(toPublish, 50));
    }
    Collections.sort(statusPerJob);
    return new Result(
        name,
        count,
        (double) statusRequests / count,
        statusPerJob.get(statusPerJob.size() / 2),
        percentile(latencies, 50),
        percentile(latencies, 95),
        count * 1000.0 / elapsed);
  }

  private void approveUntilAllComplete(List<Long> keys) {
    Set<Long> open = new HashSet<>(keys);
    await(
        "every instance to complete",
        () -> {
          for (UserTask task : openUserTasks(Map.of("name", "Review renditions"))) {
            if (open.contains(task.processInstanceKey())) {
              completeUserTask(task, Map.of("approved", true));
            }
          }
          open.removeIf(key -> instance(key).isCompletedNow());
          return open.isEmpty() ? java.util.Optional.of(true) : java.util.Optional.empty();
        });
  }

  /** When the instance last left its wait (the message or the timer), by the engine's record. */
  private long lastWaitLeft(long key) {
    return StreamSupport.stream(records().processInstanceRecords().spliterator(), false)
        .filter(
            r ->
                r.getValue().getProcessInstanceKey() == key
                    && r.getIntent() == ProcessInstanceIntent.ELEMENT_COMPLETED)
        .filter(r -> WAIT_EVENTS.contains(r.getValue().getElementId()))
        .mapToLong(Record::getTimestamp)
        .max()
        .orElseThrow();
  }

  private java.util.Optional<Long> publishedAt(String token) {
    return StreamSupport.stream(records().messageRecords().spliterator(), false)
        .filter(
            r -> r.getIntent() == io.camunda.zeebe.protocol.record.intent.MessageIntent.PUBLISHED)
        .filter(r -> ("transcoding:" + token + ":saved").equals(r.getValue().getMessageId()))
        .map(Record::getTimestamp)
        .findFirst();
  }

  /** Status requests per job: every completed CheckJob of the instance asked the service once. */
  private Map<String, Long> statusRequestsByToken(List<Long> keys) {
    Map<String, Long> byToken = new ConcurrentHashMap<>();
    for (long key : keys) {
      String token =
          instance(key)
              .variable("transcodingJob")
              .map(j -> j.path("task_token").asText())
              .orElseThrow();
      long checks =
          StreamSupport.stream(records().processInstanceRecords().spliterator(), false)
              .filter(
                  r ->
                      r.getValue().getProcessInstanceKey() == key
                          && r.getIntent() == ProcessInstanceIntent.ELEMENT_COMPLETED)
              .map(Record::getValue)
              .map(ProcessInstanceRecordValue::getElementId)
              .filter("CheckJob"::equals)
              .count();
      byToken.put(token, checks);
    }
    return byToken;
  }

  private static long percentile(List<Long> sorted, int percent) {
    int index = (int) Math.ceil(percent / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1)));
  }
}
