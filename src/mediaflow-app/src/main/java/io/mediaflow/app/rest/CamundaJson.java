package io.mediaflow.app.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The REST layer's JSON mapper, for Camunda's REST model: apart from the plugin's mapper of the
 * media service's APIs ({@code io.mediaflow.api.ApiJson}), whose settings serve that service's
 * fields. Dates are ISO-8601 text. Nulls are written: a shape's every field is there, null where
 * there is no value, so that a filter's {@code $exists} and a sort find it (the classes generated
 * from Camunda's OpenAPI document mark their optional fields {@code NON_NULL}, which this mapper
 * does not follow), and a variable set to null is a variable whose value is null, not no variable.
 */
final class CamundaJson {

  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .annotationIntrospector(
              new JacksonAnnotationIntrospector() {
                @Override
                public JsonInclude.Value findPropertyInclusion(Annotated annotated) {
                  return JsonInclude.Value.construct(
                      JsonInclude.Include.ALWAYS, JsonInclude.Include.ALWAYS);
                }
              })
          .build();

  private CamundaJson() {}
}
