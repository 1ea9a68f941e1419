package io.mediaflow.worker.internal;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.introspect.AnnotatedClass;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.Violation;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.operation.Input;
import io.mediaflow.worker.SecretProvider;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a job's variables into an operation's input record and checks the constraints on its
 * components ({@link Constraints}). Secret references ({@code {{secrets.NAME}}}) are resolved here,
 * into the record only, never into a variable. Whatever is wrong is named by field and rule in one
 * {@link InvalidRequestException}, which becomes the incident's message; values are never echoed,
 * since a variable may hold something secret.
 *
 * <p>The input record is often a client's request record, whose fields the API names in snake_case
 * ({@code domain_id}); its inputs ({@link Input}) are still read from, and named after, the
 * variables the template binds and the worker fetches: the components' own names. A worker input
 * with fields of its own carries the request it sends unwrapped ({@code @JsonUnwrapped @Valid}), so
 * that request's inputs are variables of the job like the others ({@link #components}).
 */
public class InputReader {

  /**
   * The API mapper, but reading inputs as the process gave them: a number or true/false where text
   * is expected is refused ({@code bucketName: must be a string}), not turned into the text "7" or
   * "true".
   */
  private static final ObjectMapper INPUTS = ApiJson.MAPPER.copy();

  static {
    INPUTS.setAnnotationIntrospector(
        new JacksonAnnotationIntrospector() {
          @Override
          public Object findNamingStrategy(AnnotatedClass type) {
            return hasInputs(type.getRawType()) ? null : super.findNamingStrategy(type);
          }
        });
    INPUTS
        .coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
  }

  private final SecretProvider secretProvider;

  public InputReader(SecretProvider secretProvider) {
    this.secretProvider = secretProvider;
  }

  public <I> I read(Map<String, Object> variables, Class<I> inputType) {
    return read(variables, inputType, secretReferences());
  }

  /** Collects the secrets one job's input resolves, to mask them in whatever leaves the worker. */
  SecretReferences secretReferences() {
    return new SecretReferences(secretProvider);
  }

  <I> I read(Map<String, Object> variables, Class<I> inputType, SecretReferences secrets) {
    I input;
    try {
      input = INPUTS.convertValue(secrets.resolve(variables), inputType);
    } catch (IllegalArgumentException e) {
      throw new InvalidRequestException(describe(e));
    }
    return Constraints.check(input, INPUTS);
  }

  /**
   * The components a job's variables are read into, in their order: the record's own, and in place
   * of one it unwraps ({@code @JsonUnwrapped}), that record's. Each is one variable, of its name,
   * which the worker fetches and the element template binds.
   */
  public static List<RecordComponent> components(Class<?> inputType) {
    var components = new ArrayList<RecordComponent>();
    for (RecordComponent component : inputType.getRecordComponents()) {
      if (component.getAccessor().isAnnotationPresent(JsonUnwrapped.class)) {
        components.addAll(components(component.getType()));
      } else {
        components.add(component);
      }
    }
    return components;
  }

  /** Whether some component of {@code type} is an operation's input. */
  private static boolean hasInputs(Class<?> type) {
    return type.isRecord()
        && Arrays.stream(type.getRecordComponents())
            .anyMatch(component -> component.isAnnotationPresent(Input.class));
  }

  private static List<Violation> describe(IllegalArgumentException e) {
    if (e.getCause() instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
      String field =
          mapping.getPath().stream()
              .map(
                  ref ->
                      ref.getFieldName() != null
                          ? "." + ref.getFieldName()
                          : "[" + ref.getIndex() + "]")
              .collect(Collectors.joining())
              .substring(1);
      if (mapping.getCause() instanceof InvalidRequestException invalid) {
        return invalid.violations().stream().map(violation -> violation.under(field)).toList();
      }
      return List.of(new Violation(field, rule(mapping)));
    }
    return List.of(
        new Violation(
            "",
            "variables cannot be read: "
                + (e.getCause() instanceof JsonProcessingException p
                    ? p.getOriginalMessage()
                    : e.getMessage())));
  }

  /** Jackson's own words without the echoed value or source location. */
  private static String rule(JsonMappingException mapping) {
    if (mapping instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException mismatch
        && mismatch.getTargetType() != null) {
      return "must be " + typeName(mismatch.getTargetType());
    }
    String message = mapping.getOriginalMessage();
    int detail = message.indexOf(':');
    return detail > 0 ? message.substring(0, detail) : message;
  }

  private static String typeName(Class<?> type) {
    if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == String.class) {
      return "a string";
    }
    if (type == java.time.Duration.class) {
      return "an ISO-8601 duration such as PT30S";
    }
    if (type == java.time.Instant.class) {
      return "an ISO-8601 instant such as 2026-01-31T12:00:00Z";
    }
    if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a list";
    }
    return "an object";
  }
}
