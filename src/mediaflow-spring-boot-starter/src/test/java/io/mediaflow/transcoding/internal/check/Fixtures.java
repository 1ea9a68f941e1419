package io.mediaflow.transcoding.internal.check;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The small media files under {@code renditions/}, made once with ffmpeg (testsrc2 with a tone,
 * H.264 by OpenH264): {@code moov-at-end.mp4} 320x180 2 s, its {@code moov} after its 83 KB {@code
 * mdat}; {@code vertical.mp4} 180x320 1 s, {@code moov} first; {@code hls/} an fMP4 media playlist
 * of two 1 s segments and its 256x144 initialization segment; {@code thumbnail.*} 64x36 images.
 */
final class Fixtures {

  private Fixtures() {}

  static byte[] bytes(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/renditions/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String text(String name) {
    return new String(bytes(name), java.nio.charset.StandardCharsets.UTF_8);
  }
}
