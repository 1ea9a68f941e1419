package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One input of a stitch job: a URL, optionally cut by {@code start_time} and {@code duration} (seconds). The same
 * URL may repeat to cut several clips. Written as a plain URL string or as an object.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StitchClip(String url, Double startTime, Double duration) {

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static StitchClip of(String url) {
    return new StitchClip(url, null, null);
  }
}
