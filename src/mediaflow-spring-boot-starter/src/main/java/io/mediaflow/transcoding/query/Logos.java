package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiJson;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code logo} of a format or stream, "object or array" in document 3: one logo object, or an
 * array of logo objects for dynamic logos over time ranges. Sent in the shape it was given, since
 * the document does not say the service reads one shape as the other.
 *
 * @param array whether the logos came (and go) as an array
 */
public record Logos(List<Logo> logos, boolean array) {

  /** One logo, sent as an object. */
  public static Logos of(Logo logo) {
    return new Logos(List.of(logo), false);
  }

  /** Logos over time ranges, sent as an array. */
  public static Logos of(List<Logo> logos) {
    return new Logos(logos, true);
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static Logos read(JsonNode json) {
    if (!json.isArray()) {
      return of(ApiJson.MAPPER.convertValue(json, Logo.class));
    }
    var logos = new ArrayList<Logo>();
    json.forEach(
        logo -> logos.add(logo.isNull() ? null : ApiJson.MAPPER.convertValue(logo, Logo.class)));
    return of(logos);
  }

  @JsonValue
  Object json() {
    return array ? logos : logos.getFirst();
  }
}
