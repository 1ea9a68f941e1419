package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.media.ChildProcesses;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs one ffmpeg command in an output folder and reports how far it got: ffmpeg's {@code
 * -progress} lines give the seconds of output written so far. A failed run becomes a {@link
 * JobFailure} with the service's message for that stage and the last lines ffmpeg printed as
 * details.
 */
final class Ffmpeg {

  private static final int ERROR_LINES = 6;

  private Ffmpeg() {}

  /**
   * @param arguments everything after {@code ffmpeg} but the progress options
   * @param progress told the share of {@code seconds} written, and what ffmpeg printed when it
   *     still succeeded
   * @param seconds how long the output will be; 0 when unknown or not timed (an image)
   * @param failure the job's error message if ffmpeg fails ({@link JobFailure#VIDEO_CONVERT} and
   *     the like)
   */
  static void run(
      Path folder, List<String> arguments, Progress progress, double seconds, String failure) {
    var command =
        new ArrayList<String>(
            List.of(
                "-nostdin",
                "-hide_banner",
                "-v",
                "error",
                "-y",
                "-nostats",
                "-progress",
                "pipe:1"));
    command.addAll(arguments);
    // The real service encodes on machines of its own; here encodes share the machine with the
    // engine and the workers, so they run at a lower priority (nice 10): a queue of encodes must
    // not hold up a task's completion.
    var encode = new ArrayList<>(List.of("nice", "-n", "10"));
    encode.addAll(FfmpegPrograms.ffmpeg(command.toArray(String[]::new)));
    ProcessBuilder builder = FfmpegPrograms.process(encode).directory(folder.toFile());
    builder
        .environment()
        .put("SVT_LOG", "1"); // SVT-AV1 prints its configuration unless told errors only
    Process process;
    try {
      process = ChildProcesses.start(builder);
    } catch (IOException e) {
      throw new JobFailure(failure, "ffmpeg did not start: " + e.getMessage());
    }
    CompletableFuture<Deque<String>> errors =
        CompletableFuture.supplyAsync(() -> lastLines(process), Thread::startVirtualThread);
    try (var out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (seconds > 0 && line.startsWith("out_time_us=") && !line.endsWith("N/A")) {
          progress.done(Long.parseLong(line.substring("out_time_us=".length())) / 1e6 / seconds);
        }
      }
      int exit = process.waitFor();
      if (exit != 0) {
        throw new JobFailure(
            failure, "ffmpeg exited with " + exit + ": " + String.join(" | ", errors.join()));
      }
      if (!errors.join().isEmpty()) {
        progress.decodingErrors(String.join(" | ", errors.join()));
      }
    } catch (IOException e) {
      process.destroyForcibly();
      throw new JobFailure(failure, "ffmpeg's output broke off: " + e.getMessage());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new JobFailure(failure, "interrupted");
    }
  }

  private static Deque<String> lastLines(Process process) {
    var lines = new ArrayDeque<String>();
    try (var err =
        new BufferedReader(
            new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
      for (String line = err.readLine(); line != null; line = err.readLine()) {
        lines.addLast(line.strip());
        if (lines.size() > ERROR_LINES) {
          lines.removeFirst();
        }
      }
    } catch (IOException ignored) {
      // the process ended; what was read is what there is
    }
    return lines;
  }
}
