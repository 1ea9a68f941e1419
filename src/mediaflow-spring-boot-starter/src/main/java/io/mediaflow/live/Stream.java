package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.internal.Secrets;
import java.util.List;

/**
 * A live stream as document 2 describes it; the answer of every stream operation ({@code {stream:
 * <this>}}).
 *
 * @param streamKey identifies the stream when an encoder pushes to the RTMP server URL: a secret,
 *     shown only where a process asks for it (see {@link #withoutSecrets(boolean)})
 * @param serverUrls ingest URLs; only one is used at a time
 * @param createdAt the service's {@code YYYY-MM-DD HH:MM:SS} timestamp
 * @param originHost the origin's domain name; only in status waiting, launching, live or idle
 * @param originUrl the origin's URL, in the same states; its field name is not shown (see {@link
 *     NotShownFields})
 * @param playbackDomain FQDN of the custom playback domain, or null
 * @param simulcastTargets absent until a target was added; empty when none remain
 * @param quality appears in some responses; its meaning is not shown
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Stream(
    String id,
    String name,
    String streamKey,
    ServerUrls serverUrls,
    StreamStatus status,
    List<PlaybackId> playbackIds,
    String createdAt,
    StreamParams params,
    String originHost,
    @JsonProperty(NotShownFields.ORIGIN_URL) String originUrl,
    String playbackDomain,
    List<SimulcastTarget> simulcastTargets,
    String quality) {

  /** The status name, e.g. {@code live}; null when the answer had no status. */
  public String statusName() {
    return status == null ? null : status.name();
  }

  /**
   * This stream as a process may see it: simulcast keys and DVR credentials masked, and the stream
   * key left out unless {@code keepStreamKey} (a producer needs it to set up the encoder).
   */
  public Stream withoutSecrets(boolean keepStreamKey) {
    return new Stream(
        id,
        name,
        keepStreamKey ? streamKey : null,
        serverUrls,
        status,
        playbackIds,
        createdAt,
        params == null ? null : params.withoutSecrets(),
        originHost,
        originUrl,
        playbackDomain,
        simulcastTargets == null
            ? null
            : simulcastTargets.stream().map(SimulcastTarget::withoutSecrets).toList(),
        quality);
  }

  @Override
  public String toString() {
    return "Stream[id="
        + id
        + ", name="
        + name
        + ", streamKey="
        + Secrets.mask(streamKey)
        + ", status="
        + status
        + ", playbackIds="
        + playbackIds
        + ", params="
        + params
        + ", simulcastTargets="
        + simulcastTargets
        + "]";
  }
}
