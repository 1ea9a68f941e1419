package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One output of a custom job, with every field document 3 names. Attributes whose names the document does not
 * show (rotation, pixel format, audio codec, ...) pass through unchanged in {@link #other()}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Format(
    String output,
    Double startTime,
    Double duration,
    List<Destination> destination,
    String size,
    Integer width,
    Integer height,
    Integer resolution,
    Double framerate,
    Double framerateLimit,
    Integer frameMatch,
    Keyframe keyframe,
    Integer keepSei,
    Double quality,
    Integer bitrate,
    String videoCodec,
    Integer audioBitrate,
    List<Logo> logo,
    Subtitles subtitles,
    List<Stream> stream,
    Double segmentDuration,
    @JsonProperty("fmp4") Integer fmp4,
    Double time,
    Integer frameNumber,
    Double interval,
    String imageFormat,
    Integer sprite,
    Integer columns,
    Integer optimizeBitrate,
    Integer minCrf,
    Integer maxCrf,
    String userTag,
    Object allowSoftFail,
    @JsonProperty(VideoSideData.FIELD) VideoSideData videoSideData,
    @JsonAnySetter @JsonAnyGetter Map<String, Object> other) {

  public static final Set<String> OUTPUTS = Set.of("mp4", "webm", "advanced_hls", "advanced_dash", "webm_dash",
      "repack", "mp3", "hls_audio", "flac", "m4a", "gif", "thumbnail", "thumbnails", "smart_thumbnail", "metadata",
      "speech_to_text", "vmaf", "video_intelligence", "ai_detection", "waveform");

  /** Outputs whose renditions are given as {@code stream} objects. */
  public static final Set<String> STREAMING_OUTPUTS = Set.of("advanced_hls", "advanced_dash", "webm_dash");

  /** Outputs whose {@code quality} is JPEG quality (1 to 100) rather than a video CRF (0 to 51). */
  public static final Set<String> IMAGE_OUTPUTS = Set.of("thumbnail", "thumbnails", "smart_thumbnail");

  public static final Set<String> VIDEO_CODECS = Set.of("libx264", "libx265", "libvpx", "libvpx-vp9", "libsvtav1",
      "lcevc_h264", "lcevc_hevc");

  public Format {
    other = other == null ? new java.util.LinkedHashMap<>() : other;
  }

  /** An output with nothing but its type set, for building formats in code. */
  public static Format of(String output) {
    return new Format(output, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        null, null);
  }
}
