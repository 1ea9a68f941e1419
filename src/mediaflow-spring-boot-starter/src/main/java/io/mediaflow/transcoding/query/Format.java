package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.Flag;
import io.mediaflow.api.constraint.OneOf;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One output of a custom job, with every field document 3 names. Attributes whose names the
 * document does not show (rotation, pixel format, audio codec, ...) pass through unchanged in
 * {@link #other()}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@RenditionRules
public record Format(
    @NotNull(message = "is required")
        @OneOf({
          "mp4",
          "webm",
          "advanced_hls",
          "advanced_dash",
          "webm_dash",
          "repack",
          "mp3",
          "hls_audio",
          "flac",
          "m4a",
          "gif",
          "thumbnail",
          "thumbnails",
          "smart_thumbnail",
          "metadata",
          "speech_to_text",
          "vmaf",
          "video_intelligence",
          "ai_detection",
          "waveform"
        })
        String output,
    @PositiveOrZero(message = "must be 0 or more") Double startTime,
    @Positive(message = "must be more than 0") Double duration,
    List<@NotNull(message = "must be an object") @Valid Destination> destination,
    @Pattern(regexp = "[1-9]\\d*x[1-9]\\d*", message = "must be <width>x<height> in pixels")
        String size,
    @Pixels Integer width,
    @Pixels Integer height,
    @Pixels Integer resolution,
    @Positive(message = "must be more than 0") Double framerate,
    @Positive(message = "must be more than 0") Double framerateLimit,
    @Flag Integer frameMatch,
    Keyframe keyframe,
    @Flag Integer keepSei,
    Double quality,
    @Positive(message = "must be a positive number of kbps") Integer bitrate,
    @VideoCodec String videoCodec,
    @Positive(message = "must be a positive number of kbps") Integer audioBitrate,
    Logos logo,
    @Valid Subtitles subtitles,
    List<@NotNull(message = "must be an object") @Valid Stream> stream,
    @Positive(message = "must be more than 0") Double segmentDuration,
    @JsonProperty("fmp4") @Flag Integer fmp4,
    @DecimalMin(value = "0", message = "is a fraction of the duration, from 0 to 1")
        @DecimalMax(value = "1", message = "is a fraction of the duration, from 0 to 1")
        Double time,
    @PositiveOrZero(message = "must be 0 or more") Integer frameNumber,
    @Positive(message = "must be more than 0") Double interval,
    String imageFormat,
    @Flag Integer sprite,
    @Positive(message = "must be positive") Integer columns,
    @Flag Integer optimizeBitrate,
    @Min(value = 0, message = "must be from 0 to 51")
        @Max(value = 51, message = "must be from 0 to 51")
        Integer minCrf,
    @Min(value = 0, message = "must be from 0 to 51")
        @Max(value = 51, message = "must be from 0 to 51")
        Integer maxCrf,
    String userTag,
    Object allowSoftFail,
    @JsonProperty(VideoSideData.FIELD) VideoSideData videoSideData,
    @JsonAnySetter @JsonAnyGetter Map<String, Object> other) {

  /** Outputs whose renditions are given as {@code stream} objects. */
  public static final Set<String> STREAMING_OUTPUTS =
      Set.of("advanced_hls", "advanced_dash", "webm_dash");

  /** Outputs whose {@code quality} is JPEG quality (1 to 100) rather than a video CRF (0 to 51). */
  public static final Set<String> IMAGE_OUTPUTS =
      Set.of("thumbnail", "thumbnails", "smart_thumbnail");

  public Format {
    other = other == null ? new java.util.LinkedHashMap<>() : other;
  }

  /** A format of {@code output} with nothing else set. */
  public static Format of(String output) {
    return builder(output).build();
  }

  /** A format of {@code output}, the one field every format has, to set the others on. */
  public static Builder builder(String output) {
    return new Builder().output(output);
  }

  /**
   * Builds a Format in code: each setter names its field, and what is not set stays out of the
   * request.
   */
  public static final class Builder extends RenditionBuilder<Builder> {

    private String output;
    private Double startTime;
    private Double duration;
    private List<Destination> destination;
    private Double framerateLimit;
    private Integer frameMatch;
    private Subtitles subtitles;
    private List<Stream> stream;
    private Double time;
    private Integer frameNumber;
    private Double interval;
    private String imageFormat;
    private Integer sprite;
    private Integer columns;
    private Integer optimizeBitrate;
    private Integer minCrf;
    private Integer maxCrf;
    private Object allowSoftFail;

    private Builder() {}

    @Override
    Builder self() {
      return this;
    }

    public Builder output(String output) {
      this.output = output;
      return this;
    }

    public Builder startTime(Double startTime) {
      this.startTime = startTime;
      return this;
    }

    public Builder duration(Double duration) {
      this.duration = duration;
      return this;
    }

    public Builder destination(List<Destination> destination) {
      this.destination = destination;
      return this;
    }

    public Builder framerateLimit(Double framerateLimit) {
      this.framerateLimit = framerateLimit;
      return this;
    }

    public Builder frameMatch(Integer frameMatch) {
      this.frameMatch = frameMatch;
      return this;
    }

    public Builder subtitles(Subtitles subtitles) {
      this.subtitles = subtitles;
      return this;
    }

    public Builder stream(List<Stream> stream) {
      this.stream = stream;
      return this;
    }

    public Builder time(Double time) {
      this.time = time;
      return this;
    }

    public Builder frameNumber(Integer frameNumber) {
      this.frameNumber = frameNumber;
      return this;
    }

    public Builder interval(Double interval) {
      this.interval = interval;
      return this;
    }

    public Builder imageFormat(String imageFormat) {
      this.imageFormat = imageFormat;
      return this;
    }

    public Builder sprite(Integer sprite) {
      this.sprite = sprite;
      return this;
    }

    public Builder columns(Integer columns) {
      this.columns = columns;
      return this;
    }

    public Builder optimizeBitrate(Integer optimizeBitrate) {
      this.optimizeBitrate = optimizeBitrate;
      return this;
    }

    public Builder minCrf(Integer minCrf) {
      this.minCrf = minCrf;
      return this;
    }

    public Builder maxCrf(Integer maxCrf) {
      this.maxCrf = maxCrf;
      return this;
    }

    public Builder allowSoftFail(Object allowSoftFail) {
      this.allowSoftFail = allowSoftFail;
      return this;
    }

    public Format build() {
      return new Format(
          output,
          startTime,
          duration,
          destination,
          size,
          width,
          height,
          resolution,
          framerate,
          framerateLimit,
          frameMatch,
          keyframe,
          keepSei,
          quality,
          bitrate,
          videoCodec,
          audioBitrate,
          logo,
          subtitles,
          stream,
          segmentDuration,
          fmp4,
          time,
          frameNumber,
          interval,
          imageFormat,
          sprite,
          columns,
          optimizeBitrate,
          minCrf,
          maxCrf,
          userTag,
          allowSoftFail,
          videoSideData,
          other);
    }
  }
}
