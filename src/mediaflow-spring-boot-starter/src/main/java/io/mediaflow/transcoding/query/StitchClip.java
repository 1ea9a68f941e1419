package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;

/**
 * One input of a stitch job: a URL, optionally cut by {@code start_time} and {@code duration}
 * (seconds). The same URL may repeat to cut several clips. Written as a plain URL string or as an
 * object.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StitchClip(
    @NotNull(message = "is required and must be a URL")
        @MediaUrl(message = "is required and must be a URL")
        String url,
    @PositiveOrZero(message = "must be 0 or more seconds") Double startTime,
    @Positive(message = "must be more than 0 seconds") Double duration) {

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static StitchClip of(String url) {
    return new StitchClip(url, null, null);
  }
}
