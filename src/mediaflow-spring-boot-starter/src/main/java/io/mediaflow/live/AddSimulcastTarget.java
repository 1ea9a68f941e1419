package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.Url;
import io.mediaflow.api.internal.Secrets;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code POST /v1/live-streams/<stream_id>/simulcast-targets}: the stream is re-streamed to the
 * target's ingest, with {@code url} and {@code stream_key} as the body.
 *
 * @param url the target's {@code rtmp://} or {@code rtmps://} ingest URL, without credentials
 * @param streamKey authenticates against the target; a secret, never shown
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.live.add_simulcast_target",
    name = "Live: add simulcast target",
    description =
        "Re-streams a live stream to an external RTMP ingest (POST /v1/live-streams/<stream_id>/simulcast-targets). The result is the stream with the target in simulcast_targets; target stream keys are masked.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "BAD_REQUEST"})
public record AddSimulcastTarget(
    @NotBlank(message = "is required") @Input(label = "Stream ID", value = "=liveStream.id")
        String streamId,
    @NotBlank(message = INGEST_URL)
        @Url(
            schemes = {"rtmp", "rtmps"},
            message = INGEST_URL)
        @Input(
            label = "Target URL",
            description = "The re-streaming service's rtmp:// or rtmps:// ingest URL")
        String url,
    @NotBlank(message = "is required")
        @Input(
            label = "Target stream key",
            description =
                "Authenticates against the target: a secret reference such as {{secrets.YOUTUBE_STREAM_KEY}}; never written to a result")
        String streamKey) {

  private static final String INGEST_URL =
      "must be the target's rtmp:// or rtmps:// ingest URL, without credentials";

  @Override
  public String toString() {
    return "AddSimulcastTarget[streamId="
        + streamId
        + ", url="
        + url
        + ", streamKey="
        + Secrets.mask(streamKey)
        + "]";
  }
}
