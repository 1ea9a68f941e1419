package io.mediaflow.app.rest;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonMappingException.Reference;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.type.TypeFactory;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.grpc.StatusRuntimeException;
import io.mediaflow.app.engine.gateway.Rejection;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Every error of the REST API as {@code application/problem+json} ({@code type}, {@code title},
 * {@code status}, {@code detail}, {@code instance}), the engine's refusals with the HTTP status
 * Camunda's gateway maps their gRPC status to.
 */
@RestControllerAdvice(basePackageClasses = Problems.class)
class Problems {

  @ExceptionHandler(ApiProblem.class)
  ResponseEntity<ProblemDetail> refused(ApiProblem problem, HttpServletRequest request) {
    return problem(problem.status, problem.title, problem.getMessage(), request);
  }

  /**
   * The gateway's refusal, as Camunda's REST API answers it: the engine's {@link Rejection} titled
   * with its type, any other refusal with its status code; the detail is the engine's own sentence.
   */
  @ExceptionHandler(StatusRuntimeException.class)
  ResponseEntity<ProblemDetail> engineRefused(
      StatusRuntimeException e, HttpServletRequest request) {
    String detail =
        e.getStatus().getDescription() != null
            ? e.getStatus().getDescription()
            : String.valueOf(e.getMessage());
    // A command whose records exceed one batch (4 MB): the caller's variables to shrink.
    if (e instanceof Rejection rejection
        && rejection.type() == RejectionType.EXCEEDED_BATCH_RECORD_SIZE) {
      return problem(
          HttpStatus.BAD_REQUEST,
          "INVALID_ARGUMENT",
          "The request's variables exceed the engine's limit"
              + " for one command (its record batch of 4 MB): "
              + detail,
          request);
    }
    HttpStatus status =
        switch (e.getStatus().getCode()) {
          case NOT_FOUND -> HttpStatus.NOT_FOUND;
          case INVALID_ARGUMENT -> HttpStatus.BAD_REQUEST;
          case FAILED_PRECONDITION, ALREADY_EXISTS, ABORTED -> HttpStatus.CONFLICT;
          // A body beyond the gateway's message size is the caller's to shrink, not the engine
          // being busy.
          case RESOURCE_EXHAUSTED ->
              detail.startsWith("gRPC message exceeds maximum size")
                  ? HttpStatus.PAYLOAD_TOO_LARGE
                  : HttpStatus.SERVICE_UNAVAILABLE;
          case UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
          case DEADLINE_EXCEEDED -> HttpStatus.GATEWAY_TIMEOUT;
          case PERMISSION_DENIED -> HttpStatus.FORBIDDEN;
          case UNAUTHENTICATED -> HttpStatus.UNAUTHORIZED;
          default -> HttpStatus.INTERNAL_SERVER_ERROR;
        };
    return problem(
        status,
        e instanceof Rejection rejection ? rejection.type().name() : e.getStatus().getCode().name(),
        detail,
        request);
  }

  @ExceptionHandler(CompletionException.class)
  ResponseEntity<ProblemDetail> unwrap(CompletionException e, HttpServletRequest request) {
    if (e.getCause() instanceof StatusRuntimeException status) {
      return engineRefused(status, request);
    }
    throw e;
  }

  /**
   * A request body the request model refuses ({@link CamundaJson#REQUESTS}), naming the property by
   * its path ({@code changeset.retries}) and the rule it breaks, or a body that is not JSON.
   */
  @ExceptionHandler(HttpMessageNotReadableException.class)
  ResponseEntity<ProblemDetail> unreadable(
      HttpMessageNotReadableException e, HttpServletRequest request) {
    return problem(
        HttpStatus.BAD_REQUEST, "INVALID_ARGUMENT", refusal(e.getMostSpecificCause(), ""), request);
  }

  /**
   * What the request model refused in {@code cause}, or that it is not JSON; {@code part} names the
   * JSON read when it is not the request body, but a part of it ({@code metadata}).
   */
  static String refusal(Throwable cause, String part) {
    String whole = part.isEmpty() ? "The request body" : part;
    if (!(cause instanceof JsonMappingException refused)) {
      return whole + " is not valid JSON: " + cause.getMessage();
    }
    List<Reference> path = refused.getPath();
    if (path.isEmpty()) {
      return whole + " must be a JSON object";
    }
    String property = name(part, path, path.size());
    if (refused instanceof UnrecognizedPropertyException unknown) {
      return "Request property ["
          + property
          + "] is unknown; "
          + (path.size() == 1 && part.isEmpty()
              ? "the request body"
              : name(part, path, path.size() - 1))
          + " takes "
          + new TreeSet<>(unknown.getKnownPropertyIds().stream().map(String::valueOf).toList());
    }
    if (refused instanceof ModelRules.Missing) {
      return property + " is required";
    }
    if (refused instanceof InvalidTypeIdException type) {
      JsonSubTypes kinds = type.getBaseType().getRawClass().getAnnotation(JsonSubTypes.class);
      return property
          + "."
          + type.getBaseType().getRawClass().getAnnotation(JsonTypeInfo.class).property()
          + " must be "
          + alternatives(Stream.of(kinds.value()).map(JsonSubTypes.Type::name).toList())
          + ", got '"
          + type.getTypeId()
          + "'";
    }
    String got =
        refused instanceof InvalidFormatException format ? ", got '" + format.getValue() + "'" : "";
    return property + " must be " + kind(declared(path)) + got;
  }

  /**
   * The path's first {@code length} steps, after {@code part}, as the API names a property: {@code
   * elements[0].id}.
   */
  private static String name(String part, List<Reference> path, int length) {
    var name = new StringBuilder(part);
    for (Reference step : path.subList(0, length)) {
      if (step.getFieldName() == null) {
        name.append('[').append(step.getIndex()).append(']');
      } else {
        name.append(name.isEmpty() ? "" : ".").append(step.getFieldName());
      }
    }
    return name.toString();
  }

  /** The type the request model declares at the path's end: a property's, or a list's entries'. */
  private static JavaType declared(List<Reference> path) {
    int last = path.size() - 1;
    boolean entry = path.get(last).getFieldName() == null && last > 0;
    Reference field = path.get(entry ? last - 1 : last);
    Object from = field.getFrom();
    Class<?> owner = from instanceof Class<?> type ? type : from.getClass();
    JavaType type =
        CamundaJson.REQUESTS
            .getDeserializationConfig()
            .introspect(CamundaJson.REQUESTS.constructType(owner))
            .findProperties()
            .stream()
            .filter(property -> property.getName().equals(field.getFieldName()))
            .findFirst()
            .map(BeanPropertyDefinition::getPrimaryType)
            .orElse(TypeFactory.unknownType());
    return entry && type.getContentType() != null ? type.getContentType() : type;
  }

  private static String alternatives(List<String> values) {
    return values.size() == 1
        ? values.getFirst()
        : String.join(", ", values.subList(0, values.size() - 1)) + " or " + values.getLast();
  }

  private static String kind(JavaType type) {
    Class<?> raw = type.getRawClass();
    if (type.isCollectionLikeType() || type.isArrayType()) {
      return type.getContentType().hasRawClass(String.class) ? "a list of texts" : "a list";
    }
    if (raw.isEnum()) {
      List<String> values =
          Stream.of((Enum<?>[]) raw.getEnumConstants())
              .filter(value -> !value.name().equals(ModelRules.UNKNOWN))
              .map(String::valueOf)
              .toList();
      return alternatives(values);
    }
    if (raw == Integer.class || raw == Long.class || raw == int.class || raw == long.class) {
      return "a whole number";
    }
    if (Number.class.isAssignableFrom(raw)) {
      return "a number";
    }
    if (raw == Boolean.class || raw == boolean.class) {
      return "true or false";
    }
    if (raw == String.class) {
      return "a text";
    }
    return "a JSON object";
  }

  @ExceptionHandler(MethodArgumentTypeMismatchException.class)
  ResponseEntity<ProblemDetail> badPathOrQuery(
      MethodArgumentTypeMismatchException e, HttpServletRequest request) {
    return problem(
        HttpStatus.BAD_REQUEST,
        "INVALID_ARGUMENT",
        "'"
            + e.getName()
            + "' must be a "
            + (e.getRequiredType() == long.class ? "key (a number)" : e.getRequiredType())
            + ", got '"
            + e.getValue()
            + "'",
        request);
  }

  static ResponseEntity<ProblemDetail> problem(
      HttpStatusCode status, String title, String detail, HttpServletRequest request) {
    ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
    body.setTitle(title);
    body.setInstance(URI.create(request.getRequestURI()));
    return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(body);
  }
}
