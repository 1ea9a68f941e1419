package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxFolders;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/**
 * The download limits, the tries again after a failure in passing, and what a download leaves in
 * the job's folder: the source file alone when it succeeds, nothing when it fails. The largest
 * source is the sample's size here, so one byte more is too large.
 */
class SourceFetcherTest {

  private static final byte[] SAMPLE = TranscodingJobTest.sample();
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final SandboxTranscodingProperties properties =
      new SandboxTranscodingProperties(
          20,
          1,
          Duration.ZERO,
          Duration.ZERO,
          Duration.ZERO,
          Duration.ofHours(24),
          TIMEOUT,
          DataSize.ofBytes(SAMPLE.length),
          List.of("http://localhost"));
  private final SandboxProperties sandbox =
      new SandboxProperties(
          true, "http://localhost/sandbox", 0.01, List.of("key"), Duration.ofHours(1));
  private final SandboxClock clock = new SandboxClock(sandbox);
  private final SandboxDatabase database = new SandboxDatabase(new SandboxStateProperties(null));
  private final SandboxFolders folders = new SandboxFolders(new SandboxStateProperties(null));
  private final UploadStore uploads;
  private final SourceFetcher fetcher;

  @TempDir Path folder;

  SourceFetcherTest() throws IOException {
    uploads = new UploadStore(clock, properties, database, folders);
    fetcher =
        new SourceFetcher(
            uploads, new Downloader(properties, new SourceAddresses(sandbox, properties), clock));
  }

  @AfterEach
  void close() throws IOException {
    folders.destroy();
    database.destroy();
    clock.close();
  }

  @Test
  void aSourceOfTheLargestSizeIsWrittenAloneIntoTheFolder() throws IOException {
    try (var server =
        new TestServer().on("/bars.mp4", exchange -> chunked(exchange, SAMPLE, false))) {
      Source source = fetch(server.url("/bars.mp4"));

      assertThat(files()).containsExactly(folder.resolve("source-0.mp4"));
      assertThat(Files.readAllBytes(source.first().file())).isEqualTo(SAMPLE);
      assertThat(source.size()).isEqualTo(SAMPLE.length);
    }
  }

  @Test
  void aLargerSourceFailsAtTheFirstByteTooManyAndLeavesNothing() throws IOException {
    byte[] larger = Arrays.copyOf(SAMPLE, SAMPLE.length + 1);
    // declared: refused before reading; chunked: read until one byte too many; endless: never read
    // to the end
    try (var server =
        new TestServer()
            .file("/declared.mp4", larger, "video/mp4")
            .on("/chunked.mp4", exchange -> chunked(exchange, larger, false))
            .on("/endless.mp4", exchange -> chunked(exchange, SAMPLE, true))) {
      for (String path : new String[] {"/declared.mp4", "/chunked.mp4", "/endless.mp4"}) {
        JobFailure failure = failure(server.url(path));

        assertThat(failure.getMessage()).as(path).isEqualTo(JobFailure.DOWNLOAD);
        assertThat(failure.details())
            .as(path)
            .isEqualTo("the source is larger than " + SAMPLE.length + " bytes");
        assertThat(files()).as(path).isEmpty();
      }
    }
  }

  /** A transfer too slow may pass: it is tried again, and only the last of the tries gives up. */
  @Test
  void aTransferSlowerThanTheTimeoutAtEveryTryFailsAndLeavesNothing() throws IOException {
    var requests = new AtomicInteger();
    try (var server =
        new TestServer()
            .on(
                "/slow.mp4",
                exchange -> {
                  requests.incrementAndGet();
                  exchange.sendResponseHeaders(200, SAMPLE.length);
                  exchange.getResponseBody().write(SAMPLE, 0, 4096);
                  exchange.getResponseBody().flush();
                  sleep(TIMEOUT.multipliedBy(2));
                })) {
      JobFailure failure = failure(server.url("/slow.mp4"));

      // the unable-to-download message before the source was tried again; now the attempts are what
      // ran out
      assertThat(failure.getMessage()).isEqualTo(JobFailure.DOWNLOAD_ATTEMPTS);
      assertThat(failure.details()).isEqualTo("3 attempts, the last: transfer too slow");
      assertThat(requests).hasValue(Downloader.ATTEMPTS);
      assertThat(files()).isEmpty();
    }
  }

  @Test
  void aServerErrorIsTriedAgainUntilTheSourceComes() throws IOException {
    var requests = new AtomicInteger();
    try (var server =
        new TestServer()
            .on(
                "/busy.mp4",
                exchange -> {
                  if (requests.incrementAndGet() < Downloader.ATTEMPTS) {
                    TestServer.respond(exchange, 503, new byte[0], "text/plain");
                  } else {
                    TestServer.respond(exchange, 200, SAMPLE, "video/mp4");
                  }
                })) {
      Source source = fetch(server.url("/busy.mp4"));

      assertThat(Files.readAllBytes(source.first().file())).isEqualTo(SAMPLE);
      assertThat(files()).containsExactly(folder.resolve("source-0.mp4"));
    }
  }

  @Test
  void failuresInPassingAtEveryTryAreTheMaximumAttemptsError() throws IOException {
    var requests = new AtomicInteger();
    try (var server =
        new TestServer()
            .on(
                "/down.mp4",
                exchange -> {
                  requests.incrementAndGet();
                  TestServer.respond(exchange, 502, new byte[0], "text/plain");
                })
            .on(
                "/cut.mp4",
                exchange -> {
                  exchange.sendResponseHeaders(200, SAMPLE.length);
                  // the connection closes with the exchange, short of the length announced
                  exchange.getResponseBody().write(SAMPLE, 0, 4096);
                })) {
      JobFailure down = failure(server.url("/down.mp4"));
      assertThat(down.getMessage()).isEqualTo(JobFailure.DOWNLOAD_ATTEMPTS);
      assertThat(down.details()).isEqualTo("3 attempts, the last: localhost answered HTTP 502");
      assertThat(requests).hasValue(Downloader.ATTEMPTS);

      JobFailure cut = failure(server.url("/cut.mp4"));
      assertThat(cut.getMessage()).isEqualTo(JobFailure.DOWNLOAD_ATTEMPTS);
      // broken off while the answer is read, or already while its head is
      assertThat(cut.details()).startsWith("3 attempts, the last: ").contains("broken off");
      assertThat(files()).isEmpty();
    }
  }

  /**
   * A client error, like a refused address or a source too large, would be the same at the next
   * try.
   */
  @Test
  void aClientErrorFailsAtTheFirstTry() {
    var requests = new AtomicInteger();
    try (var server =
        new TestServer()
            .on(
                "/gone.mp4",
                exchange -> {
                  requests.incrementAndGet();
                  TestServer.respond(exchange, 404, new byte[0], "text/plain");
                })) {
      JobFailure failure = failure(server.url("/gone.mp4"));

      assertThat(failure.getMessage()).isEqualTo(JobFailure.DOWNLOAD);
      assertThat(failure.details()).isEqualTo("localhost answered HTTP 404");
      assertThat(requests).hasValue(1);
    }
  }

  @Test
  void anHlsStreamLargerThanTheLimitFailsAndLeavesNothing() throws IOException {
    byte[] segment = TestMedia.transportStream(50);
    int segments = SAMPLE.length / segment.length + 1;
    var playlist = new StringBuilder("#EXTM3U\n#EXT-X-TARGETDURATION:1\n");
    for (int i = 0; i < segments; i++) {
      playlist.append("#EXTINF:1.0,\ns.ts\n");
    }
    try (var server =
        new TestServer()
            .file(
                "/master.m3u8",
                "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nindex.m3u8\n"
                    .getBytes(StandardCharsets.UTF_8),
                "application/vnd.apple.mpegurl")
            .file(
                "/index.m3u8",
                playlist.append("#EXT-X-ENDLIST\n").toString().getBytes(StandardCharsets.UTF_8),
                "application/vnd.apple.mpegurl")
            .file("/s.ts", segment, "video/mp2t")) {
      JobFailure failure = failure(server.url("/master.m3u8"));

      assertThat(failure.getMessage()).isEqualTo(JobFailure.DOWNLOAD_HLS);
      assertThat(failure.details())
          .endsWith("the stream is larger than " + SAMPLE.length + " bytes");
      assertThat(files()).isEmpty();
    }
  }

  @Test
  void aStitchWhoseSecondClipFailsLeavesNotEvenTheFirst() throws IOException {
    try (var server = new TestServer().file("/bars.mp4", SAMPLE, "video/mp4")) {
      var request =
          new JobRequest(
              List.of(
                  new SourceClip(server.url("/bars.mp4"), null, null),
                  new SourceClip(server.url("/missing.mp4"), null, null)),
              true,
              List.of(),
              1);

      JobFailure failure =
          catchThrowableOfType(JobFailure.class, () -> fetcher.fetch("task", request, folder));

      assertThat(failure.getMessage()).isEqualTo(JobFailure.DOWNLOAD);
      assertThat(files()).isEmpty();
    }
  }

  /**
   * A source allowed by its address is still refused where its redirects lead: every hop is
   * checked.
   */
  @Test
  void aRedirectToThisMachineIsRefusedAndLeavesNothing() throws IOException {
    try (var server =
        new TestServer()
            .on(
                "/moved.mp4",
                exchange -> {
                  exchange.getResponseHeaders().set("Location", "http://127.0.0.1:26500/");
                  exchange.sendResponseHeaders(302, -1);
                })) {
      JobFailure failure = failure(server.url("/moved.mp4"));

      assertThat(failure.getMessage()).isEqualTo(JobFailure.DOWNLOAD);
      assertThat(failure.details())
          .isEqualTo(
              "127.0.0.1 is an address of this machine or its link, which the"
                  + " service cannot reach");
      assertThat(files()).isEmpty();
    }
  }

  private Source fetch(String url) {
    return fetcher.fetch("task", request(url), folder);
  }

  private JobFailure failure(String url) {
    return catchThrowableOfType(JobFailure.class, () -> fetch(url));
  }

  private static JobRequest request(String url) {
    return new JobRequest(List.of(new SourceClip(url, null, null)), false, List.of(), 1);
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.toList();
    }
  }

  /**
   * Sends {@code body} without a Content-Length, once or over and over until the client goes away.
   */
  private static void chunked(
      com.sun.net.httpserver.HttpExchange exchange, byte[] body, boolean endless)
      throws IOException {
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    do {
      out.write(body);
    } while (endless);
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
