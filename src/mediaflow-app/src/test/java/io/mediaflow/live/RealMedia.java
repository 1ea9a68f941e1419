package io.mediaflow.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.ListeningSockets;
import io.mediaflow.api.ApiJson;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * An encoder, a simulcast platform and ffprobe, made of the sandbox's ffmpeg; every process started
 * here is ended by {@link #close()}.
 */
final class RealMedia implements AutoCloseable {

  private final List<Process> started = new ArrayList<>();
  private final List<Encoder> encoders = new ArrayList<>();

  /**
   * An encoder pushing {@code seconds} of a test pattern with a tone, in real time, H.264 with a
   * key frame a second. Like OBS, it connects again while nothing listens at the URL yet (the
   * stream's listener may still be starting).
   */
  Encoder push(String url, int seconds) {
    var encoder =
        new Encoder(
            FfmpegPrograms.ffmpeg(
                "-hide_banner",
                "-loglevel",
                "error",
                "-re",
                "-f",
                "lavfi",
                "-i",
                "testsrc2=size=320x240:rate=25",
                "-f",
                "lavfi",
                "-i",
                "sine=frequency=440",
                "-t",
                Integer.toString(seconds),
                "-c:v",
                "libopenh264",
                "-g",
                "25",
                "-c:a",
                "aac",
                "-f",
                "flv",
                url));
    encoders.add(encoder);
    return encoder;
  }

  static final class Encoder {

    private static final Duration KEEP_TRYING = Duration.ofSeconds(30);

    private final List<String> command;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private volatile Process process;
    private volatile boolean stopped;

    private Encoder(List<String> command) {
      this.command = command;
      Thread.ofVirtual().start(this::run);
    }

    private void run() {
      long deadline = System.nanoTime() + KEEP_TRYING.toNanos();
      try {
        while (true) {
          Path log = Files.createTempFile("encoder-", ".log");
          process = FfmpegPrograms.process(command).redirectError(log.toFile()).start();
          int code = process.waitFor();
          boolean refused = Files.readString(log).contains("Connection refused");
          Files.delete(log);
          if (code == 0 || !refused || stopped || System.nanoTime() > deadline) {
            exit.complete(code);
            return;
          }
          Thread.sleep(200);
        }
      } catch (IOException | InterruptedException | RuntimeException e) {
        exit.completeExceptionally(e);
      }
    }

    /** The exit code of its last attempt; fails after {@code seconds}. */
    int await(int seconds) {
      try {
        return exit.get(seconds, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError("The encoder did not end within " + seconds + " s", e);
      }
    }

    private void stop() {
      stopped = true;
      Process current = process;
      if (current != null) {
        current.destroyForcibly();
      }
    }
  }

  /**
   * Another platform's RTMP ingest: accepts one push at {@code url} and keeps what it receives in
   * {@code file}. Returns once it listens, so that its port is taken before a stream's ingest port
   * is chosen: the kernel hands a port just closed out again now and then, and a stream given the
   * platform's port would push to itself.
   */
  Process receive(String url, Path file) {
    Process receiver =
        run(
            FfmpegPrograms.ffmpeg(
                "-hide_banner",
                "-loglevel",
                "error",
                "-listen",
                "1",
                "-i",
                url,
                "-c",
                "copy",
                file.toString()));
    int port = URI.create(url).getPort();
    Awaitility.await("the receiver listening at port " + port)
        .atMost(Duration.ofMinutes(1))
        .until(() -> !ListeningSockets.addresses(port).isEmpty() || !receiver.isAlive());
    return receiver;
  }

  /** ffprobe's {@code format.duration} and {@code streams[].codec_type} of a file. */
  JsonNode probe(Path file) {
    return probe(file.toString());
  }

  /** The same of a file or URL, such as a live playlist a viewer plays. */
  JsonNode probe(String fileOrUrl) {
    Process ffprobe =
        run(
            FfmpegPrograms.ffprobe(
                "-v",
                "error",
                "-show_entries",
                "format=duration:stream=codec_type,codec_name",
                "-of",
                "json",
                fileOrUrl));
    try {
      return ApiJson.MAPPER.readTree(ffprobe.getInputStream());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  double duration(Path file) {
    return probe(file).at("/format/duration").asDouble();
  }

  List<String> codecTypes(Path file) {
    var types = new ArrayList<String>();
    probe(file).path("streams").forEach(stream -> types.add(stream.path("codec_type").asText()));
    return types;
  }

  /** ffmpeg decodes every frame of the file without an error: its exit code. */
  int decode(Path file) {
    return await(
        run(
            FfmpegPrograms.ffmpeg(
                "-v", "error", "-xerror", "-i", file.toString(), "-f", "null", "-")),
        60);
  }

  /** Waits for a process to end by itself: its exit code. */
  static int await(Process process, int seconds) {
    try {
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        throw new AssertionError("ffmpeg did not end within " + seconds + " s");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private Process run(List<String> command) {
    try {
      Process process =
          FfmpegPrograms.process(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      started.add(process);
      return process;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    started.forEach(Process::destroyForcibly);
    encoders.forEach(Encoder::stop);
  }
}
