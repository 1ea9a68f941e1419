package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The world around the RTMP ingest, made of the sandbox's own ffmpeg: an encoder, a simulcast
 * target, ffprobe.
 */
final class RealMedia {

  private RealMedia() {}

  /** The ffmpeg processes a test started, killed after it whether it passed or not. */
  static final class Processes implements AfterEachCallback {

    private final List<Process> started = new ArrayList<>();
    private final List<Encoder> encoders = new ArrayList<>();

    Process add(Process process) {
      started.add(process);
      return process;
    }

    Encoder add(Encoder encoder) {
      encoders.add(encoder);
      return encoder;
    }

    @Override
    public void afterEach(ExtensionContext context) {
      started.forEach(Process::destroyForcibly);
      encoders.forEach(Encoder::stop);
    }
  }

  /**
   * An encoder pushing {@code seconds} of a test pattern with a tone, in real time, H.264 with a
   * key frame a second. Like OBS, it connects again while nothing listens at the URL yet: a
   * stream's listener starts a moment after the stream reaches waiting, and again after each
   * publisher.
   */
  static Encoder push(String url, int seconds) {
    return new Encoder(
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

    void stop() {
      stopped = true;
      Process current = process;
      if (current != null) {
        current.destroyForcibly();
      }
    }
  }

  /**
   * A platform's RTMP ingest: accepts one push at {@code url} and keeps what it receives in {@code
   * file}.
   */
  static Process receive(String url, Path file) {
    return run(
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
  }

  /** ffprobe's view of a file: {@code format.duration} and {@code streams[].codec_type}. */
  static JsonNode probe(Path file) {
    Process ffprobe =
        run(
            FfmpegPrograms.ffprobe(
                "-v",
                "error",
                "-show_entries",
                "format=duration:stream=codec_type,codec_name",
                "-of",
                "json",
                file.toString()));
    try {
      JsonNode probe = LiveApi.JSON.readTree(ffprobe.getInputStream());
      ffprobe.waitFor(30, TimeUnit.SECONDS);
      return probe;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static double duration(Path file) {
    return probe(file).at("/format/duration").asDouble();
  }

  static List<String> codecTypes(Path file) {
    var types = new ArrayList<String>();
    probe(file).path("streams").forEach(stream -> types.add(stream.path("codec_type").asText()));
    return types;
  }

  /** Waits for a process to end by itself; kills it after {@code seconds}. */
  static int await(Process process, int seconds) {
    try {
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError("ffmpeg did not end within " + seconds + " s");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Process run(List<String> command) {
    try {
      return FfmpegPrograms.process(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
