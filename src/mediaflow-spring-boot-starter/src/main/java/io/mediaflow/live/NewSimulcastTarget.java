package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.Url;
import io.mediaflow.api.internal.Secrets;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/** The body of {@code POST /v1/live-streams/<stream_id>/simulcast-targets}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewSimulcastTarget(
    @NotNull(message = "must be the target's rtmp:// or rtmps:// ingest URL, without credentials")
        @Url(
            schemes = {"rtmp", "rtmps"},
            message = "must be the target's rtmp:// or rtmps:// ingest URL, without credentials")
        String url,
    @NotBlank(message = "is required") String streamKey) {

  @Override
  public String toString() {
    return "NewSimulcastTarget[url=" + url + ", streamKey=" + Secrets.mask(streamKey) + "]";
  }
}
