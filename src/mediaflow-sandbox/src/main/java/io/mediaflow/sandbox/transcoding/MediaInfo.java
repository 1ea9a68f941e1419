package io.mediaflow.sandbox.transcoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the sandbox learned about a source by reading its container (no decoding): fields are null when the
 * container does not carry them where the probe looks.
 *
 * @param truncated a box or chunk claims more bytes than the file has: the source may be corrupt
 */
record MediaInfo(
    Container container,
    long size,
    Double duration,
    Integer width,
    Integer height,
    String videoCodec,
    String audioCodec,
    Integer frameCount,
    boolean truncated) {

  static MediaInfo unprobed(Container container, long size) {
    return new MediaInfo(container, size, null, null, null, null, null, null, false);
  }

  MediaInfo withDuration(Double seconds) {
    return new MediaInfo(container, size, seconds, width, height, videoCodec, audioCodec, frameCount, truncated);
  }

  boolean hasVideo() {
    return !container.audioOnly();
  }

  Double frameRate() {
    return frameCount == null || duration == null || duration <= 0 ? null : frameCount / duration;
  }

  /** The probe's findings as the {@code metadata} output reports them. */
  Map<String, Object> describe() {
    var out = new LinkedHashMap<String, Object>();
    out.put("format_name", container.extension());
    out.put("content_type", container.contentType());
    out.put("size", size);
    out.put("duration", duration);
    out.put("width", width);
    out.put("height", height);
    out.put("video_codec", videoCodec);
    out.put("audio_codec", audioCodec);
    out.put("frame_count", frameCount);
    out.put("framerate", frameRate());
    out.put("has_video", hasVideo());
    return out;
  }
}
