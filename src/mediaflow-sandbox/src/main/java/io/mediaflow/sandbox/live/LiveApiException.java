package io.mediaflow.sandbox.live;

import org.springframework.http.HttpStatus;

/**
 * A refused live streaming request. The document shows no error codes; the sandbox answers the HTTP
 * status that fits (see {@link LiveApiErrors}) with a message that names the field and the rule.
 */
class LiveApiException extends RuntimeException {

  private final HttpStatus status;

  private LiveApiException(HttpStatus status, String message) {
    super(message);
    this.status = status;
  }

  HttpStatus status() {
    return status;
  }

  static LiveApiException invalid(String field, String rule) {
    return new LiveApiException(HttpStatus.BAD_REQUEST, field + ": " + rule);
  }

  static LiveApiException notFound(String what, String id) {
    return notFound(what + " '" + id + "' does not exist");
  }

  static LiveApiException notFound(String message) {
    return new LiveApiException(HttpStatus.NOT_FOUND, message);
  }

  static LiveApiException conflict(String message) {
    return new LiveApiException(HttpStatus.CONFLICT, message);
  }
}
