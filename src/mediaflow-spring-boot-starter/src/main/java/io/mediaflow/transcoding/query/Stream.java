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
  public static final class Builder {

    private String size;
    private Integer width;
    private Integer height;
    private Integer resolution;
    private Double framerate;
    private Keyframe keyframe;
    private Integer keepSei;
    private Double quality;
    private Integer bitrate;
    private String videoCodec;
    private Integer audioBitrate;
    private Logos logo;
    private Double segmentDuration;
    private Integer fmp4;
    private String userTag;
    private VideoSideData videoSideData;
    private final Map<String, Object> other = new java.util.LinkedHashMap<>();

    private Builder() {}

    public Builder size(String size) {
      this.size = size;
      return this;
    }

    public Builder width(Integer width) {
      this.width = width;
      return this;
    }

    public Builder height(Integer height) {
      this.height = height;
      return this;
    }

    public Builder resolution(Integer resolution) {
      this.resolution = resolution;
      return this;
    }

    public Builder framerate(Double framerate) {
      this.framerate = framerate;
      return this;
    }

    public Builder keyframe(Keyframe keyframe) {
      this.keyframe = keyframe;
      return this;
    }

    public Builder keepSei(Integer keepSei) {
      this.keepSei = keepSei;
      return this;
    }

    public Builder quality(Double quality) {
      this.quality = quality;
      return this;
    }

    public Builder bitrate(Integer bitrate) {
      this.bitrate = bitrate;
      return this;
    }

    public Builder videoCodec(String videoCodec) {
      this.videoCodec = videoCodec;
      return this;
    }

    public Builder audioBitrate(Integer audioBitrate) {
      this.audioBitrate = audioBitrate;
      return this;
    }

    public Builder logo(Logos logo) {
      this.logo = logo;
      return this;
    }

    public Builder segmentDuration(Double segmentDuration) {
      this.segmentDuration = segmentDuration;
      return this;
    }

    public Builder fmp4(Integer fmp4) {
      this.fmp4 = fmp4;
      return this;
    }

    public Builder userTag(String userTag) {
      this.userTag = userTag;
      return this;
    }

    public Builder videoSideData(VideoSideData videoSideData) {
      this.videoSideData = videoSideData;
      return this;
    }

    /** An attribute document 3 does not name, passed through as it is. */
    public Builder other(String name, Object value) {
      other.put(name, value);
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
