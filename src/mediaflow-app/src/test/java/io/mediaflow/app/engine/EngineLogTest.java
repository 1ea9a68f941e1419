package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.mediaflow.MediaflowTest;
import io.mediaflow.app.engine.ProcessHistory.InstanceState;
import io.mediaflow.app.engine.ProcessHistory.TaskState;
import io.mediaflow.app.security.AccessProperties;
import io.mediaflow.app.security.GatewayAccess;
import java.lang.reflect.Field;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The in-memory engine's log forgets the records the feed has read, and the engine goes on working as before. */
class EngineLogTest {

  private static final AccessProperties NO_CREDENTIALS = new AccessProperties(null, null, null);

  private ZeebeTestEngine engine;
  private CamundaClient camunda;
  private EngineRecordFeed feed;
  private ProcessHistory history;
  private final AtomicLong read = new AtomicLong();

  @BeforeEach
  void start() {
    int port = MediaflowTest.freePort();
    engine = EmbeddedGateway.create(new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(30),
        GatewayAccess.server(NO_CREDENTIALS));
    engine.start();
    camunda = CamundaClient.newClientBuilder().grpcAddress(URI.create("http://127.0.0.1:" + port))
        .preferRestOverGrpc(false).build();
    feed = new EngineRecordFeed(EngineLog.of(engine));
    history = new ProcessHistory(feed, new HistoryProperties(1000, Duration.ofDays(1)), Optional.empty());
    feed.subscribe(record -> read.incrementAndGet());
    camunda.newDeployResourceCommand().addProcessModel(Bpmn.createExecutableProcess("review").startEvent()
        .serviceTask("Prepare", task -> task.zeebeJobType("prepare"))
        .userTask("Review", task -> task.name("Review")).endEvent().done(), "review.bpmn").send().join();
  }

  @AfterEach
  void stop() {
    camunda.close();
    engine.stop();
  }

  @Test
  void readRecordsAreReleasedAndInstancesStillRunToTheEnd() {
    // Enough instances for a few thousand records, so the feed releases some.
    for (int i = 0; i < 100; i++) {
      runOneInstance();
    }

    assertThat(read.get()).as("records read, enough for a release").isGreaterThan(2_000);
    assertThat(logBlocks()).as("the log's blocks, some released").containsNull();

    long key = runOneInstance();
    assertThat(history.processInstance(key)).hasValueSatisfying(
        instance -> assertThat(instance.state()).isEqualTo(InstanceState.COMPLETED));
    assertThat(history.userTasks()).filteredOn(task -> task.processInstanceKey() == key)
        .singleElement().satisfies(task -> assertThat(task.state()).isEqualTo(TaskState.COMPLETED));
    assertThat(history.processInstances()).as("what the feed derived before the release is kept").hasSize(101)
        .allSatisfy(instance -> assertThat(instance.state()).isEqualTo(InstanceState.COMPLETED));
  }

  /** Starts an instance, completes its service task and then its user task, and waits until it has ended. */
  private long runOneInstance() {
    long key = camunda.newCreateInstanceCommand().bpmnProcessId("review").latestVersion().send().join()
        .getProcessInstanceKey();
    complete(key, "prepare");
    complete(key, UserTasks.JOB_TYPE);
    await(() -> history.processInstance(key).map(i -> i.state() == InstanceState.COMPLETED).orElse(false));
    return key;
  }

  private void complete(long instanceKey, String jobType) {
    ActivatedJob job = awaitValue(() -> camunda.newActivateJobsCommand().jobType(jobType).maxJobsToActivate(1)
        .send().join().getJobs().stream().findFirst().orElse(null));
    assertThat(job.getProcessInstanceKey()).isEqualTo(instanceKey);
    camunda.newCompleteCommand(job).send().join();
  }

  /** The in-memory log's blocks, read as {@link EngineLog} reaches them. */
  private List<?> logBlocks() {
    Object logStream = field(engine, "logStream");
    return (List<?>) field(field(logStream, "logStorage"), "logEntries");
  }

  private static Object field(Object owner, String name) {
    try {
      Field field = owner.getClass().getDeclaredField(name);
      field.setAccessible(true);
      return field.get(owner);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static void await(java.util.function.BooleanSupplier done) {
    Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10)).until(done::getAsBoolean);
  }

  private static <T> T awaitValue(java.util.function.Supplier<T> probe) {
    return Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
        .until(probe::get, java.util.Objects::nonNull);
  }
}
