package io.mediaflow.sandbox.transcoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What ffprobe found in a source: fields are null when the file does not carry them.
 *
 * @param report ffprobe's whole report (format and streams), the {@code metadata} output's content
 */
record MediaInfo(
    Container container,
    long size,
    Double duration,
    Integer width,
    Integer height,
    String videoCodec,
    String audioCodec,
    Double frameRate,
    Integer frameCount,
    Map<String, Object> report) {

  static MediaInfo of(Container container, Ffprobe.Media media) {
    return new MediaInfo(
        container,
        media.size(),
        media.duration(),
        media.width(),
        media.height(),
        media.videoCodec(),
        media.audioCodec(),
        media.frameRate(),
        media.frameCount(),
        media.report());
  }

  MediaInfo withDuration(Double seconds) {
    return new MediaInfo(
        container,
        size,
        seconds,
        width,
        height,
        videoCodec,
        audioCodec,
        frameRate,
        frameCount,
        report);
  }

  boolean hasVideo() {
    return videoCodec != null;
  }

  boolean hasAudio() {
    return audioCodec != null;
  }

  /** The probe's main findings, as the {@code metadata} output summarizes them. */
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
    out.put("framerate", frameRate);
    out.put("has_video", hasVideo());
    return out;
  }
}
