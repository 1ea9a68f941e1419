package io.mediaflow.sandbox.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * The media that stands in for what an encoder would push: the sandbox's 4 s sample clip, as MP4
 * ({@code sandbox/samples/bars.mp4}) and as the same streams remuxed to MPEG-TS (made once with
 * {@code ffmpeg -i bars.mp4 -c copy -bsf:v h264_mp4toannexb -f mpegts bars.ts}, so the build needs
 * no ffmpeg). Live playback repeats the TS clip as segments; DVR files carry these bytes.
 */
@Component
class SampleMedia {

  /** The clip's length, and so the length of every live segment. */
  static final double CLIP_SECONDS = 4.0;

  private final byte[] mp4 = load("sandbox/samples/bars.mp4");
  private final byte[] ts = load("io/mediaflow/sandbox/live/bars.ts");

  byte[] mp4() {
    return mp4;
  }

  byte[] ts() {
    return ts;
  }

  private static byte[] load(String path) {
    try (var in = new ClassPathResource(path).getInputStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Sample clip " + path + " is missing from the classpath", e);
    }
  }
}
