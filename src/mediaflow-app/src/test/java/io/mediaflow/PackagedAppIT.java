package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged application ({@code target/mediaflow}, as the README's run command starts it) in the
 * first minutes and the last seconds: a media library the machine lacks is named at start, a
 * cluster that does not answer yet is waited for, and SIGTERM stops it whatever the cluster does.
 * Run by Failsafe once the build has packaged the application.
 */
class PackagedAppIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path data;
  @TempDir Path cache;
  @TempDir Path workingDirectory;
  @TempDir Path keyStore;

  private final HttpClient http = HttpClient.newHttpClient();
  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    for (Process process : started.reversed()) {
      process.destroyForcibly();
      process.waitFor();
    }
  }

  /**
   * The FFmpeg unpacked in the user's cache, with a PulseAudio client library beside it that the
   * loader cannot read: as on a machine without {@code libpulse0}, ffmpeg and ffprobe cannot run.
   */
  @Test
  void aMediaLibraryTheMachineLacksIsNamedAndTheApplicationRunsOnWithoutMedia() throws Exception {
    Path programs = Path.of(FfmpegPrograms.ffmpeg().get(0)).getParent();
    Path broken =
        Files.createDirectories(
            cache.resolve("mediaflow").resolve("ffmpeg").resolve(programs.getFileName()));
    try (Stream<Path> files = Files.list(programs)) {
      for (Path file : files.toList()) {
        Files.createSymbolicLink(broken.resolve(file.getFileName()), file);
      }
    }
    Files.createFile(broken.resolve("libpulse.so.0"));
    var app = new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());

    started.add(app.start(Map.of("XDG_CACHE_HOME", cache.toString())));

    JsonNode media =
        Awaitility.await("the sandbox's check of its FFmpeg")
            .atMost(Duration.ofMinutes(1))
            .pollInterval(Duration.ofMillis(200))
            .until(
                () -> JSON.readTree(app.get("/sandbox/media").body()),
                m -> m.path("checked").asBoolean());
    assertThat(media.path("available").asBoolean()).isFalse();
    assertThat(media.path("problem").asText())
        .contains("libpulse.so.0")
        .contains("sudo apt-get install libpulse0");
    assertThat(Files.readString(app.log()))
        .as("the log says it too")
        .contains("libpulse.so.0")
        .contains("Transcoding and live media are switched off");

    // A start is refused with the reason (error 1, which the workers retry and then show as an
    // incident), not left to fail at its first encode.
    String transcoding = app.baseUrl() + "/sandbox/transcoding/v1/";
    String session =
        form(transcoding + "access_token", "api_key=sandbox-api-key").path("token").asText();
    String task = form(transcoding + "create_task", "token=" + session).path("task_token").asText();
    String query =
        "{\"query\":{\"source\":\"https://example.com/in.mp4\",\"format\":[{\"output\":\"mp4\"}]}}";
    JsonNode start =
        form(
            transcoding + "start_encode2",
            "task_token=" + task + "&query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    assertThat(start.path("error").asInt()).isEqualTo(1);
    assertThat(start.path("message").asText()).contains("libpulse.so.0");
  }

  @Test
  void aClusterThatDoesNotAnswerYetIsWaitedForAndTheProcessesDeployOnceItDoes() throws Exception {
    int gatewayPort = MediaflowTest.freePort();
    int clusterPort = MediaflowTest.freePort();
    var worker = new WorkerApplication(gatewayPort, clusterPort);
    started.add(worker.start());

    Awaitility.await("attempts, one line each")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> worker.attemptLines().size() >= 2);
    assertThat(worker.attemptLines())
        .allSatisfy(
            line ->
                assertThat(line)
                    .contains("http://127.0.0.1:" + gatewayPort)
                    .contains("UNAVAILABLE"));
    assertThat(worker.status("/actuator/health/readiness")).as("not ready").isEqualTo(503);
    assertThat(worker.status("/actuator/health/liveness")).as("alive").isEqualTo(200);

    var cluster = new EmbeddedDefaultProcess(data, clusterPort, gatewayPort);
    // The cluster deploys nothing itself: what it holds, the worker application deployed.
    started.add(
        cluster.start(
            "--mediaflow.engine.deploy=false", "--camunda.client.worker.defaults.enabled=false"));

    Awaitility.await("the worker application's readiness")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> worker.status("/actuator/health/readiness") == 200);
    assertThat(cluster.search("/v2/process-definitions/search", Map.of()))
        .extracting(definition -> definition.path("processDefinitionId").asText())
        .contains(
            "transcode-with-approval",
            "go-live",
            "custom-domain-tls",
            "protected-publishing",
            "live-to-vod");
  }

  /** Asking again cannot change a refusal: the start stops with the cluster's reason. */
  @Test
  void aClusterThatRefusesTheDeploymentStopsTheStartWithItsReason() throws Exception {
    int gatewayPort = MediaflowTest.freePort();
    int clusterPort = MediaflowTest.freePort();
    var cluster = new EmbeddedDefaultProcess(data, clusterPort, gatewayPort);
    // Its gateway asks for credentials, which the worker application is not given.
    started.add(
        cluster.start(
            "--mediaflow.engine.deploy=false",
            "--camunda.client.worker.defaults.enabled=false",
            "--mediaflow.app.security.username=ops",
            "--mediaflow.app.security.password=" + WorkerApplicationSettings.randomKey()));
    var worker = new WorkerApplication(gatewayPort, clusterPort);

    Process process = worker.startWithoutWaiting();
    started.add(process);

    assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("the start stopped").isTrue();
    assertThat(process.exitValue()).isEqualTo(1);
    assertThat(Files.readString(worker.log()))
        .contains(
            "The cluster at http://127.0.0.1:"
                + gatewayPort
                + " refused the processes: UNAUTHENTICATED")
        .doesNotContain("does not answer");
  }

  /**
   * With the gateway unreachable the job streams fail and are reopened after backoffs, which is
   * where camunda-client-java 8.8's close can wait forever (docs/plugin.md, "Stopping").
   */
  @Test
  void sigtermStopsTheApplicationWhileItsClusterIsUnreachableAndItsWorkersStream()
      throws Exception {
    var worker = new WorkerApplication(MediaflowTest.freePort(), MediaflowTest.freePort());
    Process process = worker.start();
    started.add(process);
    Awaitility.await("streams failing and reopening")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> worker.attemptLines().size() >= 4);

    process.destroy(); // SIGTERM

    assertThat(process.waitFor(10, TimeUnit.SECONDS)).as("ended within 10 s").isTrue();
  }

  /**
   * The packaged application as docs/embedded-app.md's "a real cluster" command starts it: a worker
   * application of the cluster at {@code gatewayPort} (gRPC) and {@code clusterPort} (REST) that
   * deploys the processes, its job workers streaming (the application's default).
   */
  private final class WorkerApplication {
    private final int gatewayPort;
    private final int clusterPort;
    private final int httpPort = MediaflowTest.freePort();

    WorkerApplication(int gatewayPort, int clusterPort) {
      this.gatewayPort = gatewayPort;
      this.clusterPort = clusterPort;
    }

    /** Starts the application and returns once it is alive (it is ready only once deployed). */
    Process start() throws IOException {
      return SeparateJvm.launch(
          command(),
          workingDirectory,
          environment(),
          logName(),
          URI.create("http://localhost:" + httpPort + "/actuator/health/liveness"));
    }

    /** Starts the application, for a start that is to fail. */
    Process startWithoutWaiting() throws IOException {
      var builder =
          new ProcessBuilder(command())
              .directory(workingDirectory.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log().toFile());
      builder.environment().putAll(environment());
      return builder.start();
    }

    private List<String> command() {
      var command = EmbeddedDefaultProcess.applicationCommand();
      command.addAll(
          List.of(
              "--server.port=" + httpPort,
              "--spring.main.banner-mode=off",
              "--logging.level.root=WARN",
              "--camunda.client.grpc-address=http://127.0.0.1:" + gatewayPort,
              "--camunda.client.rest-address=http://127.0.0.1:" + clusterPort));
      command.addAll(
          WorkerApplicationSettings.settings(
              "http://localhost:" + clusterPort + "/sandbox", "http://localhost:" + httpPort));
      return command;
    }

    private Map<String, String> environment() {
      return WorkerApplicationSettings.environment(keyStore);
    }

    Path log() {
      return Path.of("target", logName() + ".log").toAbsolutePath();
    }

    /** The deployment's lines about a cluster that does not answer. */
    List<String> attemptLines() throws IOException {
      try (Stream<String> lines = Files.lines(log())) {
        return lines.filter(line -> line.contains("does not answer")).toList();
      }
    }

    int status(String path) throws IOException, InterruptedException {
      return http.send(
              HttpRequest.newBuilder(URI.create("http://localhost:" + httpPort + path)).build(),
              HttpResponse.BodyHandlers.discarding())
          .statusCode();
    }

    private String logName() {
      return "worker-application-" + httpPort;
    }
  }

  /** A form POST to the transcoding API, its JSON answer. */
  private JsonNode form(String url, String form) throws IOException, InterruptedException {
    return JSON.readTree(
        http.send(
                HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }
}
