package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * One rendition of an HLS or DASH output (a rung of the ladder): the per-output attributes that document 3
 * specifies on stream level. Unnamed attributes pass through in {@link #other()}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Stream(
    String size,
    Integer width,
    Integer height,
    Integer resolution,
    Double framerate,
    Keyframe keyframe,
    Integer keepSei,
    Double quality,
    Integer bitrate,
    String videoCodec,
    Integer audioBitrate,
    List<Logo> logo,
    Double segmentDuration,
    @JsonProperty("fmp4") Integer fmp4,
    String userTag,
    @JsonProperty(VideoSideData.FIELD) VideoSideData videoSideData,
    @JsonAnySetter @JsonAnyGetter Map<String, Object> other) {

  public Stream {
    other = other == null ? new java.util.LinkedHashMap<>() : other;
  }
}
