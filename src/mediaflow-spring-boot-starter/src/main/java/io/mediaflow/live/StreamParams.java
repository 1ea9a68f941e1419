package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A stream's {@code params}, as answers show them.
 *
 * @param inputFormat {@code rtmp}, {@code webrtc} or {@code srt}; follows the server URL actually
 *     used
 * @param outputFormat {@code hls}
 * @param framerate 0 keeps the input frame rate; at most 30
 * @param mode seen as {@code auto}; its meaning is not shown
 * @param callbackUrl receives an update on each status change, or null
 * @param streamTimeout seconds without input before the stream is auto-stopped
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StreamParams(
    String inputFormat,
    String outputFormat,
    Double framerate,
    String mode,
    String callbackUrl,
    Integer streamTimeout,
    Dvr dvr) {

  StreamParams withoutSecrets() {
    return new StreamParams(
        inputFormat,
        outputFormat,
        framerate,
        mode,
        callbackUrl,
        streamTimeout,
        dvr == null ? null : dvr.withoutSecrets());
  }
}
