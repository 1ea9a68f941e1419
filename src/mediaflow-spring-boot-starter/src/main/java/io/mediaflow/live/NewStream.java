package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.constraint.OneOf;
import io.mediaflow.api.constraint.Url;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;

/**
 * The body of {@code POST /v1/live-streams}: the fields the document lists for creation, and the
 * params it shows in answers ({@code framerate}, {@code callback_url}, {@code dvr}), which the
 * service takes at creation too. Every field is optional; null ones are not sent, so the service's
 * defaults apply. Its constraints are the rules.
 *
 * @param inputFormat {@code rtmp} (default), {@code webrtc} or {@code srt}
 * @param outputFormat {@code hls} (default)
 * @param streamTimeout seconds the transcoder waits for input before auto-stop; default 120 (above
 *     120, a waiting or idle stream is billed like a live one)
 * @param playbackDomain the FQDN of an existing live playback domain (document 1)
 * @param framerate 0 (default) keeps the input frame rate; at most 30
 * @param callbackUrl receives an update on each status change
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewStream(
    String name,
    @OneOf(enumType = StreamFormat.Input.class) String inputFormat,
    @OneOf(enumType = StreamFormat.Output.class) String outputFormat,
    @Min(value = 1, message = "must be a whole number of seconds, at least 1")
        Integer streamTimeout,
    @JsonProperty(NotShownFields.PLAYBACK_DOMAIN)
        @Fqdn(
            message =
                "must be the fully qualified domain name of a live playback domain, e.g. live.example.com")
        String playbackDomain,
    @DecimalMin(
            value = "0",
            message = "must be from 0 (keep the input frame rate) to 30 frames per second")
        @DecimalMax(
            value = "30",
            message = "must be from 0 (keep the input frame rate) to 30 frames per second")
        Double framerate,
    @Url String callbackUrl,
    @Valid Dvr dvr) {

  public static NewStream named(String name) {
    return new NewStream(name, null, null, null, null, null, null, null);
  }

  public NewStream withDvr(Dvr recording) {
    return new NewStream(
        name,
        inputFormat,
        outputFormat,
        streamTimeout,
        playbackDomain,
        framerate,
        callbackUrl,
        recording);
  }
}
