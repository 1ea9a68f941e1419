package io.mediaflow.app.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The REST layer's JSON mappers, for Camunda's REST model: apart from the plugin's mapper of the
 * media service's APIs ({@code io.mediaflow.api.ApiJson}), whose settings serve that service's
 * fields.
 *
 * <p>{@link #MAPPER} writes the answers. Dates are ISO-8601 text. Nulls are written: a shape's
 * every field is there, null where there is no value, so that a filter's {@code $exists} and a sort
 * find it (the classes generated from Camunda's OpenAPI document mark their optional fields {@code
 * NON_NULL}, which this mapper does not follow), and a variable set to null is a variable whose
 * value is null, not no variable.
 *
 * <p>{@link #REQUESTS} reads the request bodies into the request model of the 8.8 specification
 * (the classes camunda-client-java generates from it, {@code io.camunda.client.protocol.rest}), as
 * strictly as Camunda 8.8 reads them: a property the operation does not have is refused rather than
 * ignored, so is a value of the wrong kind (a number given as text, a list given as one text)
 * rather than coerced (a job failed with {@code "retries": "3"} would otherwise raise an incident),
 * and so is a required property left out ({@link RequiredProperties}). One exception, as Camunda's
 * gateway makes it: a whole number is read where the model has text, since keys are text in 8.8 but
 * numbers in the clients that came before it. {@link Problems} names what was refused.
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

  static final ObjectMapper REQUESTS = requests();

  private static ObjectMapper requests() {
    JsonMapper mapper =
        JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new SimpleModule().setDeserializerModifier(new RequiredProperties()))
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();
    for (LogicalType scalar :
        new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
      mapper
          .coercionConfigFor(scalar)
          .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
    }
    mapper
        .coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    mapper
        .coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    return mapper;
  }

  private CamundaJson() {}
}
