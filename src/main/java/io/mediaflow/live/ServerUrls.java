package io.mediaflow.live;

/**
 * Where an encoder pushes the stream. {@code rtmp} is always there, {@code rtmps} in some answers, {@code webrtc}
 * and {@code srt} only once the stream is started.
 */
public record ServerUrls(String rtmp, String rtmps, String webrtc, String srt) {

  /** The URL for an input format ({@code rtmp}, {@code webrtc} or {@code srt}), or null when there is none yet. */
  public String forInputFormat(String inputFormat) {
    return switch (inputFormat == null ? "rtmp" : inputFormat) {
      case "webrtc" -> webrtc;
      case "srt" -> srt;
      default -> rtmp;
    };
  }
}
