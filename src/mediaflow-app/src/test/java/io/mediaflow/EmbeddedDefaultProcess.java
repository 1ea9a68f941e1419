package io.mediaflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The embedded default as its users run it: a JVM of its own, its engine persistent in {@code
 * data}, on the given ports, so that a test can kill it as a crash would and start it again. It
 * runs from this test's class path, or with {@code -Dmediaflow.test.packaged=true} as the README's
 * run command runs it: the extracted application in {@code target/mediaflow} with its JVM options
 * and start-up cache (built by {@code mvn package}).
 */
public final class EmbeddedDefaultProcess {

  /** The items a search is asked for at once. */
  private static final int PAGE = 1000;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path PACKAGED = Path.of("target", "mediaflow");

  private final Path data;
  private final int httpPort;
  private final int enginePort;
  private final HttpClient http = HttpClient.newHttpClient();

  public EmbeddedDefaultProcess(Path data, int httpPort, int enginePort) {
    this.data = data;
    this.httpPort = httpPort;
    this.enginePort = enginePort;
  }

  /**
   * Starts the application and returns once it is ready ({@code /actuator/health/readiness} answers
   * 200).
   *
   * @param settings more command-line settings ({@code --name=value})
   */
  public Process start(String... settings) throws IOException {
    return start(Map.of(), settings);
  }

  /**
   * Starts the application with {@code environment} added to this JVM's and returns once it is
   * ready.
   */
  public Process start(Map<String, String> environment, String... settings) throws IOException {
    var command = applicationCommand();
    command.addAll(
        List.of(
            "--server.port=" + httpPort,
            "--mediaflow.engine.port=" + enginePort,
            "--mediaflow.engine.data-directory=" + data,
            "--mediaflow.sandbox.public-url=" + baseUrl() + "/sandbox",
            "--spring.main.banner-mode=off",
            "--logging.level.root=WARN"));
    command.addAll(List.of(settings));
    // Its log, for when it does not come up: target/embedded-default-<port>.log
    return SeparateJvm.launch(
        command,
        Path.of("").toAbsolutePath(),
        environment,
        logName(),
        URI.create(baseUrl() + "/actuator/health/readiness"));
  }

  /** The application's log, in {@code target/}. */
  public Path log() {
    return Path.of("target", logName() + ".log").toAbsolutePath();
  }

  private String logName() {
    return "embedded-default-" + httpPort;
  }

  /**
   * The {@code java} command that starts the application: from this test's class path, or the
   * packaged one as the README's run command starts it.
   */
  static List<String> applicationCommand() {
    return new ArrayList<>(
        Boolean.getBoolean("mediaflow.test.packaged")
            ? List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + PACKAGED.resolve("jvm.options").toAbsolutePath(),
                "-jar",
                PACKAGED.resolve("mediaflow-app.jar").toAbsolutePath().toString())
            : SeparateJvm.classPathCommand("io.mediaflow.app.MediaflowApplication"));
  }

  public String baseUrl() {
    return "http://localhost:" + httpPort;
  }

  public URI gateway() {
    return URI.create("http://127.0.0.1:" + enginePort);
  }

  public HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(baseUrl() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /**
   * A GET with {@code Authorization: Bearer <token>}, as a client of the service's APIs sends it.
   */
  public HttpResponse<String> get(String path, String bearerToken)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(baseUrl() + path))
            .header("Authorization", "Bearer " + bearerToken)
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  public HttpResponse<String> post(String path, String json)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(baseUrl() + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** POSTs {@code body} as JSON and reads the answer, which must be a 2xx. */
  public JsonNode postOk(String path, Object body) throws IOException, InterruptedException {
    HttpResponse<String> response = post(path, JSON.writeValueAsString(body));
    if (response.statusCode() / 100 != 2) {
      throw new AssertionError(
          "POST " + path + " answered " + response.statusCode() + ": " + response.body());
    }
    return response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
  }

  /**
   * Starts an instance of the latest version of {@code process} over Camunda's REST API; its key.
   */
  public long startInstance(String process, Map<String, Object> variables)
      throws IOException, InterruptedException {
    return postOk(
            "/v2/process-instances", Map.of("processDefinitionId", process, "variables", variables))
        .path("processInstanceKey")
        .asLong();
  }

  /** The items of a search of Camunda's REST API ({@code /v2/.../search}), up to a page. */
  public JsonNode search(String path, Map<String, Object> filter)
      throws IOException, InterruptedException {
    return postOk(path, Map.of("filter", filter, "page", Map.of("limit", PAGE))).path("items");
  }

  /**
   * Which of these instances completed, asked for by key in pages: the application keeps every
   * ended instance for days, more than a page of all completed ones holds.
   */
  public Set<Long> completedOf(Collection<Long> instances)
      throws IOException, InterruptedException {
    var completed = new HashSet<Long>();
    List<String> keys = instances.stream().map(String::valueOf).toList();
    for (int from = 0; from < keys.size(); from += PAGE) {
      search(
              "/v2/process-instances/search",
              Map.of(
                  "state",
                  "COMPLETED",
                  "processInstanceKey",
                  Map.of("$in", keys.subList(from, Math.min(keys.size(), from + PAGE)))))
          .forEach(instance -> completed.add(instance.path("processInstanceKey").asLong()));
    }
    return completed;
  }

  public void completeUserTask(JsonNode task, Map<String, Object> variables)
      throws IOException, InterruptedException {
    postOk(
        "/v2/user-tasks/" + task.path("userTaskKey").asText() + "/completion",
        Map.of("variables", variables));
  }
}
