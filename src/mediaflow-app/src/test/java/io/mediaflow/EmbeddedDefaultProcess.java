package io.mediaflow;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;

/**
 * The embedded default as its users run it: a JVM of its own (this test's class path), its engine persistent in
 * {@code data}, on the given ports, so that a test can kill it as a crash would and start it again.
 */
public final class EmbeddedDefaultProcess {

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
   * Starts the application and returns once it is ready ({@code /actuator/health/readiness} answers 200);
   * {@code arguments} such as {@code --mediaflow.engine.log-segment-size=64KB} come after the usual ones.
   */
  public Process start(String... arguments) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        "io.mediaflow.app.MediaflowApplication", "--server.port=" + httpPort,
        "--mediaflow.engine.port=" + enginePort, "--mediaflow.engine.data-directory=" + data,
        "--mediaflow.sandbox.public-url=" + baseUrl() + "/sandbox", "--spring.main.banner-mode=off",
        "--logging.level.root=WARN"));
    command.addAll(List.of(arguments));
    // Its log, for when it does not come up: target/embedded-default-<port>.log
    var log = ProcessBuilder.Redirect.appendTo(Path.of("target", "embedded-default-" + httpPort + ".log").toFile());
    Process app = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    Awaitility.await("readiness").atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(100))
        .ignoreExceptions()
        .until(() -> get("/actuator/health/readiness").statusCode() == 200);
    return app;
  }

  public String baseUrl() {
    return "http://localhost:" + httpPort;
  }

  public URI gateway() {
    return URI.create("http://127.0.0.1:" + enginePort);
  }

  public HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  public HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
  }
}
