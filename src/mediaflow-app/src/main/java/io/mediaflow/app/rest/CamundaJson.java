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
import io.camunda.client.protocol.rest.JobResult;

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
 * and so is a required property left out or a value outside an enumeration ({@link ModelRules}).
 * Keys are text, as in 8.8 ({@code "2251799813685249"}). {@link Problems} names what was refused.
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
            .addModule(new SimpleModule().setDeserializerModifier(new ModelRules()))
            .addMixIn(JobResult.class, JobResultRequest.UserTaskByDefault.class)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();
    // Jackson's coercions between scalars, each turned off: only a number is a number, and so on.
    for (LogicalType scalar :
        new LogicalType[] {
          LogicalType.Integer, LogicalType.Float, LogicalType.Boolean, LogicalType.Textual
        }) {
      for (CoercionInputShape shape :
          new CoercionInputShape[] {
            CoercionInputShape.Integer,
            CoercionInputShape.Float,
            CoercionInputShape.Boolean,
            CoercionInputShape.String,
            CoercionInputShape.EmptyString
          }) {
        if (!isNative(scalar, shape)) {
          mapper.coercionConfigFor(scalar).setCoercion(shape, CoercionAction.Fail);
        }
      }
    }
    return mapper;
  }

  private static boolean isNative(LogicalType type, CoercionInputShape shape) {
    return switch (type) {
      case Integer -> shape == CoercionInputShape.Integer;
      case Float -> shape == CoercionInputShape.Integer || shape == CoercionInputShape.Float;
      case Boolean -> shape == CoercionInputShape.Boolean;
      default -> shape == CoercionInputShape.String || shape == CoercionInputShape.EmptyString;
    };
  }

  private CamundaJson() {}
}
