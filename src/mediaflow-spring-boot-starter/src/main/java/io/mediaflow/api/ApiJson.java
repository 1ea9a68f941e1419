package io.mediaflow.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one JSON mapper of the API clients. Resource records name their fields as the service does
 * ({@code @JsonNaming(SnakeCaseStrategy)}), so the same record reads a service answer and becomes a
 * process variable with the documented field names; unknown fields are ignored, since the service
 * adds fields freely.
 */
public final class ApiJson {

  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .build();

  private ApiJson() {}
}
