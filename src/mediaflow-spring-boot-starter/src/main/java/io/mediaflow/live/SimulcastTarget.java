package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.internal.Secrets;

/**
 * An external RTMP ingest the stream is re-streamed to, as the stream shows it.
 *
 * @param streamKey authenticates against the target: never shown to a process (see {@link
 *     #withoutSecrets()})
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record SimulcastTarget(String id, String url, String streamKey) {

  public SimulcastTarget withoutSecrets() {
    return new SimulcastTarget(id, url, Secrets.mask(streamKey));
  }

  @Override
  public String toString() {
    return "SimulcastTarget[id="
        + id
        + ", url="
        + url
        + ", streamKey="
        + Secrets.mask(streamKey)
        + "]";
  }
}
