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
import java.util.Map;
import org.awaitility.Awaitility;

/**
 * A Spring Boot application of this module's test class path in a JVM of its own, as a user runs it
 * beside the engine: the app without its engine, or a user's application with the starter ({@code
 * sample.SampleApplication}). A test can kill it as a crash would ({@code destroyForcibly}) and
 * start another.
 */
public final class SeparateJvm {

  private final String mainClass;
  private final Path directory;
  private final int httpPort;
  private final HttpClient http = HttpClient.newHttpClient();

  /**
   * @param mainClass the application's main class, on this test's class path
   * @param directory its working directory, where it would write anything relative (a data folder)
   * @param httpPort its {@code server.port}
   */
  public SeparateJvm(String mainClass, Path directory, int httpPort) {
    this.mainClass = mainClass;
    this.directory = directory;
    this.httpPort = httpPort;
  }

  /** The {@code java} command that runs {@code mainClass} from this test's class path. */
  static List<String> classPathCommand(String mainClass, String... jvmOptions) {
    var command =
        new ArrayList<>(
            List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(List.of(jvmOptions));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    return command;
  }

  /**
   * Starts {@code command} in {@code directory} with {@code environment} added to this JVM's, its
   * output appended to {@code target/<logName>.log} (for when it does not come up), and returns
   * once {@code readiness} answers 200.
   */
  static Process launch(
      List<String> command,
      Path directory,
      Map<String, String> environment,
      String logName,
      URI readiness)
      throws IOException {
    var log =
        ProcessBuilder.Redirect.appendTo(
            Path.of("target", logName + ".log").toAbsolutePath().toFile());
    var builder =
        new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log);
    builder.environment().putAll(environment);
    Process process = builder.start();
    var http = HttpClient.newHttpClient();
    try {
      Awaitility.await("readiness of " + logName)
          .atMost(Duration.ofMinutes(5))
          .pollInterval(Duration.ofMillis(100))
          .failFast(logName + " ended, see its log in target/", () -> !process.isAlive())
          .ignoreExceptions()
          .until(
              () ->
                  http.send(
                              HttpRequest.newBuilder(readiness).build(),
                              HttpResponse.BodyHandlers.discarding())
                          .statusCode()
                      == 200);
    } catch (RuntimeException | Error e) {
      process.destroyForcibly();
      throw e;
    }
    return process;
  }

  /**
   * Starts the application and returns once it is ready ({@code /actuator/health/readiness} answers
   * 200).
   *
   * @param environment environment variables, as a platform gives them (secrets, addresses)
   * @param settings more command-line settings ({@code --name=value})
   */
  public Process start(Map<String, String> environment, List<String> settings) throws IOException {
    // Small heaps: a test runs several of these beside the engine on a shared machine.
    var command = classPathCommand(mainClass, "-Xmx384m", "-XX:+UseSerialGC");
    command.addAll(
        List.of(
            "--server.port=" + httpPort,
            "--spring.main.banner-mode=off",
            "--logging.level.root=WARN",
            "--management.endpoint.health.probes.enabled=true"));
    command.addAll(settings);
    String name = mainClass.substring(mainClass.lastIndexOf('.') + 1) + "-" + httpPort;
    return launch(
        command,
        directory,
        environment,
        name,
        URI.create(baseUrl() + "/actuator/health/readiness"));
  }

  public String baseUrl() {
    return "http://localhost:" + httpPort;
  }

  public HttpResponse<String> get(String path, String accept)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(baseUrl() + path)).header("Accept", accept).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
