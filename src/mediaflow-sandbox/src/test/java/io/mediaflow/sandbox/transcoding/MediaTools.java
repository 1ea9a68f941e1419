package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The tests' own use of the bundled ffmpeg and ffprobe, independent of the sandbox's code: sources
 * made at test time (a moving test pattern with a tone), and what ffprobe and ffmpeg say about the
 * outputs.
 */
final class MediaTools {

  private static final ObjectMapper JSON = new ObjectMapper();

  private MediaTools() {}

  /**
   * An H.264/AAC MP4 of {@code seconds} of ffmpeg's moving {@code testsrc2} pattern at 25 fps, with
   * a tone.
   */
  static byte[] source(int width, int height, double seconds) {
    return source(width, height, seconds, "testsrc2");
  }

  /**
   * The same with another pattern ({@code smptebars}, {@code rgbtestsrc}...), to tell clips apart.
   */
  static byte[] source(int width, int height, double seconds, String pattern) {
    try {
      Path file = Files.createTempFile("mediaflow-test-", ".mp4");
      try {
        String time = String.format(Locale.ROOT, "%.3f", seconds);
        run(
            FfmpegPrograms.ffmpeg(
                "-v",
                "error",
                "-y",
                "-f",
                "lavfi",
                "-i",
                pattern + "=size=" + width + "x" + height + ":rate=25:duration=" + time,
                "-f",
                "lavfi",
                "-i",
                "sine=frequency=440:sample_rate=44100:duration=" + time,
                "-c:v",
                "libopenh264",
                "-b:v",
                "2000k",
                "-pix_fmt",
                "yuv420p",
                "-c:a",
                "aac",
                "-b:a",
                "96k",
                "-shortest",
                "-movflags",
                "+faststart",
                file.toString()));
        return Files.readAllBytes(file);
      } finally {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * An H.264 MP4 of {@code pictureSeconds} of {@code testsrc2} at 25 fps, with {@code soundSeconds}
   * of AAC tone (none when 0): a picture that ends before the sound, or a picture without sound.
   */
  static byte[] source(int width, int height, double pictureSeconds, double soundSeconds) {
    try {
      Path file = Files.createTempFile("mediaflow-test-", ".mp4");
      try {
        var command =
            new ArrayList<>(
                List.of(
                    "-v",
                    "error",
                    "-y",
                    "-f",
                    "lavfi",
                    "-i",
                    "testsrc2=size="
                        + width
                        + "x"
                        + height
                        + ":rate=25:duration="
                        + String.format(Locale.ROOT, "%.3f", pictureSeconds)));
        if (soundSeconds > 0) {
          command.addAll(
              List.of(
                  "-f",
                  "lavfi",
                  "-i",
                  "sine=frequency=440:sample_rate=44100:duration="
                      + String.format(Locale.ROOT, "%.3f", soundSeconds),
                  "-c:a",
                  "aac"));
        }
        command.addAll(
            List.of(
                "-c:v",
                "libopenh264",
                "-pix_fmt",
                "yuv420p",
                "-movflags",
                "+faststart",
                file.toString()));
        run(FfmpegPrograms.ffmpeg(command.toArray(String[]::new)));
        return Files.readAllBytes(file);
      } finally {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * An MPEG-TS file of {@code seconds} of {@code testsrc2} at 160x90, with a tone: an HLS segment
   * whose timestamps start at {@code offset} seconds, where the previous segment ends.
   */
  static byte[] transportStream(double seconds, double offset) {
    try {
      Path file = Files.createTempFile("mediaflow-test-", ".ts");
      try {
        String time = String.format(Locale.ROOT, "%.3f", seconds);
        run(
            FfmpegPrograms.ffmpeg(
                "-v",
                "error",
                "-y",
                "-f",
                "lavfi",
                "-i",
                "testsrc2=size=160x90:rate=25:duration=" + time,
                "-f",
                "lavfi",
                "-i",
                "sine=frequency=440:duration=" + time,
                "-c:v",
                "libopenh264",
                "-c:a",
                "aac",
                "-shortest",
                "-output_ts_offset",
                String.format(Locale.ROOT, "%.3f", offset),
                "-f",
                "mpegts",
                file.toString()));
        return Files.readAllBytes(file);
      } finally {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** ffprobe's report (format and streams) of a file or an http URL. */
  static JsonNode probe(String input) {
    String out =
        run(
            FfmpegPrograms.ffprobe(
                "-v", "error", "-show_format", "-show_streams", "-of", "json", input));
    try {
      return JSON.readTree(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode probe(byte[] media) {
    try {
      Path file = Files.createTempFile("mediaflow-probe-", ".media");
      try {
        Files.write(file, media);
        return probe(file.toString());
      } finally {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first stream of {@code type} ({@code video}, {@code audio}) of a probe report. */
  static JsonNode stream(JsonNode report, String type) {
    for (JsonNode stream : report.path("streams")) {
      if (stream.path("codec_type").asText().equals(type)) {
        return stream;
      }
    }
    return JSON.missingNode();
  }

  /**
   * What {@code ffmpeg -v error} prints while decoding all of {@code input}: empty when it plays
   * cleanly.
   */
  static String playErrors(String input) {
    return runCapturingErrors(FfmpegPrograms.ffmpeg("-v", "error", "-i", input, "-f", "null", "-"));
  }

  /**
   * The frame of {@code media} at {@code seconds}, scaled to {@code width} x {@code height}, as
   * ffmpeg gives it.
   */
  static BufferedImage frame(byte[] media, double seconds, int width, int height) {
    try {
      Path in = Files.createTempFile("mediaflow-frame-", ".mp4");
      Path out = Files.createTempFile("mediaflow-frame-", ".png");
      try {
        Files.write(in, media);
        run(
            FfmpegPrograms.ffmpeg(
                "-v",
                "error",
                "-y",
                "-ss",
                String.format(Locale.ROOT, "%.3f", seconds),
                "-i",
                in.toString(),
                "-frames:v",
                "1",
                "-vf",
                "scale=" + width + ":" + height,
                "-update",
                "1",
                out.toString()));
        return ImageIO.read(out.toFile());
      } finally {
        Files.deleteIfExists(in);
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static BufferedImage image(byte[] bytes) {
    try {
      return ImageIO.read(new ByteArrayInputStream(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Mean absolute difference of the colour channels of two images of one size, 0 (same) to 255. */
  static double difference(BufferedImage a, BufferedImage b) {
    long total = 0;
    for (int y = 0; y < a.getHeight(); y++) {
      for (int x = 0; x < a.getWidth(); x++) {
        int p = a.getRGB(x, y);
        int q = b.getRGB(x, y);
        for (int shift = 0; shift <= 16; shift += 8) {
          total += Math.abs(((p >> shift) & 0xFF) - ((q >> shift) & 0xFF));
        }
      }
    }
    return total / (3.0 * a.getWidth() * a.getHeight());
  }

  private static String run(List<String> command) {
    try {
      Process process =
          FfmpegPrograms.process(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.waitFor() != 0) {
        throw new IllegalStateException("failed: " + String.join(" ", command));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String runCapturingErrors(List<String> command) {
    try {
      var builder =
          FfmpegPrograms.process(new ArrayList<>(command))
              .redirectOutput(ProcessBuilder.Redirect.DISCARD);
      Process process = builder.start();
      String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      int exit = process.waitFor();
      return exit == 0 ? errors : "exit " + exit + ": " + errors;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
