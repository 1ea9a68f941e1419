package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.Flag;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.util.Map;

/**
 * One rendition of an HLS or DASH output (a rung of the ladder): the per-output attributes that
 * document 3 specifies on stream level. Unnamed attributes pass through in {@link #other()}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@RenditionRules
public record Stream(
    @Pattern(regexp = "[1-9]\\d*x[1-9]\\d*", message = "must be <width>x<height> in pixels")
        String size,
    @Pixels Integer width,
    @Pixels Integer height,
    @Pixels Integer resolution,
    @Positive(message = "must be more than 0") Double framerate,
    Keyframe keyframe,
    @Flag Integer keepSei,
    Double quality,
    @Positive(message = "must be a positive number of kbps") Integer bitrate,
    @VideoCodec String videoCodec,
    @Positive(message = "must be a positive number of kbps") Integer audioBitrate,
    Logos logo,
    @Positive(message = "must be more than 0") Double segmentDuration,
    @JsonProperty("fmp4") @Flag Integer fmp4,
    String userTag,
    @JsonProperty(VideoSideData.FIELD) VideoSideData videoSideData,
    @JsonAnySetter @JsonAnyGetter Map<String, Object> other) {

  public Stream {
    other = other == null ? new java.util.LinkedHashMap<>() : other;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a Stream in code: each setter names its field, and what is not set stays out of the
   * request.
   */
  public static final class Builder extends RenditionBuilder<Builder> {

    private Builder() {}

    @Override
    Builder self() {
      return this;
    }

    public Stream build() {
      return new Stream(
          size,
          width,
          height,
          resolution,
          framerate,
          keyframe,
          keepSei,
          quality,
          bitrate,
          videoCodec,
          audioBitrate,
          logo,
          segmentDuration,
          fmp4,
          userTag,
          videoSideData,
          other);
    }
  }
}
