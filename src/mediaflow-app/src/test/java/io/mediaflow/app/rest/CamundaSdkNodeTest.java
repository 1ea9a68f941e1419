package io.mediaflow.app.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Camunda's Node SDK ({@code @camunda8/sdk}, its Camunda 8.8 REST client) drives the embedded
 * default as a user's Node application would, against the app as users run it (a JVM of its own, on
 * random ports): the script {@code src/test/node/camunda-sdk-drive.mjs} deploys, starts, publishes,
 * correlates, broadcasts, sets variables, modifies, assigns, unassigns, updates and completes, and
 * reads the outcome back through searches; then evaluates a decision alone and in a business-rule
 * task, runs a job worker, cancels, migrates, pins and resets the clock, uploads, downloads and
 * deletes a document, deletes a resource and reads the licence. Skipped only where node is not
 * installed; the SDK comes from the model checks' package-lock.json.
 */
class CamundaSdkNodeTest {

  private static final Path NODE_TOOLING = Path.of("src", "test", "node");

  @Test
  void theNodeSdkDrivesEachCommandAgainstTheEmbeddedDefault(@TempDir Path data) throws Exception {
    assumeTrue(nodeInstalled(), "node is not installed: the Node SDK cannot be run");
    NodeRun install = node(Map.of(), "install-deps.mjs");
    assertThat(install.exitCode())
        .as("installing the Node dependencies: %s", install.output())
        .isZero();

    var app = new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    Process running = app.start();
    try {
      // The SDK's documented settings for a cluster without authentication; the app takes none on
      // loopback.
      NodeRun drive =
          node(
              Map.of("ZEEBE_REST_ADDRESS", app.baseUrl(), "CAMUNDA_AUTH_STRATEGY", "NONE"),
              "camunda-sdk-drive.mjs");
      // Each step it passed, in the test's output: where it failed is the first line that is not
      // "ok".
      System.out.println(drive.output());
      assertThat(drive.exitCode()).as(drive.output()).isZero();
      assertThat(drive.output())
          .as(drive.output())
          .contains(
              "ok a repeat of the messageId is refused with 409",
              "ok correlate a message",
              "ok broadcast the signal",
              "ok set a variable",
              "ok assign the user task",
              "ok unassign the user task",
              "ok update the user task",
              "ok assign and complete the user task",
              "ok the instance completed with every variable sent",
              "ok modify a second instance",
              "ok evaluate the decision",
              "ok the business-rule task decides, and a job worker completes the job after it",
              "ok cancel an instance",
              "ok migrate a waiting instance",
              "ok pin the clock",
              "ok upload a document, download it by its hash, delete it",
              "ok delete a resource",
              "ok the licence is a development one",
              "all steps passed");
    } finally {
      running.destroy();
      running.waitFor();
    }
  }

  private static boolean nodeInstalled() {
    try {
      return new ProcessBuilder("node", "--version")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start()
              .waitFor()
          == 0;
    } catch (IOException notFound) {
      return false;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Runs a script of the Node tooling with {@code settings} as its only Camunda settings; its exit
   * and output.
   */
  private static NodeRun node(Map<String, String> settings, String script) throws Exception {
    Path output = Files.createTempFile("mediaflow-node-", ".log");
    try {
      var command =
          new ProcessBuilder("node", script)
              .directory(NODE_TOOLING.toFile())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile());
      // Whatever Camunda settings the developer's shell has would point the SDK elsewhere.
      command
          .environment()
          .keySet()
          .removeIf(name -> name.startsWith("CAMUNDA_") || name.startsWith("ZEEBE_"));
      command.environment().putAll(settings);
      Process process = command.start();
      if (!process.waitFor(5, TimeUnit.MINUTES)) {
        process.destroyForcibly().waitFor();
        return new NodeRun(-1, "timed out after 5 minutes: " + Files.readString(output));
      }
      return new NodeRun(process.exitValue(), Files.readString(output));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private record NodeRun(int exitCode, String output) {}
}
