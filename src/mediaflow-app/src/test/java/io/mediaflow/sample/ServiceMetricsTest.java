package io.mediaflow.sample;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.LoadDriver;
import io.mediaflow.MediaflowTest;
import io.mediaflow.PrometheusScrape;
import io.mediaflow.SeparateJvm;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator's Prometheus sees of the plugin, checked against what the service received: a
 * user's application with the starter and the Prometheus registry ({@link SampleApplication}, a JVM
 * of its own, as users run it) runs transcode-with-approval, go-live and protected-publishing
 * against the embedded default (its own workers and live sweep off, so that every request its
 * sandbox gets at the service's APIs is the application's), and its {@code /actuator/prometheus} is
 * scraped.
 *
 * <p>The service's side is the embedded default's own {@code /actuator/prometheus}: Spring MVC's
 * {@code http_server_requests_seconds_count}, whose {@code uri} is the sandbox controller's path
 * template. An API's requests are those under its documented base paths ({@link Api#covers}); the
 * TUS upload, the transcoding outputs, the storage, playback, samples and the sandbox's controls
 * are no API call and are counted by neither side.
 *
 * <p>Then 500 instances of a one-task process: the application's number of {@code mediaflow_*}
 * series after them is the number after the first 50, as no tag holds an id.
 */
class ServiceMetricsTest {

  private static final int TRANSCODES = 3;
  private static final int SHOWS = 2;
  private static final int PUBLISHINGS = 3;

  /** What {@link LoadDriver#startPublishing} publishes: the playlist it uploads first. */
  private static final List<String> PATHS = List.of("/master.m3u8");

  /** A stream waits this long for its encoder (a tenth of it in the sandbox's time). */
  private static final int PATIENT = 3000;

  private static final String CHEAP_PROCESS = "metrics-list-domains";
  private static final String LIST_DOMAINS = "mediaflow.delivery.list_domains";
  private static final int CHEAP_FIRST = 50;
  private static final int CHEAP_ALL = 500;

  /** The type of the jobs the engine makes of user tasks: no worker of the plugin's. */
  private static final String USER_TASK_JOB = "io.camunda.zeebe:userTask";

  /**
   * The job type of these processes that calls none of the APIs: it reads the metadata job's output
   * from the output's URL, which is not an API call (the upload, which speaks TUS to the upload
   * host, is not either, and does not run for a source given as a URL).
   */
  private static final Set<String> NO_API_CALL =
      Set.of(
          "mediaflow.transcoding.read_metadata",
          // deliverable checks fetch what a viewer fetches (renditions, signed URLs, playback
          // playlists), no API
          "mediaflow.transcoding.check_renditions",
          "mediaflow.delivery.check_signed_urls",
          "mediaflow.live.check_playback");

  /**
   * Endpoints (method and the sandbox's path template) that in these processes only the given job
   * types call: their calls are those requests, plus the API's token requests when one of their
   * jobs was the first to need a token.
   */
  private static final List<Exclusive> EXCLUSIVE =
      List.of(
          new Exclusive(
              Api.TRANSCODING,
              Set.of("mediaflow.transcoding.create_task"),
              Set.of("POST /sandbox/transcoding/v1/create_task")),
          new Exclusive(
              Api.TRANSCODING,
              Set.of("mediaflow.transcoding.start_encode2"),
              Set.of("POST /sandbox/transcoding/v1/start_encode2")),
          new Exclusive(
              Api.TRANSCODING,
              Set.of("mediaflow.transcoding.wait_for_job", "mediaflow.transcoding.check_job"),
              Set.of(
                  "POST /sandbox/transcoding/v1/status",
                  "POST /sandbox/transcoding/master/{host}/v1/status")),
          // A create first lists the streams of its name; the sweep of ended instances' streams
          // (outside a job: operation none) lists them too, and stops none here, since each show
          // stops its own stream.
          new Exclusive(
              Api.LIVE,
              Set.of("mediaflow.live.create_stream", "none"),
              Set.of("POST /sandbox/live/v1/live-streams", "GET /sandbox/live/v1/live-streams")),
          new Exclusive(
              Api.LIVE,
              Set.of("mediaflow.live.start_stream"),
              Set.of("POST /sandbox/live/v1/live-streams/{id}/start")),
          new Exclusive(
              Api.LIVE,
              Set.of(
                  "mediaflow.live.wait_for_status",
                  "mediaflow.live.dvr_recordings",
                  "mediaflow.live.check_recordings"),
              Set.of("GET /sandbox/live/v1/live-streams/{id}")),
          new Exclusive(
              Api.LIVE,
              Set.of("mediaflow.live.stop_stream"),
              Set.of("POST /sandbox/live/v1/live-streams/{id}/stop")),
          new Exclusive(
              Api.DELIVERY,
              Set.of("mediaflow.delivery.set_bucket_policy"),
              Set.of("PUT /sandbox/cdn/v1/buckets/{bucketName}/policy/{policyName}")),
          new Exclusive(
              Api.DELIVERY,
              Set.of("mediaflow.delivery.set_cors"),
              Set.of("POST /sandbox/cdn/v1/buckets/{bucketName}/cors")),
          new Exclusive(
              Api.DELIVERY,
              Set.of("mediaflow.delivery.purge_cache"),
              Set.of(
                  "POST /sandbox/cdn/v1/buckets/{bucketName}/cache/purge_all",
                  "POST /sandbox/cdn/v1/buckets/{bucketName}/cache/purge")),
          // A create first lists the keys alike, so that a lost answer is never a second key.
          new Exclusive(
              Api.DELIVERY,
              Set.of("mediaflow.delivery.create_signing_key"),
              Set.of("POST /sandbox/cdn/v1/signing-keys", "GET /sandbox/cdn/v1/signing-keys")),
          // Signing reads the key, to check what it is bound to.
          new Exclusive(
              Api.DELIVERY,
              Set.of("mediaflow.delivery.sign_urls"),
              Set.of("GET /sandbox/cdn/v1/signing-keys/{signingKeyId}")));

  @TempDir Path clusterData;
  @TempDir Path replicaDirectory;
  @TempDir Path keyStore;

  private final List<Process> started = new ArrayList<>();
  private EmbeddedDefaultProcess cluster;
  private SeparateJvm replica;

  @AfterEach
  void stop() throws InterruptedException {
    for (Process process : started.reversed()) {
      process.destroy();
      process.waitFor();
    }
  }

  /** The service's three APIs, as the plugin's meters name them and where the sandbox has them. */
  enum Api {
    TRANSCODING("transcoding", "/sandbox/transcoding/v1/", "/sandbox/transcoding/master/"),
    LIVE("live", "/sandbox/live/v1/"),
    DELIVERY("delivery", "/sandbox/cdn/v1/");

    final String tag;
    private final List<String> basePaths;

    Api(String tag, String... basePaths) {
      this.tag = tag;
      this.basePaths = List.of(basePaths);
    }

    /**
     * Whether a sandbox endpoint ({@code POST /sandbox/...}) is one of this API's: its token
     * endpoint included, the sandbox's control and download paths beside it not.
     */
    boolean covers(String endpoint) {
      String path = endpoint.substring(endpoint.indexOf(' ') + 1);
      return basePaths.stream().anyMatch(path::startsWith);
    }

    String tokenEndpoint() {
      return switch (this) {
        case TRANSCODING -> "POST /sandbox/transcoding/v1/access_token";
        case LIVE -> "POST /sandbox/live/v1/access_token/{apiKey}";
        case DELIVERY -> "POST /sandbox/cdn/v1/access_token/{apiKey}";
      };
    }
  }

  private record Exclusive(Api api, Set<String> operations, Set<String> endpoints) {}

  @Test
  void theMetersCountWhatTheServiceReceivedAndTheirSeriesStayBounded() throws Exception {
    cluster =
        new EmbeddedDefaultProcess(clusterData, MediaflowTest.freePort(), MediaflowTest.freePort());
    started.add(
        cluster.start(
            "--camunda.client.worker.defaults.enabled=false",
            "--mediaflow.live.sweep.enabled=false",
            "--mediaflow.sandbox.time-scale=0.1"));
    // What the sandbox had received before the application started: nothing of the API, unless
    // the embedded default called it itself, which the counts below would then show.
    Map<String, Long> before = sandboxRequests();
    replica =
        new SeparateJvm(
            SampleApplication.class.getName(), replicaDirectory, MediaflowTest.freePort());
    // One replica: the service calls it back directly, no balancer between.
    var environment = SampleEnvironment.of(cluster, keyStore, replica.baseUrl());
    environment.put("MEDIAFLOW_LIVE_DVRSTORAGEURL", cluster.baseUrl() + "/sandbox/dvr");
    started.add(
        replica.start(
            environment,
            List.of(
                "--spring.config.location=classpath:/io/mediaflow/sample/application.yml",
                "--management.endpoints.web.exposure.include=health,prometheus")));

    var load = new LoadDriver(cluster);
    startInstances(load);
    load.finishEverything(Duration.ofMinutes(5));
    assertThat(cluster.search("/v2/incidents/search", Map.of())).as("no incident").isEmpty();
    Map<String, Map<String, Integer>> jobs = jobsByTypeAndState(load);
    // The application's sweep of ended instances' streams lists them every 10 seconds, outside any
    // job; once it has, its series are there from the start of what is compared below.
    Awaitility.await("the application's sweep of ended instances' streams")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                scrape().sum("mediaflow_api_calls_seconds_count", Map.of("operation", "none")) > 0);

    // The last job's meters are recorded as its completion is acknowledged, a moment after the
    // engine completed it; the replica's sweep of ended streams may be mid-call at a scrape.
    Awaitility.await("the replica's meters against the sandbox's requests")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(500))
        .untilAsserted(() -> assertMetersMatch(scrape(), since(before), jobs));

    deployCheapProcess();
    Set<String> afterFirst = cheapBatch(CHEAP_FIRST);
    Set<String> afterAll = cheapBatch(CHEAP_ALL - CHEAP_FIRST);
    System.out.printf(
        "mediaflow_* series of the application: %d after the processes and %d instances of %s,"
            + " %d after %d%n",
        afterFirst.size(), CHEAP_FIRST, CHEAP_PROCESS, afterAll.size(), CHEAP_ALL);
    var added = new TreeSet<>(afterAll);
    added.removeAll(afterFirst);
    assertThat(added).as("series added after the first %d instances", CHEAP_FIRST).isEmpty();
    assertThat(afterAll).as("series after %d instances", CHEAP_ALL).isEqualTo(afterFirst);
  }

  private void assertMetersMatch(
      PrometheusScrape meters, Map<String, Long> sandbox, Map<String, Map<String, Integer>> jobs) {
    var received = new LinkedHashMap<Api, Long>();
    var counted = new LinkedHashMap<Api, Long>();
    for (Api api : Api.values()) {
      received.put(
          api,
          sandbox.entrySet().stream()
              .filter(request -> api.covers(request.getKey()))
              .mapToLong(Map.Entry::getValue)
              .sum());
      counted.put(
          api, (long) meters.sum("mediaflow_api_calls_seconds_count", Map.of("api", api.tag)));
    }
    assertThat(counted)
        .as("calls per API against the sandbox's requests %s", new TreeMap<>(sandbox))
        .isEqualTo(received)
        .allSatisfy((api, calls) -> assertThat(calls).as(api.tag).isPositive());

    for (Api api : Api.values()) {
      assertThat(meters.sum("mediaflow_api_tokens_fetched_total", Map.of("api", api.tag)))
          .as("%s tokens fetched", api.tag)
          .isEqualTo(sandbox.getOrDefault(api.tokenEndpoint(), 0L).doubleValue())
          .isPositive();
    }

    Set<String> ran = new TreeSet<>(jobs.keySet());
    Set<String> calling = new TreeSet<>(ran);
    calling.removeAll(NO_API_CALL);
    Set<String> operations =
        meters.values("mediaflow_api_calls_seconds_count", "operation").stream()
            // outside a job: the application's sweep of ended instances' streams
            .filter(operation -> !operation.equals("none"))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(operations).as("the job types whose calls were counted").isEqualTo(calling);
    for (Exclusive exclusive : EXCLUSIVE) {
      long requests =
          exclusive.endpoints().stream().mapToLong(e -> sandbox.getOrDefault(e, 0L)).sum();
      long tokens = sandbox.getOrDefault(exclusive.api().tokenEndpoint(), 0L);
      double calls =
          exclusive.operations().stream()
              .mapToDouble(
                  operation ->
                      meters.sum(
                          "mediaflow_api_calls_seconds_count", Map.of("operation", operation)))
              .sum();
      assertThat(calls)
          .as(
              "calls of %s: %s received %d, and %d tokens",
              exclusive.operations(), exclusive.endpoints(), requests, tokens)
          .isPositive()
          .isBetween((double) requests, (double) requests + tokens);
    }

    // A job's outcome is what the engine was told: a completion sent for a job whose element was
    // left meanwhile (a callback's message ended its wait) is one too, which the engine does not
    // complete but cancels.
    for (String type : ran) {
      int completed = jobs.get(type).getOrDefault("COMPLETED", 0);
      int cancelled = jobs.get(type).getOrDefault("CANCELED", 0);
      assertThat(
              meters.sum(
                  "mediaflow_job_seconds_count", Map.of("operation", type, "outcome", "completed")))
          .as("jobs of %s told to complete, the engine's %s", type, jobs.get(type))
          .isPositive()
          .isBetween((double) completed, (double) completed + cancelled);
    }

    assertThat(
            meters.sum(
                "mediaflow_waits_duration_seconds_count",
                Map.of("operation", "mediaflow.transcoding.wait_for_job", "result", "done")))
        .as("metadata jobs waited for until done")
        .isEqualTo(jobs.get("mediaflow.transcoding.wait_for_job").get("COMPLETED").doubleValue());
    assertThat(meters.sum("mediaflow_signing_urls_total", Map.of("kind", "object")))
        .as("object URLs signed")
        .isGreaterThanOrEqualTo(PUBLISHINGS * PATHS.size());
    assertThat(meters.sum("mediaflow_signing_keys_total", Map.of()))
        .as("signing keys created")
        .isEqualTo(sandbox.getOrDefault("POST /sandbox/cdn/v1/signing-keys", 0L).doubleValue())
        .isGreaterThanOrEqualTo(PUBLISHINGS);
    for (String api : List.of("transcoding", "live")) {
      assertThat(
              meters.sum(
                  "mediaflow_callbacks_received_total", Map.of("api", api, "outcome", "accepted")))
          .as("%s callbacks accepted", api)
          .isPositive();
    }
    // Every API call is an HTTP call of the client; the reads of the metadata outputs are too.
    assertThat(meters.sum("mediaflow_http_client_requests_seconds_count", Map.of()))
        .as("HTTP calls observed")
        .isGreaterThan(meters.sum("mediaflow_api_calls_seconds_count", Map.of()));
  }

  private void startInstances(LoadDriver load) throws Exception {
    int index = 0;
    for (int i = 0; i < TRANSCODES; i++) {
      load.startInstance(
          "transcode-with-approval",
          index++,
          Map.of(
              "source",
              cluster.baseUrl() + "/sandbox/samples/bars.mp4",
              "ladder",
              List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
    }
    for (int i = 0; i < SHOWS; i++) {
      load.startInstance(
          "go-live", index++, Map.of("streamName", "metrics show " + i, "streamTimeout", PATIENT));
    }
    for (int i = 0; i < PUBLISHINGS; i++) {
      load.startPublishing(index++, "metrics-" + i);
    }
  }

  /**
   * Runs {@code instances} instances of a process of one {@code list_domains} task, one cheap call,
   * to their end; the application's {@code mediaflow_*} series then.
   */
  private Set<String> cheapBatch(int instances) throws Exception {
    var load = new LoadDriver(cluster);
    for (int i = 0; i < instances; i++) {
      load.startInstance(CHEAP_PROCESS, i, Map.of());
    }
    load.finishEverything(Duration.ofMinutes(3));
    return scrape().series("mediaflow_");
  }

  private void deployCheapProcess() {
    try (CamundaClient camunda =
        CamundaClient.newClientBuilder()
            .grpcAddress(cluster.gateway())
            .restAddress(URI.create(cluster.baseUrl()))
            .build()) {
      camunda
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess(CHEAP_PROCESS)
                  .startEvent()
                  .serviceTask("ListDomains")
                  .zeebeJobType(LIST_DOMAINS)
                  .endEvent()
                  .done(),
              CHEAP_PROCESS + ".bpmn")
          .send()
          .join();
    }
  }

  /**
   * The engine's jobs of the driver's instances and of those they called, but user tasks' jobs: how
   * many of each type ended in each state.
   */
  private Map<String, Map<String, Integer>> jobsByTypeAndState(LoadDriver load) throws Exception {
    var keys = new ArrayList<String>();
    load.instances().keySet().forEach(key -> keys.add(Long.toString(key)));
    for (JsonNode child :
        cluster.search(
            "/v2/process-instances/search",
            Map.of("parentProcessInstanceKey", Map.of("$in", List.copyOf(keys))))) {
      keys.add(child.path("processInstanceKey").asText());
    }
    var jobs = new TreeMap<String, Map<String, Integer>>();
    for (JsonNode job :
        cluster.search(
            "/v2/jobs/search",
            Map.of(
                "processInstanceKey",
                Map.of("$in", keys),
                "type",
                Map.of("$neq", USER_TASK_JOB)))) {
      jobs.computeIfAbsent(job.path("type").asText(), type -> new TreeMap<>())
          .merge(job.path("state").asText(), 1, Integer::sum);
    }
    return jobs;
  }

  /** The application's meters as Prometheus scrapes them. */
  private PrometheusScrape scrape() throws Exception {
    HttpResponse<String> response = replica.get("/actuator/prometheus", "text/plain");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return PrometheusScrape.parse(response.body());
  }

  /**
   * The requests the sandbox has received, by endpoint ({@code POST /sandbox/cdn/v1/signing-keys}),
   * from the embedded default's own Spring MVC meters: every status counted.
   */
  private Map<String, Long> sandboxRequests() throws Exception {
    HttpResponse<String> response = cluster.get("/actuator/prometheus");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    var requests = new TreeMap<String, Long>();
    for (PrometheusScrape.Sample sample : PrometheusScrape.parse(response.body()).samples()) {
      String uri = sample.labels().getOrDefault("uri", "");
      if (sample.name().equals("http_server_requests_seconds_count")
          && uri.startsWith("/sandbox/")) {
        requests.merge(sample.labels().get("method") + " " + uri, (long) sample.value(), Long::sum);
      }
    }
    return requests;
  }

  /** The sandbox's requests since {@code before}. */
  private Map<String, Long> since(Map<String, Long> before) throws Exception {
    var requests = new TreeMap<String, Long>();
    sandboxRequests()
        .forEach(
            (endpoint, count) -> {
              long more = count - before.getOrDefault(endpoint, 0L);
              if (more > 0) {
                requests.put(endpoint, more);
              }
            });
    return requests;
  }
}
