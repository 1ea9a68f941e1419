package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A load of the processes on the embedded default, driven as their people would through Camunda's
 * REST API and the sandbox's controls: instances started with a {@code loadIndex}, their user tasks
 * found and completed (editors approve, producers start their encoders and end their shows, ops add
 * DNS records), and what the service holds afterwards counted. Only the instances this driver
 * started (and those they called) are read.
 */
public final class LoadDriver {

  public static final String REVIEW = "ReviewRenditions";
  public static final String START_ENCODER = "StartYourEncoder";
  public static final String END_BROADCAST = "EndTheBroadcast";
  public static final String STREAM_DROPPED = "StreamDropped";
  public static final String DNS_RECORD = "CreateDnsRecord";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What a TLS subscription tells the domain owner to do. */
  private static final Pattern INSTRUCTION =
      Pattern.compile("Create a CNAME record (\\S+) pointing to (\\S+) .*");

  private final EmbeddedDefaultProcess application;

  /** Each started instance's key and the {@code loadIndex} it started with. */
  private final Map<Long, Integer> instances = new HashMap<>();

  /**
   * Instances called by a started one (a live-to-vod's show), by their key; read by a test while it
   * drives.
   */
  private final Set<Long> called = ConcurrentHashMap.newKeySet();

  /** Instances known not to be this driver's. */
  private final Set<Long> others = ConcurrentHashMap.newKeySet();

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  public LoadDriver(EmbeddedDefaultProcess application) {
    this.application = application;
  }

  /** The started instances' keys with their {@code loadIndex}. */
  public Map<Long, Integer> instances() {
    return instances;
  }

  public void startInstance(String process, int index, Map<String, Object> variables)
      throws Exception {
    var all = new LinkedHashMap<>(variables);
    all.put("loadIndex", index);
    instances.put(application.startInstance(process, all), index);
  }

  /**
   * Starts a protected publishing of one playlist, uploaded to its bucket first: the process says
   * published only once the signed URL opens, and a path with nothing behind it would stop at
   * Resolve the unproven publishing.
   */
  public void startPublishing(int index, String bucket) throws Exception {
    HttpResponse<String> uploaded =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(
                        application.baseUrl() + "/sandbox/storage/" + bucket + "/master.m3u8"))
                .header("Content-Type", "application/vnd.apple.mpegurl")
                .PUT(HttpRequest.BodyPublishers.ofString("#EXTM3U\n"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
    startInstance(
        "protected-publishing",
        index,
        Map.of("bucketName", bucket, "paths", List.of("/master.m3u8"), "tokenLifetime", "PT1H"));
  }

  /**
   * Drives every instance to its end as its people would: editors approve, producers end their
   * shows (after a crash a show's input is gone until its encoder pushes again, so a producer told
   * of the drop waits and the encoder pushes), producers of shows not yet started start their
   * encoders and ops add their DNS records, until all have completed.
   */
  public void finishEverything(Duration atMost) {
    try {
      driveToTheEnd(atMost);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(e.getMessage() + " Not completed: " + unfinished(), e);
    }
  }

  private void driveToTheEnd(Duration atMost) {
    Set<String> handled = ConcurrentHashMap.newKeySet();
    await(
        "all " + instances.size() + " instances completed",
        atMost,
        () -> driveOnce(handled),
        completed -> completed == instances.size());
  }

  /**
   * Completes each open task not {@code handled} yet; the instances completed. An incident ends the
   * drive.
   */
  private int driveOnce(Set<String> handled) throws Exception {
    JsonNode incidents = application.search("/v2/incidents/search", Map.of());
    if (!incidents.isEmpty()) {
      throw new AssertionError("An incident: " + incidents);
    }
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
        case START_ENCODER -> startEncoder(task);
        case DNS_RECORD -> createRecord(task);
        default -> throw new AssertionError("an unexpected task: " + task);
      }
    }
    return completedInstances();
  }

  /** The producer starts the show's encoder and says so. */
  public void startEncoder(JsonNode task) throws Exception {
    application.completeUserTask(task, Map.of());
    ingest(variable(task.path("processInstanceKey").asLong(), "streamId").asText(), "start");
  }

  /** The domain owner creates the CNAME record its TLS subscription asks for and says so. */
  public void createRecord(JsonNode task) throws Exception {
    String message =
        variable(task.path("processInstanceKey").asLong(), "tlsSubscription")
            .path("message")
            .asText();
    Matcher instruction = INSTRUCTION.matcher(message);
    assertThat(instruction.matches()).as(message).isTrue();
    application.postOk(
        "/sandbox/dns/records",
        Map.of("type", "CNAME", "name", instruction.group(1), "value", instruction.group(2)));
    application.completeUserTask(task, Map.of("dnsRecordCreated", true));
  }

  /**
   * Ends a show, as its producer would, unless the drop cancelled the task first: the engine
   * cancels "End the broadcast" a moment after "The stream dropped" opens, and a producer's click
   * may come in between.
   */
  private void endBroadcast(JsonNode task) throws Exception {
    HttpResponse<String> response =
        application.post(
            "/v2/user-tasks/" + task.path("userTaskKey").asText() + "/completion",
            JSON.writeValueAsString(Map.of("variables", Map.of())));
    assertThat(
            response.statusCode() == 204
                || response.statusCode() == 409 && response.body().contains("CANCELED"))
        .as(response.body())
        .isTrue();
  }

  /**
   * Each started instance not completed, with where it and the instances it called are: for a
   * failure's message.
   */
  private Map<Long, List<String>> unfinished() {
    var unfinished = new LinkedHashMap<Long, List<String>>();
    try {
      Set<Long> completed = application.completedOf(instances.keySet());
      for (long instance : instances.keySet()) {
        if (completed.contains(instance)) {
          continue;
        }
        var where = new ArrayList<String>();
        var keys = new ArrayList<>(List.of(Long.toString(instance)));
        application
            .search(
                "/v2/process-instances/search",
                Map.of("parentProcessInstanceKey", Long.toString(instance)))
            .forEach(child -> keys.add(child.path("processInstanceKey").asText()));
        for (String key : keys) {
          for (JsonNode element :
              application.search(
                  "/v2/element-instances/search",
                  Map.of("processInstanceKey", key, "state", "ACTIVE"))) {
            where.add(
                element.path("processDefinitionId").asText()
                    + "/"
                    + element.path("elementId").asText()
                    + (element.path("hasIncident").asBoolean() ? " (incident)" : ""));
          }
        }
        unfinished.put(instance, where);
      }
    } catch (Exception e) {
      unfinished.put(-1L, List.of("cannot tell: " + e));
    }
    return unfinished;
  }

  public int completedInstances() throws Exception {
    return application.completedOf(instances.keySet()).size();
  }

  public void awaitOpenTasks(String elementId, int count, Duration atMost) {
    await(
        count + " open " + elementId,
        atMost,
        () ->
            openTasks().values().stream()
                .filter(task -> task.path("elementId").asText().equals(elementId))
                .count(),
        open -> open >= count);
  }

  /** The open user tasks of this driver's instances and of those they called, by key. */
  public Map<String, JsonNode> openTasks() throws Exception {
    var open = new LinkedHashMap<String, JsonNode>();
    for (JsonNode task : application.search("/v2/user-tasks/search", Map.of("state", "CREATED"))) {
      if (ours(task.path("processInstanceKey").asLong())) {
        open.put(task.path("userTaskKey").asText(), task);
      }
    }
    return open;
  }

  private boolean ours(long instance) throws Exception {
    if (instances.containsKey(instance) || called.contains(instance)) {
      return true;
    }
    if (others.contains(instance)) {
      return false;
    }
    JsonNode parent =
        application
            .postOk(
                "/v2/process-instances/search",
                Map.of("filter", Map.of("processInstanceKey", Long.toString(instance))))
            .path("items")
            .path(0)
            .path("parentProcessInstanceKey");
    if (!parent.isNull() && !parent.isMissingNode() && instances.containsKey(parent.asLong())) {
      called.add(instance);
      return true;
    }
    others.add(instance);
    return false;
  }

  /** The sandbox's ingest control: the show's encoder starts or stops pushing. */
  public void ingest(String streamId, String action) throws Exception {
    application.postOk("/sandbox/live-streams/" + streamId + "/ingest", Map.of("action", action));
  }

  /** The instance's own variable, not a local one of the same name. */
  public JsonNode variable(long instance, String name) throws Exception {
    for (JsonNode item :
        application.search(
            "/v2/variables/search",
            Map.of("processInstanceKey", Long.toString(instance), "name", name))) {
      if (item.path("scopeKey").asLong() == instance) {
        return JSON.readTree(item.path("value").asText());
      }
    }
    throw new AssertionError("no variable " + name + " in instance " + instance);
  }

  /**
   * The transcoding task of each started instance that {@code transcodes}, as its instance keeps
   * it.
   */
  public Set<String> taskTokens(Predicate<Integer> transcodes) throws Exception {
    var tokens = new HashSet<String>();
    for (var instance : instances.entrySet()) {
      if (transcodes.test(instance.getValue())) {
        tokens.add(variable(instance.getKey(), "transcodingTask").path("task_token").asText());
      }
    }
    return tokens;
  }

  /** A list of the service's API, read with an access token as any client would. */
  public List<JsonNode> serviceList(String api, String path, String field) throws Exception {
    String base = "/sandbox/" + api + "/v1";
    String token =
        application
            .postOk(base + "/access_token/sandbox-api-key", Map.of())
            .path("access_token")
            .asText();
    HttpResponse<String> response = application.get(base + path, token);
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
    var items = new ArrayList<JsonNode>();
    JSON.readTree(response.body()).path(field).forEach(items::add);
    return items;
  }

  public static <T> T await(String what, Duration atMost, Callable<T> value, Predicate<T> done) {
    return Awaitility.await(what)
        .atMost(atMost)
        .pollInterval(Duration.ofMillis(500))
        .until(value, done::test);
  }
}
