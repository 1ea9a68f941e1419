package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/**
 * A logo burnt into the video: a public JPEG or PNG URL at pixel position x, y.
 *
 * @param other the fields of a logo's time range (document 3: "not shown") and any other field,
 *     passed through as given
 */
public record Logo(
    String source, Integer x, Integer y, @JsonAnySetter @JsonAnyGetter Map<String, Object> other) {

  public Logo {
    other = other == null ? new java.util.LinkedHashMap<>() : other;
  }

  public Logo(String source, Integer x, Integer y) {
    this(source, x, y, null);
  }
}
