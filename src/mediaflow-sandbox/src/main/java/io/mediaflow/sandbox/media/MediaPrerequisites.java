package io.mediaflow.sandbox.media;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Whether the sandbox's {@code ffmpeg} and {@code ffprobe} can run on this machine. Each runs once
 * ({@code -version}) when the sandbox starts, in the background so the start does not wait for the
 * programs to be unpacked. When one cannot run, the reason is logged once, naming the library the
 * system lacks and the command that installs it, and media work is refused with that reason rather
 * than failing later, one encode at a time, with ffmpeg's exit code.
 */
@Component
public class MediaPrerequisites {

  private static final Logger LOG = LoggerFactory.getLogger(MediaPrerequisites.class);

  /** What the dynamic loader prints when a program's library is missing or unreadable. */
  private static final Pattern MISSING_LIBRARY =
      Pattern.compile("error while loading shared libraries: ([^:]+): (.+)");

  /**
   * Debian's packages of the system libraries the bundled programs link and a minimal system lacks
   * (the rest come inside the jar).
   */
  private static final Map<String, String> DEBIAN_PACKAGES = Map.of("libpulse.so.0", "libpulse0");

  private final CompletableFuture<Optional<String>> problem;

  public MediaPrerequisites() {
    problem = CompletableFuture.supplyAsync(MediaPrerequisites::check, Thread::startVirtualThread);
    problem.thenAccept(
        found ->
            found.ifPresentOrElse(
                reason -> LOG.error("{} Transcoding and live media are switched off.", reason),
                () -> LOG.debug("ffmpeg and ffprobe run")));
  }

  /**
   * Why the programs cannot run, once the check has run; empty while it runs and when they can. For
   * a page to show without waiting.
   */
  public Optional<String> problemSoFar() {
    return problem.getNow(Optional.empty());
  }

  /** Whether the check has run. */
  public boolean checked() {
    return problem.isDone();
  }

  /**
   * Why the programs cannot run (naming the missing library and what installs it), once checked.
   */
  public Optional<String> problem() {
    return problem.join();
  }

  private static Optional<String> check() {
    try {
      for (List<String> command :
          List.of(FfmpegPrograms.ffmpeg("-version"), FfmpegPrograms.ffprobe("-version"))) {
        Optional<String> failure = run(command);
        if (failure.isPresent()) {
          return failure;
        }
      }
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of("The sandbox's FFmpeg cannot be unpacked: " + e.getMessage() + ".");
    }
  }

  private static Optional<String> run(List<String> command) {
    String program = command.get(0).substring(command.get(0).lastIndexOf('/') + 1);
    try {
      Process process = FfmpegPrograms.process(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      // -version prints a few lines and ends: reading to the end is waiting for it.
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return process.waitFor() == 0
          ? Optional.empty()
          : Optional.of(reason(program, process.exitValue(), output));
    } catch (IOException e) {
      return Optional.of(
          "The sandbox's " + program + " cannot be started: " + e.getMessage() + ".");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("The check of the sandbox's " + program + " was interrupted.");
    }
  }

  /** The loader's complaint as a sentence that names the library and what installs it. */
  static String reason(String program, int exit, String output) {
    Matcher missing = MISSING_LIBRARY.matcher(output);
    if (!missing.find()) {
      String lastLine = output.strip().lines().reduce((first, second) -> second).orElse("");
      return "The sandbox's " + program + " exits with " + exit + ": " + lastLine;
    }
    // The loader names the file it found and could not read by its path, a missing one by its name.
    String reported = missing.group(1).strip();
    String library = Path.of(reported).getFileName().toString();
    String install =
        Optional.ofNullable(DEBIAN_PACKAGES.get(library))
            .map(pkg -> "install it with `sudo apt-get install " + pkg + "` (Debian, Ubuntu)")
            .orElse("install the package of your system that provides it");
    return "The sandbox's "
        + program
        + " cannot run: the system library "
        + library
        + " is missing or unreadable ("
        + reported
        + ": "
        + missing.group(2).strip()
        + "); "
        + install
        + ", then restart.";
  }
}
