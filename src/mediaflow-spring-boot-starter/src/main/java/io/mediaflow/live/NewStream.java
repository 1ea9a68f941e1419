package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The body of {@code POST /v1/live-streams}: the fields the document lists for creation, and the params it shows
 * in answers ({@code framerate}, {@code callback_url}, {@code dvr}), which the service takes at creation too. Every
 * field is optional; null ones are not sent, so the service's defaults apply. {@link StreamRules} checks them.
 *
 * @param inputFormat {@code rtmp} (default), {@code webrtc} or {@code srt}
 * @param outputFormat {@code hls} (default)
 * @param streamTimeout seconds the transcoder waits for input before auto-stop; default 120 (above 120, a waiting
 *     or idle stream is billed like a live one)
 * @param playbackDomain the FQDN of an existing live playback domain (document 1)
 * @param framerate 0 (default) keeps the input frame rate; at most 30
 * @param callbackUrl receives an update on each status change
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewStream(
    String name,
    String inputFormat,
    String outputFormat,
    Integer streamTimeout,
    @JsonProperty(NotShownFields.PLAYBACK_DOMAIN) String playbackDomain,
    Double framerate,
    String callbackUrl,
    Dvr dvr) {

  public static NewStream named(String name) {
    return new NewStream(name, null, null, null, null, null, null, null);
  }

  public NewStream withDvr(Dvr recording) {
    return new NewStream(name, inputFormat, outputFormat, streamTimeout, playbackDomain, framerate, callbackUrl, recording);
  }
}
