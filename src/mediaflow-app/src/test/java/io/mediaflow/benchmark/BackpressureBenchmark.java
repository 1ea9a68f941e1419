package io.mediaflow.benchmark;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.mediaflow.EngineRecords;
import io.mediaflow.MediaflowTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Not a test: a benchmark of backpressure that prints figures and asserts nothing. Starts of a
 * small transcoding flow (create task, start a 240p MP4 encode of the 1080p sample, wait for it)
 * arrive at a fixed rate against the sandbox's documented limit of 20 queued tasks; faster than the
 * encoders finish, so the service answers error 22 (limit of queued tasks reached) to many starts.
 * Beside it, as the baseline, the same number of starts at a rate the limit never refuses. For
 * each: instances completed, incidents, busy answers waited out, and instances per second from the
 * first start to the last completion.
 *
 * <p>Run: {@code mvn -B -pl src/mediaflow-app -am test -Dtest=BackpressureBenchmark
 * -DskipModelChecks -Dsurefire.failIfNoSpecifiedTests=false -Dbenchmark.starts=300
 * -Dbenchmark.rate=3 -Dbenchmark.baseline-rate=1}
 */
class BackpressureBenchmark extends MediaflowTest {

  private static final String PROCESS = "benchmark-backpressure";
  private static final int STARTS = Integer.getInteger("benchmark.starts", 300);
  private static final double RATE = Double.parseDouble(System.getProperty("benchmark.rate", "3"));
  private static final double BASELINE_RATE =
      Double.parseDouble(System.getProperty("benchmark.baseline-rate", "1"));

  record Run(
      String name, double rate, int completed, int incidents, long busyAnswers, double seconds) {
    double perSecond() {
      return completed / seconds;
    }
  }

  @Test
  void startsAboveTheLimitOfQueuedTasks() throws InterruptedException {
    camunda
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess(PROCESS)
                .startEvent()
                .serviceTask(
                    "CreateTask",
                    task ->
                        task.zeebeJobType("mediaflow.transcoding.create_task")
                            .zeebeTaskHeader("resultVariable", "transcodingTask"))
                .serviceTask(
                    "StartJob",
                    task ->
                        task.zeebeJobType("mediaflow.transcoding.start_encode2")
                            .zeebeInputExpression("transcodingTask.task_token", "taskToken")
                            .zeebeInputExpression(
                                "{source: source, format: [{output: \"mp4\", resolution: 240, bitrate: 300}]}",
                                "query")
                            .zeebeTaskHeader("resultVariable", "transcodingJob"))
                .serviceTask(
                    "WaitForJob",
                    task ->
                        task.zeebeJobType("mediaflow.transcoding.wait_for_job")
                            .zeebeInputExpression("transcodingJob.task_token", "taskToken")
                            .zeebeInputExpression("transcodingJob.status_url", "statusUrl"))
                .endEvent()
                .done(),
            PROCESS + ".bpmn")
        .send()
        .join();

    Run burst = run("burst", RATE);
    Run baseline = run("baseline", BASELINE_RATE);
    for (Run run : List.of(baseline, burst)) {
      System.out.printf(
          "%-8s %4d starts at %.1f/s: %d completed, %d incidents, %d busy answers waited out,"
              + " %.1f s, %.2f instances/s%n",
          run.name(),
          STARTS,
          run.rate(),
          run.completed(),
          run.incidents(),
          run.busyAnswers(),
          run.seconds(),
          run.perSecond());
    }
    System.out.printf(
        "burst/baseline: %.2fx instances/s, %d of %d completed%n",
        burst.perSecond() / baseline.perSecond(), burst.completed(), STARTS);
  }

  private Run run(String name, double rate) throws InterruptedException {
    Set<Long> keys = ConcurrentHashMap.newKeySet();
    var source = Map.<String, Object>of("source", baseUrl() + "/sandbox/samples/bars-1080p.mp4");
    long began = System.nanoTime();
    var starter = Executors.newSingleThreadScheduledExecutor();
    long periodMicros = Math.round(1_000_000 / rate);
    starter.scheduleAtFixedRate(
        () -> {
          if (keys.size() < STARTS) {
            keys.add(start(PROCESS, source));
          }
        },
        0,
        periodMicros,
        TimeUnit.MICROSECONDS);
    try {
      // Every instance either completes or stops at an incident; nothing else ends a run.
      Awaitility.await(name + ": every instance completed or at an incident")
          .atMost(PATIENCE.multipliedBy(10))
          .pollInterval(Duration.ofSeconds(1))
          .until(
              () ->
                  keys.size() == STARTS
                      && completed(records(), keys) + incidents(records(), keys) == STARTS);
    } finally {
      starter.shutdownNow();
      starter.awaitTermination(1, TimeUnit.MINUTES);
    }
    double seconds = (System.nanoTime() - began) / 1e9;
    EngineRecords records = records();
    long busy =
        stream(records.jobRecords())
            .filter(
                r ->
                    r.getIntent() == JobIntent.FAILED
                        && keys.contains(r.getValue().getProcessInstanceKey()))
            .filter(r -> r.getValue().getErrorMessage().startsWith("Waiting, the service is busy"))
            .count();
    return new Run(name, rate, completed(records, keys), incidents(records, keys), busy, seconds);
  }

  private static int completed(EngineRecords records, Set<Long> keys) {
    return (int)
        stream(records.processInstanceRecords())
            .filter(r -> r.getIntent() == ProcessInstanceIntent.ELEMENT_COMPLETED)
            .filter(
                r ->
                    r.getValue().getBpmnElementType() == BpmnElementType.PROCESS
                        && keys.contains(r.getKey()))
            .count();
  }

  private static int incidents(EngineRecords records, Set<Long> keys) {
    return (int)
        stream(records.incidentRecords())
            .filter(
                r ->
                    r.getIntent() == IncidentIntent.CREATED
                        && keys.contains(r.getValue().getProcessInstanceKey()))
            .map(r -> r.getValue().getProcessInstanceKey())
            .distinct()
            .count();
  }

  private static <T extends Record<?>> java.util.stream.Stream<T> stream(Iterable<T> records) {
    return StreamSupport.stream(records.spliterator(), false);
  }
}
