package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.StatusBody;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The one place that decides how the live streaming sandbox reports errors. The document says only
 * that operations answer a status {@code ok} or {@code failed}; the sandbox answers 400 (invalid
 * request), 401 (bad or missing token), 404 (unknown stream, playback ID or target) or 409 (not
 * allowed in the stream's state), each with {@code {"status": "failed", "error": "<message>"}}.
 */
@RestControllerAdvice(basePackageClasses = LiveApiErrors.class)
class LiveApiErrors {

  @ExceptionHandler(LiveApiException.class)
  ResponseEntity<StatusBody> refused(LiveApiException e) {
    return StatusBody.response(e.status(), e.getMessage());
  }
}
