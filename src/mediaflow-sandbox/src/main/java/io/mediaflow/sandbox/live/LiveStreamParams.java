package io.mediaflow.sandbox.live;

import java.math.BigDecimal;

/**
 * A stream's {@code params}, defaults filled in.
 *
 * @param inputFormat {@code rtmp}, {@code webrtc} or {@code srt}; changes to the ingest URL
 *     actually used
 * @param outputFormat {@code hls} (or {@code cmaf}, which a sample shows)
 * @param framerate 0 keeps the input frame rate; at most 30
 * @param mode always {@code auto}, the only value the document shows
 * @param callbackUrl receives the stream on every status change, or null
 * @param streamTimeout nominal seconds without input before a waiting or idle stream is stopped
 * @param dvr the recording settings
 */
record LiveStreamParams(
    String inputFormat,
    String outputFormat,
    BigDecimal framerate,
    String mode,
    String callbackUrl,
    int streamTimeout,
    DvrParams dvr) {

  LiveStreamParams withInputFormat(String format) {
    return new LiveStreamParams(
        format, outputFormat, framerate, mode, callbackUrl, streamTimeout, dvr);
  }
}
