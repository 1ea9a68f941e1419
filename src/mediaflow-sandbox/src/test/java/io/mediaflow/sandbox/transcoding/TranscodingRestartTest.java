package io.mediaflow.sandbox.transcoding;

import static io.mediaflow.sandbox.transcoding.SandboxClient.query;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.sandbox.FreePorts;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import io.mediaflow.sandbox.state.Table;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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
 * The transcoding sandbox stopped and started again over the same state directory, as the embedded
 * default is: what was finished answers as before, what was running starts over and says so to its
 * callback receiver.
 */
class TranscodingRestartTest {

  /**
   * An application that adds nothing: what it serves comes from the sandbox's auto-configuration.
   */
  @SpringBootApplication(scanBasePackages = "io.mediaflow.sandbox.none")
  static class SandboxOnly {}

  private static final byte[] SAMPLE = TranscodingJobTest.sample();

  @TempDir Path state;

  private final int port = FreePorts.take();
  private final SandboxClient sandbox = new SandboxClient("http://localhost:" + port);
  private final TestServer outside = new TestServer().recorder("/hooks", 200);

  /**
   * Holds every download of the subtitle file {@code /held.srt} until released: an HLS output
   * fetches it when its turn to be encoded comes, so a job that has one stays in the middle of
   * {@code encoding} while the sandbox stops.
   */
  private final CountDownLatch release = new CountDownLatch(1);

  private final AtomicInteger heldDownloads = new AtomicInteger();
  private ConfigurableApplicationContext running;

  TranscodingRestartTest() {
    outside.on(
        "/held.srt",
        exchange -> {
          heldDownloads.incrementAndGet();
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
          TestServer.respond(
              exchange,
              200,
              "1\n00:00:00,500 --> 00:00:02,000\nHello\n".getBytes(StandardCharsets.UTF_8),
              "application/x-subrip");
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
    String finished =
        sandbox.start(withCallback(query(sandbox.sampleUrl(), "{\"output\": \"mp4\"}")));
    JsonNode finishedStatus = sandbox.awaitFinished(finished);
    assertThat(finishedStatus.path("status").asText()).isEqualTo("completed");
    byte[] output = download(finishedStatus.path("videos").get(0).path("url").asText());
    String interrupted = startHeld();
    JsonNode midEncode = sandbox.status(interrupted);
    assertThat(midEncode.path("status").asText()).isEqualTo("encoding");
    assertThat(midEncode.path("images").get(0).path("size").asLong())
        .as("the thumbnail is written")
        .isPositive();
    assertThat(midEncode.path("videos").get(0).path("size").isNull())
        .as("the HLS ladder is not")
        .isTrue();
    String uploadTask = sandbox.createTask();
    String upload = createUpload(uploadTask);
    assertThat(patch(upload, 0, Arrays.copyOfRange(SAMPLE, 0, 10_000)).statusCode()).isEqualTo(204);
    assertThat(startError(sandbox.createTask()))
        .as("one job unfinished of one allowed")
        .isEqualTo(22);

    restart();

    assertThat(sandbox.status(finished))
        .as("the finished job, complete status")
        .isEqualTo(finishedStatus);
    assertThat(download(finishedStatus.path("videos").get(0).path("url").asText()))
        .isEqualTo(output);
    assertThat(startError(finished)).as("a used task token stays used").isEqualTo(16);
    assertThat(sandbox.post("/v1/create_task", Map.of("token", session)).path("error").asInt())
        .as("a session token issued before the restart")
        .isZero();
    Map<String, String> callback =
        Await.until(
                "the restarted callback",
                () -> callbacks(interrupted, "restarted"),
                forms -> !forms.isEmpty())
            .getFirst();
    assertThat(callback.get("payload")).isEqualTo("order=17");
    JsonNode restarted = sandbox.parse(callback.get("status"));
    assertThat(restarted.path("status").asText()).as("from the beginning").isEqualTo("downloading");
    assertThat(restarted.path("percent").asInt()).isZero();
    assertThat(restarted.path("images")).isEmpty();
    assertThat(restarted.path("status_url").asText())
        .as("handed to another master")
        .isNotEqualTo(midEncode.path("status_url").asText());
    Await.until("the subtitle file to be held again", heldDownloads::get, count -> count == 2);
    assertThat(sandbox.basicStatus(interrupted).path("status").asText()).isEqualTo("encoding");
    assertThat(startError(sandbox.createTask()))
        .as("the restarted job is still unfinished")
        .isEqualTo(22);
    assertThat(head(upload)).as("the upload's offset").isEqualTo(10_000);

    release.countDown();

    JsonNode done = sandbox.awaitFinished(interrupted);
    assertThat(done.path("status").asText()).isEqualTo("completed");
    assertThat(done.path("source_size").asLong()).isEqualTo(SAMPLE.length);
    assertThat(done.path("images").get(0).path("profile").asText())
        .as("a preset job's profiles")
        .isEqualTo("thumbnail");
    assertThat(done.path("videos").get(0).path("profile").asText()).isEqualTo("hls-ladder");
    Await.until(
        "the saved callback", () -> callbacks(interrupted, "saved"), forms -> !forms.isEmpty());
    assertThat(callbacks(interrupted))
        .extracting(form -> form.get("event"))
        .as("queued before the stop, then all over again")
        .containsExactly("queued", "restarted", "queued", "saved");
    assertThat(
            patch(upload, 10_000, Arrays.copyOfRange(SAMPLE, 10_000, SAMPLE.length)).statusCode())
        .isEqualTo(204);
    String fileId = upload.substring(upload.lastIndexOf('/') + 1);
    JsonNode fromUpload =
        sandbox.startEncode2(uploadTask, query("tus:" + fileId, "{\"output\": \"mp4\"}"));
    assertThat(fromUpload.path("error").asInt())
        .as("the finished job no longer counts: %s", fromUpload)
        .isZero();
    assertThat(sandbox.awaitFinished(uploadTask).path("source_size").asLong())
        .isEqualTo(SAMPLE.length);
  }

  @Test
  void aJobWhoseQueryNoLongerValidatesFailsWithRestartFailed() {
    start();
    String interrupted = startHeld();
    running.close();
    running = null;
    // as a later sandbox might, that validates queries by other rules: here the job's format is
    // gone
    var database = new SandboxDatabase(new SandboxStateProperties(state));
    Table<Tasks.Saved> tasks = database.table("transcoding_tasks", Tasks.Saved.class);
    Job.Saved job = tasks.find(interrupted).orElseThrow().job();
    var query = ((ObjectNode) job.query().query().deepCopy()).without("format");
    tasks.put(
        interrupted,
        new Tasks.Saved(
            new Job.Saved(
                new JobQuery(query, job.query().payload(), List.of()),
                job.state(),
                job.master(),
                job.percent(),
                null,
                null,
                null,
                List.of(),
                List.of())));
    database.destroy();

    start();

    Map<String, String> callback =
        Await.until(
                "the restart_failed callback",
                () -> callbacks(interrupted, "restart_failed"),
                forms -> !forms.isEmpty())
            .getFirst();
    assertThat(callback.get("error_code")).isEqualTo("1");
    assertThat(callback.get("error_message")).isEqualTo(JobFailure.PROCESSING);
    JsonNode status = sandbox.status(interrupted);
    assertThat(status.path("status").asText()).isEqualTo("error");
    assertThat(status.path("error_description").asText()).isEqualTo(JobFailure.PROCESSING);
    assertThat(startError(sandbox.createTask())).as("the failed job no longer counts").isZero();
  }

  private void start() {
    running =
        new SpringApplicationBuilder(SandboxOnly.class)
            .properties(
                "spring.main.banner-mode=off",
                "server.port=" + port,
                "mediaflow.sandbox.enabled=true",
                "mediaflow.sandbox.public-url=" + sandbox.baseUrl + "/sandbox",
                "mediaflow.sandbox.transcoding.local-sources=http://localhost",
                "mediaflow.sandbox.transcoding.max-queued-tasks=1",
                "mediaflow.sandbox.time-scale=0.01",
                "mediaflow.sandbox.state.directory=" + state)
            .run();
  }

  private void restart() {
    running.close();
    start();
  }

  /** A preset job with a callback, held in {@code encoding} once its thumbnail is done. */
  private String startHeld() {
    String task = sandbox.createTask();
    JsonNode started =
        sandbox.post(
            "/v1/start_encode",
            Map.of(
                "task_token",
                task,
                "uri",
                sandbox.sampleUrl(),
                "profiles",
                "thumbnail,hls-ladder",
                "payload",
                "order=17",
                "callback_url",
                outside.url("/hooks"),
                "subtitles",
                "[{\"source\": \"" + outside.url("/held.srt") + "\", \"language\": \"en\"}]"));
    assertThat(started.path("error").asInt()).as("start_encode: %s", started).isZero();
    Await.until("the subtitle file to be held", heldDownloads::get, count -> count == 1);
    return task;
  }

  private String withCallback(String query) {
    return query.replace(
        "{\"query\": {", "{\"query\": {\"callback_url\": \"" + outside.url("/hooks") + "\", ");
  }

  /** The error of a start on {@code task} with the sample: 0 when it started. */
  private int startError(String task) {
    return sandbox
        .startEncode2(task, query(sandbox.sampleUrl(), "{\"output\": \"mp4\"}"))
        .path("error")
        .asInt();
  }

  private List<Map<String, String>> callbacks(String task) {
    return outside.received.stream()
        .map(TestServer.Received::form)
        .filter(form -> task.equals(form.get("task_token")))
        .toList();
  }

  private List<Map<String, String>> callbacks(String task, String event) {
    return callbacks(task).stream().filter(form -> event.equals(form.get("event"))).toList();
  }

  private byte[] download(String url) {
    HttpResponse<byte[]> response = sandbox.get(url);
    assertThat(response.statusCode()).as(url).isEqualTo(200);
    return response.body();
  }

  private String createUpload(String task) {
    HttpResponse<String> created =
        sandbox.send(
            HttpRequest.newBuilder(
                    URI.create(sandbox.baseUrl + "/sandbox/upload/v1/upload_file/" + task))
                .header("Tus-Resumable", "1.0.0")
                .header("Upload-Length", Integer.toString(SAMPLE.length))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    assertThat(created.statusCode()).isEqualTo(201);
    return created.headers().firstValue("Location").orElseThrow();
  }

  private HttpResponse<String> patch(String location, long offset, byte[] chunk) {
    return sandbox.send(
        HttpRequest.newBuilder(URI.create(location))
            .header("Tus-Resumable", "1.0.0")
            .header("Upload-Offset", Long.toString(offset))
            .header("Content-Type", "application/offset+octet-stream")
            .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(chunk))
            .build());
  }

  private long head(String location) {
    return sandbox
        .send(
            HttpRequest.newBuilder(URI.create(location))
                .header("Tus-Resumable", "1.0.0")
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build())
        .headers()
        .firstValueAsLong("Upload-Offset")
        .orElseThrow();
  }
}
