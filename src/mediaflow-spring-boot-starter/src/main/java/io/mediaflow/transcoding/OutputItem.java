package io.mediaflow.transcoding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.ApiJson;
import java.util.Map;

/**
 * One output of a job (a rendition, a thumbnail, a text), as the status lists it under {@code
 * videos}, {@code audios}, {@code images} or {@code texts}.
 *
 * @param meta width, height, resolution...; the service sometimes sends it as a JSON string, read
 *     here as an object either way
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OutputItem(
    String status,
    Double percent,
    String url,
    String downloadUrl,
    String profile,
    String outputFormat,
    Map<String, Object> storage,
    Object meta,
    Double bitrate,
    Double duration,
    Long size,
    String tag,
    String userTag,
    Integer error,
    String errorDescription) {

  public OutputItem {
    if (meta instanceof String json && json.strip().startsWith("{")) {
      try {
        meta = ApiJson.MAPPER.readValue(json, Map.class);
      } catch (JsonProcessingException e) {
        // Not JSON after all: keep the text as the service sent it.
      }
    }
  }
}
