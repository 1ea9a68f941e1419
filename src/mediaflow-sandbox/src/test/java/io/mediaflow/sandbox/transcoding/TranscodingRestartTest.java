package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import io.mediaflow.sandbox.state.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The transcoding sandbox stopped and started again over the same state directory, as the embedded default is:
 * what was finished answers as before, what was running starts over and says so to its callback receiver.
 */
class TranscodingRestartTest {

  /** An application that adds nothing: what it serves comes from the sandbox's auto-configuration. */
  @SpringBootApplication(scanBasePackages = "io.mediaflow.sandbox.none")
  static class SandboxOnly {}

  private static final byte[] SAMPLE = TranscodingJobTest.sample();

  @TempDir
  Path state;

  private final int port = freePort();
  private final SandboxClient sandbox = new SandboxClient("http://localhost:" + port);
  private final TestServer outside = new TestServer().recorder("/hooks", 200);
  /** Holds every download of {@code /held.mp4} until released, so a job stays unfinished while the sandbox stops. */
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicInteger heldDownloads = new AtomicInteger();
  private ConfigurableApplicationContext running;

  TranscodingRestartTest() {
    outside.on("/held.mp4", exchange -> {
      heldDownloads.incrementAndGet();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      TestServer.respond(exchange, 200, SAMPLE, "video/mp4");
    });
  }

  @AfterEach
  void stop() {
    release.countDown();
    if (running != null) {
      running.close();
    }
    outside.close();
  }

  @Test
  void finishedJobsAnswerAsBeforeAndTheRunningOneStartsOver() {
    start();
    String session = sandbox.sessionToken();
    String finished = sandbox.start(withCallback(query(sandbox.sampleUrl(), "{\"output\": \"mp4\"}")));
    JsonNode finishedStatus = sandbox.awaitFinished(finished);
    assertThat(finishedStatus.path("status").asText()).isEqualTo("completed");
    byte[] output = download(finishedStatus.path("videos").get(0).path("url").asText());
    String interrupted = startHeld();
    String before = sandbox.basicStatus(interrupted).path("status_url").asText();
    String uploadTask = sandbox.createTask();
    String upload = createUpload(uploadTask);
    assertThat(patch(upload, 0, Arrays.copyOfRange(SAMPLE, 0, 10_000)).statusCode()).isEqualTo(204);
    assertThat(startError(sandbox.createTask())).as("one job unfinished of one allowed").isEqualTo(22);

    restart();

    assertThat(sandbox.status(finished)).as("the finished job, complete status").isEqualTo(finishedStatus);
    assertThat(download(finishedStatus.path("videos").get(0).path("url").asText())).isEqualTo(output);
    assertThat(startError(finished)).as("a used task token stays used").isEqualTo(16);
    assertThat(sandbox.post("/v1/create_task", Map.of("token", session)).path("error").asInt())
        .as("a session token issued before the restart").isZero();
    Await.until("the download to be held again", heldDownloads::get, count -> count == 2);
    JsonNode restarted = sandbox.basicStatus(interrupted);
    assertThat(restarted.path("status").asText()).isEqualTo("downloading");
    assertThat(restarted.path("status_url").asText()).as("handed to another master").isNotEqualTo(before);
    Map<String, String> callback = Await.until("the restarted callback", () -> callbacks(interrupted),
        forms -> !forms.isEmpty()).getFirst();
    assertThat(callback.get("event")).isEqualTo("restarted");
    assertThat(callback.get("payload")).isEqualTo("order=17");
    assertThat(sandbox.parse(callback.get("status")).path("status").asText()).isEqualTo("downloading");
    assertThat(startError(sandbox.createTask())).as("the restarted job is still unfinished").isEqualTo(22);
    assertThat(head(upload)).as("the upload's offset").isEqualTo(10_000);

    release.countDown();

    JsonNode done = sandbox.awaitFinished(interrupted);
    assertThat(done.path("status").asText()).isEqualTo("completed");
    assertThat(done.path("source_size").asLong()).isEqualTo(SAMPLE.length);
    Await.until("the saved callback", () -> callbacks(interrupted), forms -> forms.size() == 3);
    assertThat(callbacks(interrupted)).extracting(form -> form.get("event"))
        .containsExactly("restarted", "queued", "saved");
    assertThat(patch(upload, 10_000, Arrays.copyOfRange(SAMPLE, 10_000, SAMPLE.length)).statusCode())
        .isEqualTo(204);
    String fileId = upload.substring(upload.lastIndexOf('/') + 1);
    JsonNode fromUpload = sandbox.startEncode2(uploadTask, query("tus:" + fileId, "{\"output\": \"mp4\"}"));
    assertThat(fromUpload.path("error").asInt()).as("the finished job no longer counts: %s", fromUpload).isZero();
    assertThat(sandbox.awaitFinished(uploadTask).path("source_size").asLong()).isEqualTo(SAMPLE.length);
  }

  @Test
  void aJobWhoseQueryNoLongerValidatesFailsWithRestartFailed() {
    start();
    String interrupted = startHeld();
    running.close();
    running = null;
    // as a later sandbox might, that validates queries by other rules: here the job's format is gone
    var database = new SandboxDatabase(new SandboxStateProperties(state));
    Table<Tasks.Saved> tasks = database.table("transcoding_tasks", Tasks.Saved.class);
    Job.Saved job = tasks.find(interrupted).orElseThrow().job();
    var query = ((ObjectNode) job.query().query().deepCopy()).without("format");
    tasks.put(interrupted, new Tasks.Saved(new Job.Saved(new JobQuery(query, job.query().payload(), List.of()),
        job.state(), job.master(), job.percent(), null, null, null, List.of(), List.of())));
    database.destroy();

    start();

    Map<String, String> callback = Await.until("the restart_failed callback", () -> callbacks(interrupted),
        forms -> !forms.isEmpty()).getFirst();
    assertThat(callback.get("event")).isEqualTo("restart_failed");
    assertThat(callback.get("error_code")).isEqualTo("1");
    assertThat(callback.get("error_message")).isEqualTo(JobFailure.PROCESSING);
    JsonNode status = sandbox.status(interrupted);
    assertThat(status.path("status").asText()).isEqualTo("error");
    assertThat(status.path("error_description").asText()).isEqualTo(JobFailure.PROCESSING);
    assertThat(startError(sandbox.createTask())).as("the failed job no longer counts").isZero();
  }

  private void start() {
    running = new SpringApplicationBuilder(SandboxOnly.class).properties(
        "spring.main.banner-mode=off",
        "server.port=" + port,
        "mediaflow.sandbox.enabled=true",
        "mediaflow.sandbox.public-url=" + sandbox.baseUrl + "/sandbox",
        "mediaflow.sandbox.transcoding.local-sources=http://localhost",
        "mediaflow.sandbox.transcoding.max-queued-tasks=1",
        "mediaflow.sandbox.time-scale=0.01",
        "mediaflow.sandbox.state.directory=" + state).run();
  }

  private void restart() {
    running.close();
    start();
  }

  /** A job with a callback, held in {@code downloading}. */
  private String startHeld() {
    String task = sandbox.createTask();
    JsonNode started = sandbox.startEncode2(task, withCallback(query(outside.url("/held.mp4"),
        "{\"output\": \"mp4\"}")), "order=17");
    assertThat(started.path("error").asInt()).as("start_encode2: %s", started).isZero();
    Await.until("the download to be held", heldDownloads::get, count -> count == 1);
    return task;
  }

  private String withCallback(String query) {
    return query.replace("{\"query\": {", "{\"query\": {\"callback_url\": \"" + outside.url("/hooks") + "\", ");
  }

  /** The error of a start on {@code task} with the sample: 0 when it started. */
  private int startError(String task) {
    return sandbox.startEncode2(task, query(sandbox.sampleUrl(), "{\"output\": \"mp4\"}")).path("error").asInt();
  }

  private List<Map<String, String>> callbacks(String task) {
    return outside.received.stream().map(TestServer.Received::form)
        .filter(form -> task.equals(form.get("task_token"))).toList();
  }

  private byte[] download(String url) {
    HttpResponse<byte[]> response = sandbox.get(url);
    assertThat(response.statusCode()).as(url).isEqualTo(200);
    return response.body();
  }

  private String createUpload(String task) {
    HttpResponse<String> created = sandbox.send(HttpRequest.newBuilder(
            URI.create(sandbox.baseUrl + "/sandbox/upload/v1/upload_file/" + task))
        .header("Tus-Resumable", "1.0.0").header("Upload-Length", Integer.toString(SAMPLE.length))
        .POST(HttpRequest.BodyPublishers.noBody()).build());
    assertThat(created.statusCode()).isEqualTo(201);
    return created.headers().firstValue("Location").orElseThrow();
  }

  private HttpResponse<String> patch(String location, long offset, byte[] chunk) {
    return sandbox.send(HttpRequest.newBuilder(URI.create(location))
        .header("Tus-Resumable", "1.0.0").header("Upload-Offset", Long.toString(offset))
        .header("Content-Type", "application/offset+octet-stream")
        .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(chunk)).build());
  }

  private long head(String location) {
    return sandbox.send(HttpRequest.newBuilder(URI.create(location)).header("Tus-Resumable", "1.0.0")
        .method("HEAD", HttpRequest.BodyPublishers.noBody()).build())
        .headers().firstValueAsLong("Upload-Offset").orElseThrow();
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
