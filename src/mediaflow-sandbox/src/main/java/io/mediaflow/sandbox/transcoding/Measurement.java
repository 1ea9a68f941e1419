package io.mediaflow.sandbox.transcoding;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A written rendition as ffprobe measures it: what the status reports in {@code meta}, {@code
 * bitrate}, {@code duration} and {@code size}.
 *
 * @param bitrate kbps of the whole rendition (picture and sound): its bytes over its duration; null
 *     for images
 * @param size bytes of all the rendition's files
 */
record Measurement(Map<String, Object> meta, Integer bitrate, Double duration, long size) {

  /**
   * Measures the media made of {@code files} in order (one file, or an init segment and media
   * segments, which joined are one playable file).
   */
  static Measurement of(List<Path> files, boolean timed, String failure) {
    Path probed = files.getFirst();
    long size = 0;
    try {
      for (Path file : files) {
        size += Files.size(file);
      }
      if (files.size() > 1) {
        probed = Files.createTempFile(files.getFirst().getParent(), "measured-", ".media");
        try (OutputStream out = Files.newOutputStream(probed)) {
          for (Path file : files) {
            Files.copy(file, out);
          }
        }
      }
      Ffprobe.Media media = Ffprobe.probe(probed);
      if (media == null) {
        throw new JobFailure(failure, probed.getFileName() + " holds no readable stream");
      }
      Double duration = timed ? media.duration() : null;
      Integer bitrate =
          duration == null || duration <= 0 ? null : (int) Math.round(size * 8 / duration / 1000);
      return new Measurement(media.meta(), bitrate, duration, size);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (files.size() > 1 && !probed.equals(files.getFirst())) {
        probed.toFile().delete();
      }
    }
  }
}
