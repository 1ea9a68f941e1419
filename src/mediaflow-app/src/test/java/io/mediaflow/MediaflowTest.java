package io.mediaflow;

import static io.camunda.process.test.api.CamundaAssert.assertThatProcessInstance;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.process.test.api.CamundaAssert;
import io.camunda.process.test.api.CamundaProcessTestExtension;
import io.camunda.process.test.api.CamundaProcessTestRuntimeMode;
import io.camunda.process.test.api.assertions.ProcessInstanceSelectors;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.camunda.zeebe.protocol.record.value.IncidentRecordValue;
import io.camunda.zeebe.protocol.record.value.ProcessInstanceRecordValue;
import io.camunda.zeebe.protocol.record.value.VariableRecordValue;
import io.mediaflow.api.ApiJson;
import io.mediaflow.app.MediaflowApplication;
import io.mediaflow.app.engine.EngineRecordFeed;
import io.mediaflow.worker.SecretProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.StreamSupport;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.junit.jupiter.SpringExtension;
import org.springframework.util.FileSystemUtils;

/**
 * The whole application as it runs by default (embedded engine, sandbox, workers, processes), on
 * free ports so a running demo does not collide with the tests. One context, shared by every test
 * class. Helpers read like the process: start it, wait for a user task, complete it, wait for the
 * end; every instance a test starts is cancelled afterwards if it is still running. User tasks are
 * found and completed through the REST API ({@code /v2/user-tasks}), as a person's task list would.
 */
// The engine's folder is given here, not by @DynamicPropertySource: the application reads it while
// it prepares its environment (DataFolder), before dynamic properties exist. The engine is the
// durable one users get, in a temporary folder (what a crash leaves is EmbeddedDefaultCrashTest's).
// Spring Boot's tests leave out the metrics registries' export unless asked: the application users
// run
// serves /actuator/prometheus, which the console's Service page reads.
@AutoConfigureObservability(tracing = false)
@SpringBootTest(
    classes = {
      MediaflowApplication.class,
      MediaflowTest.TestSecrets.class,
      MediaflowTest.EveryRecord.class
    },
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = "mediaflow.engine.data-directory=${mediaflow.test.engine-data}")
public abstract class MediaflowTest {

  /** Every port {@link #freePort} handed out in this JVM; before the first call below. */
  private static final Set<Integer> PORTS_HANDED_OUT = ConcurrentHashMap.newKeySet();

  static final int HTTP_PORT = freePort();
  static final int ENGINE_PORT = freePort();

  /**
   * How long a wait for the engine or the sandbox may take before the test fails. Only a bound,
   * never a measure: waits end as soon as their condition holds. Real encodes of a 1080p ladder on
   * a loaded two-core machine took over a minute, so a minute was a race with the machine's load.
   */
  protected static final Duration PATIENCE = Duration.ofMinutes(3);

  /** Known to the tests, so they can sign callback URLs the receiver must refuse (expired ones). */
  protected static final String CALLBACK_SECRET = "test-callback-secret";

  /**
   * The only folder the workers upload local files from ({@code
   * mediaflow.transcoding.local-source-directory}).
   */
  protected static final java.nio.file.Path LOCAL_SOURCES = temporaryDirectory("mediaflow-sources");

  /**
   * The engine's data folder. Like the ports, it belongs to the one context of a test JVM: every
   * subclass has this class's configuration, so Spring caches a single context for them all (the
   * engine refuses a folder another engine holds, so a second context could not share it
   * unnoticed). Deleted once the JVM's contexts have closed.
   */
  protected static final java.nio.file.Path ENGINE_DATA =
      temporaryDirectory("mediaflow-engine-data");

  static {
    System.setProperty("mediaflow.test.engine-data", ENGINE_DATA.toString());
    SpringApplication.getShutdownHandlers()
        .add(() -> FileSystemUtils.deleteRecursively(ENGINE_DATA.toFile()));
  }

  /**
   * What processes name as {@code {{secrets.NAME}}}: a test puts its secrets here. Stands in for
   * the environment variables the default secret provider reads, through the plugin's {@link
   * SecretProvider} extension point.
   */
  protected static final Map<String, String> SECRETS =
      new java.util.concurrent.ConcurrentHashMap<>();

  @TestConfiguration(proxyBeanMethods = false)
  static class TestSecrets {
    @Bean
    SecretProvider testSecretProvider() {
      return name -> Optional.ofNullable(SECRETS.get(name));
    }
  }

  /**
   * Every record the engine wrote, kept for the tests' assertions ({@link #records()}): the
   * application itself lets the engine forget records once it has read them. Off with {@code
   * mediaflow.test.every-record=false}, for a benchmark that measures what the application keeps.
   */
  @TestConfiguration(proxyBeanMethods = false)
  @ConditionalOnProperty(
      name = "mediaflow.test.every-record",
      havingValue = "true",
      matchIfMissing = true)
  static class EveryRecord implements EngineRecordFeed.Subscriber {
    private final EngineRecordFeed feed;
    private final List<Record<?>> records = new ArrayList<>();

    EveryRecord(EngineRecordFeed feed) {
      this.feed = feed;
      feed.subscribe(this);
    }

    @Override
    public synchronized void accept(Record<?> record) {
      records.add(record);
    }

    List<Record<?>> copy() {
      feed.catchUp();
      synchronized (this) {
        return new ArrayList<>(records);
      }
    }
  }

  /**
   * Starts the application (or takes Spring's cached one) before CPT connects to it: Spring loads a
   * context only when it prepares the test instance, after every extension's beforeAll.
   */
  @RegisterExtension
  @Order(1)
  static final BeforeAllCallback APPLICATION = SpringExtension::getApplicationContext;

  /**
   * Camunda Process Test in its remote mode against this application, as users test their processes
   * against the embedded default: it gives {@link CamundaAssert} its data (Camunda's REST API).
   * After each test CPT resets the engine's clock and asks to purge the cluster; the embedded
   * default has no purge endpoint, so CPT logs a warning and the deployed {@code bpmn/} processes
   * and the other tests' instances stay. CPT injects its own client of this application into {@link
   * #camunda}.
   */
  @RegisterExtension
  @Order(2)
  static final CamundaProcessTestExtension CPT =
      new CamundaProcessTestExtension()
          .withRuntimeMode(CamundaProcessTestRuntimeMode.REMOTE)
          .withRemoteCamundaClientBuilderFactory(() -> userClientBuilder())
          // The engine's clock is at the application's own port (/actuator/clock).
          .withRemoteCamundaMonitoringApiAddress(URI.create(baseUrl()));

  @Autowired protected CamundaClient camunda;

  @Autowired(required = false)
  private EveryRecord everyRecord;

  private final List<Long> started = new ArrayList<>();
  protected final HttpClient http = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void ports(DynamicPropertyRegistry registry) {
    registry.add("server.port", () -> HTTP_PORT);
    registry.add("mediaflow.engine.port", () -> ENGINE_PORT);
    // The sandbox's jobs and timeouts take a hundredth of their nominal time.
    registry.add("mediaflow.sandbox.time-scale", () -> "0.01");
    // Where a variation makes a change reach the CDN's edge late (a new signing key, a bucket
    // policy), 5 s: far longer than a process takes from the change to its check.
    registry.add("mediaflow.sandbox.delivery.edge-delay", () -> "500s");
    // The tests make the sandbox fail, drop answers and callbacks on purpose.
    registry.add("mediaflow.sandbox.test-controls", () -> "true");
    // Waits check again after 50 ms at first, and at most every second.
    registry.add("mediaflow.worker.poll-interval", () -> "50ms");
    registry.add("mediaflow.worker.max-poll-interval", () -> "1s");
    registry.add("mediaflow.worker.retry-backoff", () -> "100ms");
    // A wait for a callback checks again after 200 ms at first, and at most every two seconds; a
    // benchmark of waits sets the system properties to keep the application's own pace (a
    // subclass's registration of the same name does not win over this one).
    registry.add(
        "mediaflow.callbacks.poll-interval",
        () -> System.getProperty("mediaflow.callbacks.poll-interval", "200ms"));
    registry.add(
        "mediaflow.callbacks.safety-poll",
        () -> System.getProperty("mediaflow.callbacks.safety-poll", "2s"));
    registry.add("mediaflow.callbacks.secret", () -> CALLBACK_SECRET);
    registry.add("mediaflow.transcoding.local-source-directory", LOCAL_SOURCES::toString);
    // On a loaded machine the start-up deployment can take longer than the client's default 10 s.
    registry.add("camunda.client.request-timeout", () -> "60s");
    // The streams of ended instances are stopped within a second of the engine showing them ended.
    registry.add("mediaflow.live.sweep.interval", () -> "1s");
  }

  protected static String baseUrl() {
    return "http://localhost:" + HTTP_PORT;
  }

  /**
   * A client of the app as a user's own application holds it, apart from the app's: over the REST
   * API (the client's default in 8.8) when {@code preferRest}, else over gRPC. The test closes it.
   */
  protected static CamundaClient userClient(boolean preferRest) {
    return userClientBuilder().preferRestOverGrpc(preferRest).build();
  }

  private static io.camunda.client.CamundaClientBuilder userClientBuilder() {
    return CamundaClient.newClientBuilder()
        .restAddress(URI.create(baseUrl()))
        .grpcAddress(URI.create("http://localhost:" + ENGINE_PORT));
  }

  /**
   * CPT's assertions wait until they hold; here real encodes on a loaded machine take minutes, not
   * CPT's default 10 s. CPT resets the timeout after each test.
   */
  @BeforeEach
  void patience() {
    CamundaAssert.setAssertionTimeout(PATIENCE);
  }

  /**
   * When a test fails, what each of its instances still running is doing: CPT's failure names the
   * elements' states, not the incidents and job failures behind them.
   */
  @RegisterExtension
  final TestExecutionExceptionHandler whereTheInstancesAre =
      (context, failure) -> {
        for (long key : started) {
          if (instance(key).isActiveNow()) {
            failure.addSuppressed(
                new AssertionError("instance " + key + ": " + instance(key).whereItIs()));
          }
        }
        throw failure;
      };

  /**
   * The variations the sandbox ran with (none, or the variations run's) before this test switched
   * its own on; null while it switched none.
   */
  private List<String> variationsBefore;

  /**
   * Switches on exactly these variations of the sandbox ({@code PUT /sandbox/variations}) for the
   * rest of the test, or until {@link #variationsAsBefore}; after the test the sandbox's own are
   * switched on again.
   */
  protected void variations(String... names) {
    if (variationsBefore == null) {
      var before = new ArrayList<String>();
      json(get("/sandbox/variations")).path("variations").forEach(v -> before.add(v.asText()));
      variationsBefore = before;
    }
    putVariations(List.of(names));
  }

  /** The sandbox's own variations again, as before the test switched any on. */
  @AfterEach
  protected void variationsAsBefore() {
    if (variationsBefore != null) {
      putVariations(variationsBefore);
      variationsBefore = null;
    }
  }

  private void putVariations(List<String> names) {
    try {
      var answer =
          send(
              HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/variations"))
                  .header("Content-Type", "application/json")
                  .PUT(
                      HttpRequest.BodyPublishers.ofString(
                          ApiJson.MAPPER.writeValueAsString(Map.of("variations", names))))
                  .build());
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @AfterEach
  void cancelWhatIsStillRunning() {
    for (long key : started) {
      if (!instance(key).isActiveNow()) {
        continue;
      }
      camunda.newCancelInstanceCommand(key).send().join();
    }
    started.clear();
  }

  protected long start(String processId, Map<String, Object> variables) {
    long key =
        camunda
            .newCreateInstanceCommand()
            .bpmnProcessId(processId)
            .latestVersion()
            .variables(variables)
            .send()
            .join()
            .getProcessInstanceKey();
    started.add(key);
    return key;
  }

  /**
   * An instance started elsewhere (a browser), cancelled after the test like those {@link #start}
   * starts.
   */
  protected void track(long processInstanceKey) {
    started.add(processInstanceKey);
  }

  /** An open user task as the REST API lists it. */
  /**
   * The instance that {@code parent} started by a call activity of {@code processId}, once it is
   * there.
   */
  protected long calledInstance(long parent, String processId) {
    return await(
        processId + " called by " + parent,
        () -> {
          JsonNode found =
              json(
                  post(
                      "/v2/process-instances/search",
                      Map.of(
                          "filter",
                          Map.of(
                              "parentProcessInstanceKey",
                              Long.toString(parent),
                              "processDefinitionId",
                              processId))));
          return found.path("items").isEmpty()
              ? Optional.empty()
              : Optional.of(found.path("items").get(0).path("processInstanceKey").asLong());
        });
  }

  protected record UserTask(long key, long processInstanceKey, String elementId, String name) {}

  /** The open user task with this name in this instance, once it is there. */
  protected UserTask awaitUserTask(long processInstanceKey, String name) {
    return await(
        "user task '" + name + "'",
        () ->
            openUserTasks(
                    Map.of("processInstanceKey", Long.toString(processInstanceKey), "name", name))
                .stream()
                .findFirst());
  }

  /**
   * The open user tasks matching a filter of the REST API's user task search (e.g. elementId),
   * oldest first.
   */
  protected List<UserTask> openUserTasks(Map<String, Object> filter) {
    var query = new HashMap<String, Object>(filter);
    query.put("state", "CREATED");
    HttpResponse<String> response =
        post(
            "/v2/user-tasks/search",
            Map.of(
                "filter",
                query,
                "sort",
                List.of(Map.of("field", "creationDate")),
                "page",
                Map.of("limit", 1000)));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return userTasks(json(response).path("items"));
  }

  /** The tasks of a user task search's {@code items}. */
  protected static List<UserTask> userTasks(JsonNode items) {
    var tasks = new ArrayList<UserTask>();
    for (JsonNode task : items) {
      tasks.add(
          new UserTask(
              task.path("userTaskKey").asLong(),
              task.path("processInstanceKey").asLong(),
              task.path("elementId").asText(),
              task.path("name").asText()));
    }
    return tasks;
  }

  /** Completes a user task through the REST API, as a person's task list would. */
  protected void completeUserTask(UserTask task, Map<String, Object> variables) {
    HttpResponse<String> response =
        post("/v2/user-tasks/" + task.key() + "/completion", Map.of("variables", variables));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(204);
  }

  /**
   * The task as a task list shows it, read from the REST API: the task, its {@code formId} and
   * {@code form} (the schema), and the {@code variables} it sees (name to value).
   */
  protected JsonNode describeTask(UserTask task) {
    var described =
        (com.fasterxml.jackson.databind.node.ObjectNode) json(get("/v2/user-tasks/" + task.key()));
    HttpResponse<String> form = get("/v2/user-tasks/" + task.key() + "/form");
    if (form.statusCode() == 200) {
      described.put("formId", json(form).path("formId").asText());
      described.set("form", readJson(json(form).path("schema").asText()));
    }
    var variables = described.putObject("variables");
    HttpResponse<String> found =
        post(
            "/v2/user-tasks/" + task.key() + "/variables/search?truncateValues=false",
            Map.of("page", Map.of("limit", 1000)));
    assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
    json(found)
        .path("items")
        .forEach(v -> variables.set(v.path("name").asText(), readJson(v.path("value").asText())));
    return described;
  }

  protected Instance instance(long key) {
    return new Instance(key);
  }

  protected HttpResponse<String> get(String path) {
    return send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).GET().build());
  }

  protected HttpResponse<String> post(String path, Object body) {
    try {
      return send(
          HttpRequest.newBuilder(URI.create(baseUrl() + path))
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(ApiJson.MAPPER.writeValueAsString(body)))
              .build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A bucket name no other test uses. */
  protected static String bucketName() {
    return "b-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Uploads an object (a playlist) through the sandbox's storage control endpoint. */
  protected void upload(String bucket, String path, String content) {
    var answer =
        send(
            HttpRequest.newBuilder(
                    URI.create(baseUrl() + "/sandbox/storage/" + bucket + "/" + path))
                .header("Content-Type", "application/vnd.apple.mpegurl")
                .PUT(HttpRequest.BodyPublishers.ofString(content))
                .build());
    if (answer.statusCode() != 201) {
      throw new AssertionError("upload failed: " + answer.body());
    }
  }

  protected HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  protected static JsonNode json(HttpResponse<String> response) {
    try {
      return ApiJson.MAPPER.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Polls until {@code probe} yields a value; fails after {@link #PATIENCE}. */
  protected static <T> T await(String what, Supplier<Optional<T>> probe) {
    return Awaitility.await(what)
        .atMost(PATIENCE)
        .pollInterval(Duration.ofMillis(25))
        .until(probe::get, Optional::isPresent)
        .orElseThrow();
  }

  /**
   * Lets time pass, for a test about time itself (how long a live push lasts, how often load
   * arrives, a token's lifetime); never to wait for something to happen, which {@link #await} does.
   */
  protected static void letTimePass(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while letting time pass", e);
    }
  }

  /** A process instance as the engine's record stream shows it. */
  protected final class Instance {
    private final long key;

    Instance(long key) {
      this.key = key;
    }

    /**
     * Whether the instance is running now, by the records so far: a probe that answers at once, for
     * loops that wait on several things, where CPT's assertions would wait for this one.
     */
    boolean isActiveNow() {
      return processRecords().noneMatch(MediaflowTest::ended);
    }

    /**
     * Whether the instance has completed, by the records so far: a probe like {@link #isActiveNow}.
     */
    public boolean isCompletedNow() {
      return processRecords()
          .anyMatch(r -> r.getIntent() == ProcessInstanceIntent.ELEMENT_COMPLETED);
    }

    private java.util.stream.Stream<Record<ProcessInstanceRecordValue>> processRecords() {
      return stream(records().processInstanceRecords())
          .filter(
              r ->
                  r.getRejectionType() == RejectionType.NULL_VAL
                      && r.getValue().getProcessInstanceKey() == key
                      && r.getValue().getBpmnElementType() == BpmnElementType.PROCESS);
    }

    /**
     * The elements still active, the incidents and the latest job failures: what a stuck instance
     * is doing.
     */
    public String whereItIs() {
      return describeState();
    }

    private String describeState() {
      var active = new java.util.LinkedHashMap<Long, String>();
      for (var record : records().processInstanceRecords()) {
        if (record.getValue().getProcessInstanceKey() != key) {
          continue;
        }
        switch (record.getIntent()) {
          case io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent.ELEMENT_ACTIVATED ->
              active.put(record.getKey(), record.getValue().getElementId());
          case io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent.ELEMENT_COMPLETED,
              io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent.ELEMENT_TERMINATED ->
              active.remove(record.getKey());
          default -> {}
        }
      }
      var incidents =
          stream(records().incidentRecords())
              .filter(r -> r.getValue().getProcessInstanceKey() == key)
              .map(r -> r.getValue().getElementId() + ": " + r.getValue().getErrorMessage())
              .toList();
      var jobIntents =
          stream(records().jobRecords())
              .filter(r -> r.getValue().getProcessInstanceKey() == key)
              .map(r -> r.getValue().getElementId() + ":" + r.getIntent() + "@" + r.getTimestamp())
              .toList();
      var failures =
          stream(records().jobRecords())
              .filter(
                  r -> r.getIntent() == io.camunda.zeebe.protocol.record.intent.JobIntent.FAILED)
              .filter(r -> r.getValue().getProcessInstanceKey() == key)
              .map(r -> r.getValue().getElementId() + ": " + r.getValue().getErrorMessage())
              .toList();
      var waits =
          stream(records().variableRecords())
              .filter(
                  r ->
                      r.getValue().getProcessInstanceKey() == key
                          && r.getValue().getName().startsWith("mediaflow"))
              .map(r -> r.getValue().getName() + "=" + r.getValue().getValue())
              .toList();
      return "active "
          + active.values()
          + ", incidents "
          + incidents
          + ", last job failures "
          + failures.subList(Math.max(0, failures.size() - 3), failures.size())
          + " (of "
          + failures.size()
          + "), worker state "
          + waits.subList(Math.max(0, waits.size() - 4), waits.size())
          + ", last job records "
          + jobIntents.subList(Math.max(0, jobIntents.size() - 4), jobIntents.size())
          + " at "
          + System.currentTimeMillis();
    }

    /** The first incident raised in this instance, once there is one. */
    public IncidentRecordValue awaitIncident() {
      return await(
          "an incident in instance " + key,
          () ->
              stream(records().incidentRecords())
                  .filter(
                      r ->
                          r.getIntent() == IncidentIntent.CREATED
                              && r.getValue().getProcessInstanceKey() == key)
                  .map(Record::getValue)
                  .findFirst());
    }

    /**
     * The incidents ever raised in this instance, resolved ones too: CPT sees only those still
     * active, and a completed instance has none left.
     */
    public List<String> incidentsRaised() {
      return stream(records().incidentRecords())
          .filter(
              r ->
                  r.getIntent() == IncidentIntent.CREATED
                      && r.getValue().getProcessInstanceKey() == key)
          .map(r -> r.getValue().getElementId() + ": " + r.getValue().getErrorMessage())
          .toList();
    }

    /** The latest value of a variable of this instance (any scope), as JSON. */
    public Optional<JsonNode> variable(String name) {
      return stream(records().variableRecords())
          .map(Record::getValue)
          .filter(v -> v.getProcessInstanceKey() == key && v.getName().equals(name))
          .reduce((first, second) -> second)
          .map(VariableRecordValue::getValue)
          .map(MediaflowTest::readJson);
    }

    /** The error messages of every failed attempt of the jobs of one element, oldest first. */
    public List<String> jobFailures(String elementId) {
      return stream(records().jobRecords())
          .filter(r -> r.getIntent() == io.camunda.zeebe.protocol.record.intent.JobIntent.FAILED)
          .map(Record::getValue)
          .filter(job -> job.getProcessInstanceKey() == key && job.getElementId().equals(elementId))
          .map(io.camunda.zeebe.protocol.record.value.JobRecordValue::getErrorMessage)
          .toList();
    }

    /**
     * Every variable value ever written in this instance, as JSON text: for checks that a secret
     * never was.
     */
    public List<String> allVariableValues() {
      return stream(records().variableRecords())
          .map(Record::getValue)
          .filter(v -> v.getProcessInstanceKey() == key)
          .map(VariableRecordValue::getValue)
          .toList();
    }
  }

  /**
   * The completed instance's elements completed in this order, each as often as listed and no more:
   * CPT's {@code hasCompletedElementsInOrder} finds the sequence among other completions of the
   * same elements, the counts rule those out.
   */
  protected static void assertCompletedExactlyInOrder(long key, String... elementIds) {
    var instance = assertThatProcessInstance(ProcessInstanceSelectors.byKey(key));
    instance.isCompleted().hasCompletedElementsInOrder(elementIds);
    Map<String, Integer> times = new java.util.LinkedHashMap<>();
    for (String id : elementIds) {
      times.merge(id, 1, Integer::sum);
    }
    times.forEach(instance::hasCompletedElement);
  }

  /** A copy of the engine's records as they are now. */
  protected EngineRecords records() {
    if (everyRecord == null) {
      throw new IllegalStateException(
          "mediaflow.test.every-record is off: the engine's records are not kept");
    }
    return new EngineRecords(everyRecord.copy());
  }

  private static boolean ended(Record<ProcessInstanceRecordValue> record) {
    return record.getIntent() == ProcessInstanceIntent.ELEMENT_COMPLETED
        || record.getIntent() == ProcessInstanceIntent.ELEMENT_TERMINATED;
  }

  private static <T> java.util.stream.Stream<T> stream(Iterable<T> records) {
    return StreamSupport.stream(records.spliterator(), false);
  }

  private static JsonNode readJson(String value) {
    try {
      return ApiJson.MAPPER.readTree(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static java.nio.file.Path temporaryDirectory(String prefix) {
    try {
      return java.nio.file.Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A port nobody listens at, never one handed out before in this JVM: the kernel hands a port just
   * closed out again now and then (5 times in 20,000 here), and two of them for one app would make
   * it fail to start.
   */
  public static int freePort() {
    while (true) {
      try (var socket = new ServerSocket(0)) {
        if (PORTS_HANDED_OUT.add(socket.getLocalPort())) {
          return socket.getLocalPort();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
