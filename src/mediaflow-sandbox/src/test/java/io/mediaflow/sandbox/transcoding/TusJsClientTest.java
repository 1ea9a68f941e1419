package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.SandboxTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The upload host against {@code tus-js-client}, the TUS client of the service's browser and Node
 * users (src/test/node/tus-upload.mjs, dependencies pinned by its package-lock.json): it uploads to
 * {@code {upload_url}/{task_token}} from a {@code create_task} answer, is interrupted, resumes, and
 * the upload feeds a job. Needs Node.js 20 and npm (as the app module's model checks do).
 */
class TusJsClientTest extends SandboxTest {

  private static final Path NODE = Path.of("src/test/node");

  private final SandboxClient sandbox = new SandboxClient(baseUrl());

  @Test
  void tusJsClientUploadsToUploadUrlSlashTaskTokenAndResumesAfterAnInterruption() throws Exception {
    installDependencies();
    byte[] clip = MediaTools.source(320, 180, 2);
    Path file = Files.createTempFile("mediaflow-tus-", ".mp4");
    try {
      Files.write(file, clip);
      JsonNode result =
          sandbox.parse(
              run(
                  List.of(
                      "node",
                      "tus-upload.mjs",
                      sandbox.api(""),
                      "sandbox-api-key",
                      file.toAbsolutePath().toString())));
      String task = result.path("taskToken").asText();
      assertThat(result.path("uploadUrl").asText())
          .isEqualTo(baseUrl() + "/sandbox/upload/v1/upload_file");
      assertThat(result.path("location").asText())
          .matches(baseUrl() + "/sandbox/upload/v1/upload_file/" + task + "/[0-9a-f-]{36}");
      assertThat(result.path("interruptedAt").asLong()).isPositive().isLessThan(clip.length);
      assertThat(result.path("resumedFrom").asLong())
          .as("the second client went on, not from 0")
          .isGreaterThanOrEqualTo(result.path("interruptedAt").asLong());

      JsonNode started =
          sandbox.startEncode2(
              task, query(result.path("source").asText(), "{\"output\": \"mp4\"}"));
      assertThat(started.path("error").asInt()).as(started.toString()).isZero();
      JsonNode status = sandbox.awaitFinished(task);
      assertThat(status.path("status").asText()).as(status.toString()).isEqualTo("completed");
      assertThat(status.path("source_size").asLong()).isEqualTo(clip.length);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** {@code npm ci} when tus-js-client is not installed yet. */
  private static void installDependencies() throws IOException, InterruptedException {
    if (!Files.isDirectory(NODE.resolve("node_modules/tus-js-client"))) {
      run(List.of("npm", "ci", "--no-audit", "--no-fund"));
    }
  }

  private static String run(List<String> command) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command)
            .directory(NODE.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed: " + out);
    }
    return out.strip();
  }
}
