package io.mediaflow.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import io.mediaflow.SeparateJvm;
import io.mediaflow.WorkerApplicationSettings;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application as docs/embedded-app.md's "a real cluster" command starts it ({@code
 * mediaflow.engine.embedded=false}, {@code mediaflow.sandbox.enabled=false}), in a JVM of its own,
 * against a cluster started apart (here the embedded default in another JVM, with its own workers
 * off, standing for the engine and the service): it is a plain worker application. It starts no
 * engine (its gateway port stays free), keeps no data folder, answers no REST API or console of its
 * own, and a transcode runs to its end through its workers and its callback receiver.
 */
class RealClusterCommandTest {

  @TempDir Path clusterData;

  /** Where the application runs: a data folder would appear here. */
  @TempDir Path workingDirectory;

  /**
   * Stands for the bundled console, which a build with -DskipConsole lacks: its files must not be
   * served.
   */
  @TempDir Path consoleFiles;

  @TempDir Path keyStore;

  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    for (Process process : started.reversed()) {
      process.destroy();
      process.waitFor();
    }
  }

  @Test
  void withoutItsEngineTheApplicationIsAWorkerApplicationOfTheClusterItIsGiven() throws Exception {
    var cluster =
        new EmbeddedDefaultProcess(clusterData, MediaflowTest.freePort(), MediaflowTest.freePort());
    // Its workers off: every job must be done by the application under test.
    started.add(cluster.start("--camunda.client.worker.defaults.enabled=false"));
    String service = cluster.baseUrl() + "/sandbox";
    Files.writeString(consoleFiles.resolve("index.html"), "<html>console</html>");
    int gatewayPort = MediaflowTest.freePort();
    var application =
        new SeparateJvm(
            "io.mediaflow.app.MediaflowApplication", workingDirectory, MediaflowTest.freePort());

    // The documented command, with the cluster's addresses: secrets and keys from the environment.
    started.add(
        application.start(
            WorkerApplicationSettings.environment(keyStore),
            Stream.concat(
                    WorkerApplicationSettings.settings(service, application.baseUrl()).stream(),
                    Stream.of(
                        "--mediaflow.engine.deploy=false",
                        "--camunda.client.grpc-address=" + cluster.gateway(),
                        // were an engine started, it would listen here (26500 by default, not to be
                        // taken by a test)
                        "--mediaflow.engine.port=" + gatewayPort,
                        "--spring.web.resources.static-locations=file:" + consoleFiles + "/"))
                .toList()));

    try (var socket = new ServerSocket(gatewayPort, 1, InetAddress.getLoopbackAddress())) {
      assertThat(socket.getLocalPort()).as("no gateway listens").isEqualTo(gatewayPort);
    }
    assertThat(application.get("/v2/topology", "application/json").statusCode())
        .as("no REST API")
        .isEqualTo(404);
    assertThat(application.get("/index.html", "text/html").statusCode())
        .as("no console")
        .isEqualTo(404);
    assertThat(application.get("/tasks", "text/html").statusCode())
        .as("no console page")
        .isEqualTo(404);

    // The first check would come after ten minutes: only the service's callback can end the wait in
    // time.
    long key =
        cluster.startInstance(
            "transcode-with-approval",
            Map.of(
                "source",
                service + "/samples/bars.mp4",
                "ladder",
                List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p")),
                "pollSeconds",
                600));
    JsonNode review =
        Awaitility.await("the editor's review")
            .atMost(Duration.ofMinutes(3))
            .pollInterval(Duration.ofMillis(500))
            .until(
                () ->
                    cluster.search(
                        "/v2/user-tasks/search",
                        Map.of("processInstanceKey", Long.toString(key), "state", "CREATED")),
                tasks -> !tasks.isEmpty())
            .get(0);
    cluster.completeUserTask(review, Map.of("approved", true));
    Awaitility.await("the instance's end")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                cluster.search(
                    "/v2/process-instances/search",
                    Map.of("processInstanceKey", Long.toString(key), "state", "COMPLETED")),
            instances -> !instances.isEmpty());

    assertThat(
            cluster.search(
                "/v2/incidents/search", Map.of("processInstanceKey", Long.toString(key))))
        .as("no incident")
        .isEmpty();
    assertThat(
            cluster.search(
                "/v2/element-instances/search",
                Map.of(
                    "processInstanceKey",
                    Long.toString(key),
                    "elementId",
                    "JobFinishedMessage",
                    "state",
                    "COMPLETED")))
        .as("the callback reached the receiver")
        .hasSize(1);
    try (Stream<Path> written = Files.list(workingDirectory)) {
      assertThat(written).as("nothing written where it runs: no data folder").isEmpty();
    }
  }
}
