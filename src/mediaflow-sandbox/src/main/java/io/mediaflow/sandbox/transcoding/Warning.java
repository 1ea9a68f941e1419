package io.mediaflow.sandbox.transcoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An entry of a job status's {@code warnings}. The document lists the kinds and says each has a
 * short message, details and, for an output-specific warning, the system tag, without naming the
 * attributes: the sandbox names them {@code kind}, {@code message}, {@code details} and {@code
 * tag}.
 *
 * @param tag the system tag of the output concerned ({@code video-0-0}), or null for the whole job
 */
record Warning(String kind, String message, String details, String tag) {

  /** The source may be corrupt: ffmpeg printed errors while decoding it. */
  static final String SOURCE_DECODING = "source_decoding";

  /** The callback endpoint answered an error or could not be reached. */
  static final String CALLBACK_ENDPOINT = "callback_endpoint";

  /** An output asks for an audio bitrate below {@link #LOW_AUDIO_BITRATE_KBPS} kbps. */
  static final String LOW_AUDIO_BITRATE = "low_audio_bitrate";

  /** An output failed, but its format allowed it with {@code allow_soft_fail}. */
  static final String SOFT_FAIL = "soft_fail";

  /** An output could not be saved to one of its destinations, but was to another. */
  static final String DESTINATION = "destination";

  /**
   * Something the sandbox does differently from the service (a codec its FFmpeg lacks) or not at
   * all (an analysis output): it says so instead of inventing results.
   */
  static final String SANDBOX = "sandbox";

  static final int LOW_AUDIO_BITRATE_KBPS = 32;

  Map<String, Object> render() {
    var out = new LinkedHashMap<String, Object>();
    out.put("kind", kind);
    out.put("message", message);
    out.put("details", details);
    if (tag != null) {
      out.put("tag", tag);
    }
    return out;
  }
}
