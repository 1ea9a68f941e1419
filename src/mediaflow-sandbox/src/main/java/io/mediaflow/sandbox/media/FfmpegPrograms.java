package io.mediaflow.sandbox.media;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The {@code ffmpeg} and {@code ffprobe} programs the sandbox runs. They come inside the {@code
 * org.bytedeco:ffmpeg} platform jar from Maven Central (LGPL build: H.264 through libopenh264,
 * VP8/VP9, AV1, AAC, Opus), so no FFmpeg needs installing. They are copied out of the jar once per
 * version, without loading any of its JNI libraries: the sandbox only runs the programs.
 *
 * <p>The libraries beside them are found through {@code LD_LIBRARY_PATH} (libavcodec has no run
 * path), under the names they ask for ({@code libva.so.2} is shipped as {@code libva.so}). The one
 * system library they need that a minimal Debian lacks is PulseAudio's client ({@code libpulse0}),
 * linked by libavdevice.
 */
public final class FfmpegPrograms {

  private static final String PLATFORM = "linux-x86_64";
  private static final String RESOURCES = "org/bytedeco/ffmpeg/" + PLATFORM + "/";

  private FfmpegPrograms() {}

  /** A command line for ffmpeg; run it with {@link #process(List)}. */
  public static List<String> ffmpeg(String... arguments) {
    return command(Holder.DIRECTORY.resolve("ffmpeg"), arguments);
  }

  public static List<String> ffprobe(String... arguments) {
    return command(Holder.DIRECTORY.resolve("ffprobe"), arguments);
  }

  /** A process builder for {@code command} that finds the programs' libraries. */
  public static ProcessBuilder process(List<String> command) {
    var builder = new ProcessBuilder(command);
    builder.environment().put("LD_LIBRARY_PATH", Holder.DIRECTORY.toString());
    return builder;
  }

  private static List<String> command(Path program, String... arguments) {
    var command = new ArrayList<String>(arguments.length + 1);
    command.add(program.toString());
    Collections.addAll(command, arguments);
    return command;
  }

  /** Copied out on first use, not when the sandbox starts. */
  private static final class Holder {
    static final Path DIRECTORY = unpack();
  }

  private static Path unpack() {
    URL marker = FfmpegPrograms.class.getClassLoader().getResource(RESOURCES + "ffmpeg");
    if (marker == null) {
      throw new IllegalStateException(
          "ffmpeg for "
              + PLATFORM
              + " is not on the class path: the sandbox needs"
              + " org.bytedeco:ffmpeg with classifier "
              + PLATFORM);
    }
    try {
      var connection = (JarURLConnection) marker.openConnection();
      connection.setUseCaches(false);
      try (JarFile jar = connection.getJarFile()) {
        Path target =
            cacheFolder()
                .resolve(Path.of(jar.getName()).getFileName().toString().replace(".jar", ""));
        if (!Files.isExecutable(target.resolve("ffprobe"))) {
          copy(jar, target);
        }
        return target;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot unpack ffmpeg from its jar", e);
    }
  }

  /**
   * The user's cache folder for the programs ({@code $XDG_CACHE_HOME/mediaflow/ffmpeg}, {@code
   * ~/.cache/...} by default), as JavaCPP keeps its own in {@code ~/.javacpp/cache}: one copy per
   * ffmpeg version, shared by every run, and not left in the system's temporary directory.
   */
  private static Path cacheFolder() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path cache =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return cache.resolve("mediaflow").resolve("ffmpeg");
  }

  /**
   * Copies into a fresh folder, then moves it in place, so a concurrent or interrupted copy is
   * never used.
   */
  private static void copy(JarFile jar, Path target) throws IOException {
    Files.createDirectories(target.getParent());
    Path staging = Files.createTempDirectory(target.getParent(), "unpacking-");
    for (JarEntry entry : Collections.list(jar.entries())) {
      String name = entry.getName();
      if (entry.isDirectory()
          || !name.startsWith(RESOURCES)
          || name.contains("/jni")
          || name.substring(RESOURCES.length()).contains("/")) {
        continue;
      }
      Path file = staging.resolve(name.substring(RESOURCES.length()));
      try (InputStream in = jar.getInputStream(entry)) {
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
      }
      file.toFile().setExecutable(true);
    }
    // The names the libraries are linked against, where the jar ships them under another.
    Files.createSymbolicLink(staging.resolve("libva.so.2"), Path.of("libva.so"));
    Files.createSymbolicLink(staging.resolve("libva-drm.so.2"), Path.of("libva-drm.so"));
    try {
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException alreadyThere) {
      if (!Files.isExecutable(target.resolve("ffprobe"))) {
        throw alreadyThere;
      }
    }
  }
}
