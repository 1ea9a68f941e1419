package io.mediaflow.app.rest;

import io.camunda.zeebe.protocol.record.RejectionType;
import io.grpc.StatusRuntimeException;
import io.mediaflow.app.engine.gateway.Rejection;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.concurrent.CompletionException;
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

  @ExceptionHandler(HttpMessageNotReadableException.class)
  ResponseEntity<ProblemDetail> unreadable(
      HttpMessageNotReadableException e, HttpServletRequest request) {
    return problem(
        HttpStatus.BAD_REQUEST,
        "INVALID_ARGUMENT",
        "The request body is not valid JSON of the expected "
            + "shape: "
            + e.getMostSpecificCause().getMessage(),
        request);
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
