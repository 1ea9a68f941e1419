package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded default under a load of 200 instances of the four processes, killed with {@code kill -9} twice and
 * started again over its data folder each time: first while transcoding jobs run, producers are asked to start
 * their encoders and ops to add DNS records; then while the shows are on air and editors review renditions. Every
 * task open before a kill is open after it with the same key, every instance completes without an incident with
 * the variables it started with, and the service holds exactly one stream, domain, TLS subscription and signing
 * key per instance that made one: nothing was lost and nothing created twice.
 */
class EmbeddedDefaultLoadCrashTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int TRANSCODES = 140;
  private static final int PUBLISHINGS = 20;
  private static final int DOMAINS = 20;
  private static final int SHOWS = 20;
  private static final String REVIEW = "ReviewRenditions";
  private static final String START_ENCODER = "StartYourEncoder";
  private static final String END_BROADCAST = "EndTheBroadcast";
  private static final String STREAM_DROPPED = "StreamDropped";
  private static final String DNS_RECORD = "CreateDnsRecord";
  /** What a TLS subscription tells the domain owner to do. */
  private static final Pattern INSTRUCTION = Pattern.compile("Create a CNAME record (\\S+) pointing to (\\S+) .*");

  @TempDir
  Path data;
  private EmbeddedDefaultProcess application;
  /** Each instance's key by the {@code loadIndex} variable it started with. */
  private final Map<Long, Integer> instances = new HashMap<>();

  @BeforeEach
  void application() {
    application = new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
  }

  @Test
  void everyInstanceCompletesAfterTwoKillsUnderLoadAndNothingIsCreatedTwice() throws Exception {
    Process app = start();
    Map<String, JsonNode> openBefore;
    try {
      startInstances();
      // First point: jobs downloading, queued or encoding; encoders and DNS records asked for.
      awaitOpenTasks(START_ENCODER, SHOWS);
      awaitOpenTasks(DNS_RECORD, DOMAINS);
      openBefore = openTasks();
    } finally {
      app = kill(app);
    }

    app = start();
    Map<String, JsonNode> onAir;
    try {
      assertThat(openTasksAfterRestart(openBefore)).as("every open task is back with its key").isEqualTo(
          openBefore.keySet());
      for (JsonNode task : openBefore.values()) {
        switch (task.path("elementId").asText()) {
          case START_ENCODER -> {
            application.completeUserTask(task, Map.of());
            ingest(variable(task.path("processInstanceKey").asLong(), "streamId").asText(), "start");
          }
          case DNS_RECORD -> {
            createRecord(task.path("processInstanceKey").asLong());
            application.completeUserTask(task, Map.of("dnsRecordCreated", true));
          }
          default -> { }
        }
      }
      // Second point: the shows on air, renditions waiting for their editors.
      awaitOpenTasks(END_BROADCAST, SHOWS);
      awaitOpenTasks(REVIEW, 1);
      onAir = openTasks();
    } finally {
      app = kill(app);
    }

    app = start();
    try {
      assertThat(openTasksAfterRestart(onAir)).as("every open task is back with its key").isEqualTo(onAir.keySet());
      // The shows' input went with the crash: each stream goes on from idle, and its producer is told.
      awaitOpenTasks(STREAM_DROPPED, SHOWS);
      finishEverything();
      assertThat(application.search("/v2/incidents/search", Map.of())).as("no incident").isEmpty();
      for (var instance : instances.entrySet()) {
        assertThat(variable(instance.getKey(), "loadIndex").asInt()).as("variables unchanged")
            .isEqualTo(instance.getValue());
      }
      assertThat(serviceList("live", "/live-streams", "streams")).as("one stream per show").hasSize(SHOWS);
      assertThat(serviceList("cdn", "/domains", "domains")).as("one domain per request").hasSize(DOMAINS);
      assertThat(serviceList("cdn", "/signing-keys", "signing_keys")).as("one signing key per publishing")
          .hasSize(PUBLISHINGS);
      assertThat(serviceList("cdn", "/tls/subscriptions", "tls_subscriptions")).as("one TLS subscription per domain")
          .hasSize(DOMAINS);
      assertThat(taskTokens()).as("one transcoding task per transcode").hasSize(TRANSCODES);
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  private Process start() throws IOException {
    // a tenth of the nominal durations keeps 140 transcodes short; a stream still waits 12 s without input
    return application.start("--mediaflow.sandbox.time-scale=0.1");
  }

  private static Process kill(Process app) throws InterruptedException {
    app.destroyForcibly(); // SIGKILL: no shutdown hook, no snapshot
    app.waitFor();
    return app;
  }

  private void startInstances() throws Exception {
    int index = 0;
    for (int i = 0; i < TRANSCODES; i++) {
      // Unfitted: a metadata job per transcode would add 140 jobs and their waits to the load this test measures.
      startInstance("transcode-with-approval", index++, Map.of("source",
          application.baseUrl() + "/sandbox/samples/bars.mp4", "fitLadder", false,
          "ladder", List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
    }
    for (int i = 0; i < PUBLISHINGS; i++) {
      startInstance("protected-publishing", index++, Map.of("bucketName", "load-" + i, "paths",
          List.of("/master.m3u8"), "tokenLifetime", "PT1H"));
    }
    for (int i = 0; i < DOMAINS; i++) {
      startInstance("custom-domain-tls", index++, Map.of("domainName", "load-" + i + ".example.com",
          "type", "live"));
    }
    for (int i = 0; i < SHOWS; i++) {
      // patient: the show survives the seconds its input is gone while the application restarts
      startInstance("go-live", index++, Map.of("streamName", "load show " + i, "streamTimeout", 600));
    }
  }

  private void startInstance(String process, int index, Map<String, Object> variables) throws Exception {
    var all = new LinkedHashMap<>(variables);
    all.put("loadIndex", index);
    instances.put(application.startInstance(process, all), index);
  }

  /**
   * Drives every instance to its end as its people would: editors approve, producers end their shows (after a
   * restart a show's input is gone until its encoder pushes again, so a producer told of the drop waits and the
   * encoder pushes), until all 200 have completed.
   */
  private void finishEverything() {
    Set<String> handled = new HashSet<>();
    await("all " + instances.size() + " instances completed", Duration.ofMinutes(8), () -> {
      for (JsonNode task : openTasks().values()) {
        if (!handled.add(task.path("userTaskKey").asText())) {
          continue;
        }
        switch (task.path("elementId").asText()) {
          case REVIEW -> application.completeUserTask(task, Map.of("approved", true));
          case END_BROADCAST -> endBroadcast(task);
          case STREAM_DROPPED -> {
            ingest(variable(task.path("processInstanceKey").asLong(), "streamId").asText(), "start");
            application.completeUserTask(task, Map.of("dropDecision", "wait"));
          }
          default -> throw new AssertionError("an unexpected task: " + task);
        }
      }
      return completedInstances();
    }, completed -> completed == instances.size());
  }

  /**
   * Ends a show, as its producer would, unless the drop cancelled the task first: the engine cancels "End the
   * broadcast" a moment after "The stream dropped" opens, and a producer's click may come in between.
   */
  private void endBroadcast(JsonNode task) throws Exception {
    HttpResponse<String> response = application.post("/v2/user-tasks/" + task.path("userTaskKey").asText()
        + "/completion", JSON.writeValueAsString(Map.of("variables", Map.of())));
    assertThat(response.statusCode() == 204 || response.statusCode() == 409 && response.body().contains("CANCELED"))
        .as(response.body()).isTrue();
  }

  private int completedInstances() throws Exception {
    int completed = 0;
    for (JsonNode instance : application.search("/v2/process-instances/search", Map.of("state", "COMPLETED"))) {
      if (instances.containsKey(instance.path("processInstanceKey").asLong())) {
        completed++;
      }
    }
    return completed;
  }

  /**
   * The open tasks once the application is back. Some ended tasks of the run before are already done, a show's
   * "End the broadcast" may be cancelled once the service tells its input is gone: each task open before the kill
   * is open now unless its instance has moved on by itself since.
   */
  private Set<String> openTasksAfterRestart(Map<String, JsonNode> before) throws Exception {
    return await("the open tasks of the run before", Duration.ofMinutes(1), () -> {
      Map<String, JsonNode> now = openTasks();
      var back = new HashSet<String>();
      for (var task : before.entrySet()) {
        if (now.containsKey(task.getKey()) || movedOnByItself(task.getValue())) {
          back.add(task.getKey());
        }
      }
      return back;
    }, back -> back.size() == before.size());
  }

  /** A show whose input went with the crash: its "End the broadcast" gave way to "The stream dropped". */
  private boolean movedOnByItself(JsonNode task) throws Exception {
    return task.path("elementId").asText().equals(END_BROADCAST) && openTasks().values().stream()
        .anyMatch(open -> open.path("processInstanceKey").asLong() == task.path("processInstanceKey").asLong()
            && open.path("elementId").asText().equals(STREAM_DROPPED));
  }

  private void awaitOpenTasks(String elementId, int count) {
    await(count + " open " + elementId, Duration.ofMinutes(4),
        () -> openTasks().values().stream().filter(task -> task.path("elementId").asText().equals(elementId))
            .count(), open -> open >= count);
  }

  /** The open user tasks of this test's instances, by key. */
  private Map<String, JsonNode> openTasks() throws Exception {
    var open = new LinkedHashMap<String, JsonNode>();
    for (JsonNode task : application.search("/v2/user-tasks/search", Map.of("state", "CREATED"))) {
      if (instances.containsKey(task.path("processInstanceKey").asLong())) {
        open.put(task.path("userTaskKey").asText(), task);
      }
    }
    return open;
  }

  /** Creates the CNAME record the instance's TLS subscription asks for, as the domain owner would. */
  private void createRecord(long instance) throws Exception {
    String message = variable(instance, "tlsSubscription").path("message").asText();
    Matcher instruction = INSTRUCTION.matcher(message);
    assertThat(instruction.matches()).as(message).isTrue();
    application.postOk("/sandbox/dns/records", Map.of("type", "CNAME", "name", instruction.group(1),
        "value", instruction.group(2)));
  }

  /** The sandbox's ingest control: the show's encoder starts pushing. */
  private void ingest(String streamId, String action) throws Exception {
    application.postOk("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", action));
  }

  private JsonNode variable(long instance, String name) throws Exception {
    // the instance's own variable, not a local one of the same name
    for (JsonNode item : application.search("/v2/variables/search", Map.of("processInstanceKey",
        Long.toString(instance), "name", name))) {
      if (item.path("scopeKey").asLong() == instance) {
        return JSON.readTree(item.path("value").asText());
      }
    }
    throw new AssertionError("no variable " + name + " in instance " + instance);
  }

  /** The transcoding task of each transcode, as its instance keeps it. */
  private Set<String> taskTokens() throws Exception {
    var tokens = new HashSet<String>();
    for (var instance : instances.keySet()) {
      if (instances.get(instance) < TRANSCODES) {
        tokens.add(variable(instance, "transcodingTask").path("task_token").asText());
      }
    }
    return tokens;
  }

  /** A list of the service's API, read with an access token as any client would. */
  private List<JsonNode> serviceList(String api, String path, String field) throws Exception {
    String base = "/sandbox/" + api + "/v1";
    String token = application.postOk(base + "/access_token/sandbox-api-key", Map.of()).path("access_token").asText();
    JsonNode list = JSON.readTree(ok(application.get(base + path, token)).body());
    var items = new ArrayList<JsonNode>();
    list.path(field).forEach(items::add);
    return items;
  }

  private static HttpResponse<String> ok(HttpResponse<String> response) {
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
    return response;
  }

  private static <T> T await(String what, Duration atMost, Callable<T> value, Predicate<T> done) {
    return Awaitility.await(what).atMost(atMost).pollInterval(Duration.ofMillis(500)).until(value, done::test);
  }
}
