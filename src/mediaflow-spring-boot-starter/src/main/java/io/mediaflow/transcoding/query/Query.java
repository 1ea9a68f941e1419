package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.Flag;
import io.mediaflow.api.constraint.Url;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/**
 * The Query object of a custom job ({@code /v1/start_encode2}), field for field as document 3 names
 * it. Sent as {@code {"query": <this>}}. Its constraints, its parts' and {@link QueryRules} are
 * every documented rule, checked before it is sent.
 *
 * @param source one input: a URL or {@code tus:<file_uuid>}; exactly one of source and stitch
 * @param stitch several inputs combined into one output
 * @param format one element per output
 * @param callbackUrl the endpoint for task callbacks
 * @param encoderVersion 1 (default) or 2
 * @param useV2 the experimental flag: 1 lets {@code keep_sei} work without {@code encoder_version}
 *     2
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@QueryRules
public record Query(
    String source,
    List<@NotNull(message = "must be an object") @Valid StitchClip> stitch,
    @NotEmpty(message = "needs at least one output")
        List<@NotNull(message = "must be an object") @Valid Format> format,
    @Url String callbackUrl,
    @Min(value = 1, message = "must be 1 or 2") @Max(value = 2, message = "must be 1 or 2")
        Integer encoderVersion,
    @Flag Integer useV2) {

  public static final int DEFAULT_ENCODER_VERSION = 1;

  /** One source and its outputs, every task-level attribute at its default. */
  public static Query of(String source, List<Format> format) {
    return new Query(source, null, format, null, null, null);
  }

  public int effectiveEncoderVersion() {
    return encoderVersion == null ? DEFAULT_ENCODER_VERSION : encoderVersion;
  }

  /**
   * Whether {@code keep_sei} can apply: it needs {@code encoder_version} 2, or {@code use_v2} set
   * to 1.
   */
  public boolean keepsSei() {
    return effectiveEncoderVersion() == 2 || Integer.valueOf(1).equals(useV2);
  }

  public Query withCallbackUrl(String url) {
    return new Query(source, stitch, format, url, encoderVersion, useV2);
  }
}
