package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.media.ChildProcesses;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * The media that stands in for what an encoder would push: the sandbox's 4 s sample clip, as MP4
 * ({@code sandbox/samples/bars.mp4}) and as the same streams remuxed to MPEG-TS (made once with
 * {@code ffmpeg -i bars.mp4 -c copy -bsf:v h264_mp4toannexb -f mpegts bars.ts}, so the build needs
 * no ffmpeg). Live playback repeats the TS clip as segments; DVR files of the simulated ingest are
 * the clip repeated for as long as the stream was live ({@link #loop}), so that a recording is as
 * long as the show, as its user would check it.
 */
@Component
class SampleMedia {

  private static final Logger LOG = LoggerFactory.getLogger(SampleMedia.class);

  /** The clip's length, and so the length of every live segment. */
  static final double CLIP_SECONDS = 4.0;

  /** The longest a copy of the clip into a long recording may take. */
  private static final long LOOP_WAIT_SECONDS = 120;

  private final byte[] mp4 = load("sandbox/samples/bars.mp4");
  private final byte[] ts = load("io/mediaflow/sandbox/live/bars.ts");

  byte[] mp4() {
    return mp4;
  }

  byte[] ts() {
    return ts;
  }

  /**
   * Writes the clip repeated to last {@code seconds} to {@code target}, as {@code mp4} or {@code
   * ts}, with ffmpeg's stream copy (no encoding: a fraction of a second for minutes of media).
   * False when ffmpeg cannot run (the sandbox then writes the clip alone, and says so in its log).
   */
  boolean loop(String container, double seconds, Path target) {
    Path clip = null;
    try {
      clip = Files.createTempFile("sandbox-clip-", "." + container);
      Files.write(clip, container.equals("mp4") ? mp4 : ts);
      Process ffmpeg =
          ChildProcesses.start(
              FfmpegPrograms.process(
                      FfmpegPrograms.ffmpeg(
                          "-hide_banner",
                          "-loglevel",
                          "error",
                          "-y",
                          "-stream_loop",
                          "-1",
                          "-i",
                          clip.toString(),
                          "-t",
                          String.format(Locale.ROOT, "%.3f", seconds),
                          "-c",
                          "copy",
                          "-f",
                          container.equals("mp4") ? "mp4" : "mpegts",
                          target.toString()))
                  .redirectErrorStream(true)
                  .redirectOutput(ProcessBuilder.Redirect.DISCARD));
      if (!ffmpeg.waitFor(LOOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
        ffmpeg.destroyForcibly();
        return false;
      }
      return ffmpeg.exitValue() == 0;
    } catch (IOException | RuntimeException | LinkageError e) {
      LOG.warn(
          "The sample clip could not be repeated into a recording of {} s: {}",
          seconds,
          e.toString());
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      if (clip != null) {
        try {
          Files.deleteIfExists(clip);
        } catch (IOException ignored) {
          // a temporary file
        }
      }
    }
  }

  private static byte[] load(String path) {
    try (var in = new ClassPathResource(path).getInputStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Sample clip " + path + " is missing from the classpath", e);
    }
  }
}
