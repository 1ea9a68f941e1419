package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.internal.Secrets;

/** The body of {@code POST /v1/live-streams/<stream_id>/simulcast-targets}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewSimulcastTarget(String url, String streamKey) {

  @Override
  public String toString() {
    return "NewSimulcastTarget[url=" + url + ", streamKey=" + Secrets.mask(streamKey) + "]";
  }
}
