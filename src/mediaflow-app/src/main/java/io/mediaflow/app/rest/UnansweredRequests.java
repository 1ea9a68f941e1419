package io.mediaflow.app.rest;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * A {@code /v2} request no controller takes (an unknown path, a method or body type the path does
 * not take) answered as a problem detail, as Camunda's REST API answers, rather than with Spring's
 * own error body, which a client reading problem details cannot read. No controller is chosen for
 * such a request, so {@link Problems}, which advises this package's controllers, is never asked;
 * this advice is asked for every controller's, and gives any other path back to Spring's own
 * handling (rethrown as it came, the next resolver takes it).
 */
@RestControllerAdvice
class UnansweredRequests {

  private static final String API = "/v2/";

  @ExceptionHandler(NoResourceFoundException.class)
  ResponseEntity<ProblemDetail> unknownPath(NoResourceFoundException e, HttpServletRequest request)
      throws ServletException {
    return answer(
        e,
        request,
        HttpStatus.NOT_FOUND,
        "No endpoint "
            + request.getMethod()
            + " "
            + request.getRequestURI()
            + ": the embedded default answers the parts of Camunda 8.8's REST API that"
            + " docs/embedded-app.md lists");
  }

  @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
  ResponseEntity<ProblemDetail> unknownMethod(
      HttpRequestMethodNotSupportedException e, HttpServletRequest request)
      throws ServletException {
    return answer(
        e,
        request,
        HttpStatus.METHOD_NOT_ALLOWED,
        request.getRequestURI()
            + " takes "
            + e.getSupportedHttpMethods()
            + ", not "
            + request.getMethod());
  }

  @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
  ResponseEntity<ProblemDetail> unknownBodyType(
      HttpMediaTypeNotSupportedException e, HttpServletRequest request) throws ServletException {
    return answer(
        e,
        request,
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        request.getMethod()
            + " "
            + request.getRequestURI()
            + " takes a body of "
            + e.getSupportedMediaTypes()
            + ", not "
            + e.getContentType());
  }

  private static ResponseEntity<ProblemDetail> answer(
      ServletException e, HttpServletRequest request, HttpStatus status, String detail)
      throws ServletException {
    if (!request.getRequestURI().startsWith(request.getContextPath() + API)) {
      throw e;
    }
    return Problems.problem(status, status.name(), detail, request);
  }
}
