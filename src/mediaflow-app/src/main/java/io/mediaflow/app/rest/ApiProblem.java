package io.mediaflow.app.rest;

import org.springframework.http.HttpStatus;

/**
 * A request the REST API refuses; answered as {@code application/problem+json} with the status's
 * name as title (as Camunda does: {@code NOT_FOUND}, {@code INVALID_ARGUMENT}, ...) and {@code
 * detail} naming what is wrong.
 */
class ApiProblem extends RuntimeException {

  final HttpStatus status;
  final String title;

  ApiProblem(HttpStatus status, String title, String detail) {
    super(detail);
    this.status = status;
    this.title = title;
  }

  static ApiProblem invalid(String detail) {
    return new ApiProblem(HttpStatus.BAD_REQUEST, "INVALID_ARGUMENT", detail);
  }

  static ApiProblem notFound(String detail) {
    return new ApiProblem(HttpStatus.NOT_FOUND, "NOT_FOUND", detail);
  }

  static ApiProblem invalidState(String detail) {
    return new ApiProblem(HttpStatus.CONFLICT, "INVALID_STATE", detail);
  }
}
