package io.mediaflow.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaflow.MediaflowTest;
import io.mediaflow.api.ApiException;
import io.mediaflow.transcoding.query.Format;
import io.mediaflow.transcoding.query.Query;
import io.mediaflow.transcoding.query.Stream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.RequestBody;
import okio.Buffer;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The transcoding client against the sandbox over real HTTP: every endpoint and the error codes it
 * maps.
 */
class TranscodingClientSandboxTest extends MediaflowTest {

  @AfterEach
  void resetFaults() {
    send(
        java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(baseUrl() + "/sandbox/transcoding/control"))
            .DELETE()
            .build());
  }

  @Test
  void aFileUploadedThroughACutConnectionIsTranscodedToTheEnd(@TempDir Path directory)
      throws IOException {
    Path file = sample(directory);
    var cut = new AtomicBoolean();
    TranscodingClient client = client("sandbox-api-key", 10_000, cutSecondPatchHalfway(cut));

    Task task = client.createTask();
    String source = client.uploadFile(task, file);

    assertThat(cut).as("a PATCH was cut").isTrue();
    assertThat(source).startsWith("tus:");
    StartedJob job =
        client.startEncode2(
            new StartEncode2(
                task.taskToken(), Query.of(source, List.of(Format.of("mp4"))), "order-42"));
    JobStatus done = awaitFinished(client, job);
    assertThat(done.completed()).isTrue();
    assertThat(done.sourceSize()).isEqualTo(Files.size(file));
  }

  @Test
  void aCustomJobIsTrackedThroughTheLastStatusUrlAndTheMainHostWhenTheMasterFails() {
    TranscodingClient client = client("sandbox-api-key", 2_000_000, null);
    Task task = client.createTask();
    var ladder =
        Format.builder("advanced_hls").stream(List.of(rendition(720), rendition(360))).build();
    String source1080p = baseUrl() + "/sandbox/samples/bars-1080p.mp4";
    StartedJob job =
        client.startEncode2(
            new StartEncode2(task.taskToken(), Query.of(source1080p, List.of(ladder)), null));
    assertThat(job.statusUrl()).contains("/master/");

    control(Map.of("failNext", Map.of("endpoint", "master_status", "httpStatus", 503, "times", 1)));
    JobStatus basic =
        client.status(job.statusUrl(), List.of(task.taskToken())).get(task.taskToken());
    assertThat(basic.status()).as("the main host answers when the master fails").isNotBlank();

    // Read with the start's status_url throughout: the job has moved to other masters since, and
    // the client finds the last one through the main host.
    JobStatus done = awaitFinished(client, job);
    assertThat(done.statusUrl()).as("the job moved on").isNotEqualTo(job.statusUrl());
    assertThat(done.videos()).extracting(OutputItem::userTag).containsExactly("720", "360");
  }

  @Test
  void aPresetJobRunsAndSeveralStatusesAreReadAtOnce() {
    TranscodingClient client = client("sandbox-api-key", 2_000_000, null);
    Task first = client.createTask();
    Task second = client.createTask();
    client.startEncode(
        new StartEncode(
            first.taskToken(), sampleUrl(), null, List.of("mp4-720p"), null, null, null));
    StartedJob job =
        client.startEncode(
            new StartEncode(
                second.taskToken(), sampleUrl(), null, List.of("thumbnail"), null, null, null));

    var statuses = client.status(job.statusUrl(), List.of(first.taskToken(), second.taskToken()));

    assertThat(statuses).containsOnlyKeys(first.taskToken(), second.taskToken());
  }

  @Test
  void theServicesRefusalsBecomeTypedErrors() {
    TranscodingClient client = client("sandbox-api-key", 2_000_000, null);
    Task task = client.createTask();
    Query mp4 = Query.of(sampleUrl(), List.of(Format.of("mp4")));
    client.startEncode2(new StartEncode2(task.taskToken(), mp4, null));

    assertCode(
        () -> client.startEncode2(new StartEncode2(task.taskToken(), mp4, null)),
        ApiException.Rejected.class,
        "ERROR_TOKEN_ALREADY_USED");
    Task fresh = client.createTask();
    assertCode(
        () ->
            client.startEncode(
                new StartEncode(
                    fresh.taskToken(),
                    sampleUrl(),
                    null,
                    List.of("no-such-profile"),
                    null,
                    null,
                    null)),
        ApiException.Rejected.class,
        "ERROR_PROFILE_NOT_FOUND");
    assertCode(
        () -> client.status(null, List.of("0123456789abcdef0123456789abcdef")),
        ApiException.Rejected.class,
        "OUT_OF_RANGE");
    assertCode(
        () -> client.status(null, List.of("not a token")),
        ApiException.Rejected.class,
        "ERROR_BAD_TOKENS");
    assertCode(
        () -> client("unknown-key", 2_000_000, null).createTask(),
        ApiException.Misconfigured.class,
        "ERROR_API_KEY_NOT_FOUND");
  }

  @Test
  void transientRefusalsAreRetryableAndBusyCarriesRetryAfter() {
    TranscodingClient client = client("sandbox-api-key", 2_000_000, null);
    Task task = client.createTask();
    Query mp4 = Query.of(sampleUrl(), List.of(Format.of("mp4")));

    for (int error : new int[] {1, 7, 18, 22}) {
      control(Map.of("failNext", Map.of("endpoint", "start_encode2", "error", error, "times", 1)));
      assertThatThrownBy(() -> client.startEncode2(new StartEncode2(task.taskToken(), mp4, null)))
          .isInstanceOf(ApiException.Transient.class);
    }
    control(
        Map.of(
            "failNext",
            Map.of("endpoint", "start_encode2", "error", 8, "retryAfter", 3, "times", 1)));
    assertThatThrownBy(() -> client.startEncode2(new StartEncode2(task.taskToken(), mp4, null)))
        .isInstanceOfSatisfying(
            ApiException.Transient.class,
            e -> assertThat(e.retryAfter()).contains(Duration.ofSeconds(3)));

    assertThat(client.startEncode2(new StartEncode2(task.taskToken(), mp4, null)).statusUrl())
        .as("a refused start leaves the task startable")
        .isNotBlank();
  }

  @Test
  void anExpiredSessionTokenIsReplacedOnce() {
    control(Map.of("sessionTokenLifetime", "PT1S"));
    TranscodingClient client =
        new TranscodingClient(
            new TranscodingProperties(
                true,
                baseUrl() + "/sandbox/transcoding",
                "sandbox-api-key",
                2_000_000,
                Duration.ZERO.minusHours(1),
                Duration.ofSeconds(30),
                null,
                ",",
                ","),
            new OkHttpClient(),
            Clock.systemUTC());
    client.createTask();
    letTimePass(Duration.ofMillis(1500));

    assertThat(client.createTask().taskToken()).isNotBlank();
  }

  private JobStatus awaitFinished(TranscodingClient client, StartedJob job) {
    return await(
        "job " + job.taskToken() + " to finish",
        () -> {
          TranscodingClient.Statuses read = client.read(job.statusUrl(), List.of(job.taskToken()));
          JobStatus status = read.byToken().get(job.taskToken());
          // Finished only on a complete status, as the workers read it: the main host's basic one
          // may say completed without outputs (document 3, section 4, rule 1).
          return read.complete() && status != null && status.finished()
              ? Optional.of(status)
              : Optional.empty();
        });
  }

  private static Stream rendition(int height) {
    return Stream.builder()
        .resolution(height)
        .bitrate(1000)
        .userTag(Integer.toString(height))
        .build();
  }

  private static void assertCode(Runnable call, Class<? extends ApiException> type, String code) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(type, e -> assertThat(e.code()).isEqualTo(code));
  }

  private void control(Map<String, Object> body) {
    var response = post("/sandbox/transcoding/control", body);
    assertThat(response.statusCode()).as(response.body()).isLessThan(300);
  }

  private static String sampleUrl() {
    return baseUrl() + "/sandbox/samples/bars.mp4";
  }

  private Path sample(Path directory) throws IOException {
    Path file = directory.resolve("bars.mp4");
    try (InputStream in = getClass().getResourceAsStream("/sandbox/samples/bars.mp4")) {
      Files.copy(in, file);
    }
    return file;
  }

  private static TranscodingClient client(String apiKey, int chunkSize, Interceptor interceptor) {
    var http = new OkHttpClient.Builder();
    if (interceptor != null) {
      http.addNetworkInterceptor(interceptor);
    }
    var properties =
        new TranscodingProperties(
            true,
            baseUrl() + "/sandbox/transcoding",
            apiKey,
            chunkSize,
            Duration.ofMinutes(5),
            Duration.ofSeconds(30),
            null,
            ",",
            ",");
    return new TranscodingClient(properties, http.build(), Clock.systemUTC());
  }

  /** Sends half of the second PATCH's body, then drops the connection, as a network cut would. */
  private static Interceptor cutSecondPatchHalfway(AtomicBoolean cut) {
    var patches = new AtomicInteger();
    return chain -> {
      var request = chain.request();
      if (!"PATCH".equals(request.method()) || patches.incrementAndGet() != 2) {
        return chain.proceed(request);
      }
      var whole = new Buffer();
      request.body().writeTo(whole);
      long half = whole.size() / 2;
      RequestBody halfThenCut =
          new RequestBody() {
            @Override
            public MediaType contentType() {
              return request.body().contentType();
            }

            @Override
            public long contentLength() {
              return whole.size();
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
              sink.write(whole, half);
              sink.flush();
              cut.set(true);
              throw new IOException("connection cut");
            }
          };
      return chain.proceed(request.newBuilder().method("PATCH", halfThenCut).build());
    };
  }
}
