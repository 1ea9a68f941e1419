package io.mediaflow.sandbox.live;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The one place that decides how the live streaming sandbox reports errors. The document says only that
 * operations answer a status {@code ok} or {@code failed}; the sandbox answers 400 (invalid request), 401 (bad or
 * missing token), 404 (unknown stream, playback ID or target) or 409 (not allowed in the stream's state), each
 * with {@code {"status": "failed", "error": "<message>"}}.
 */
@RestControllerAdvice(basePackageClasses = LiveApiErrors.class)
class LiveApiErrors {

  @ExceptionHandler(LiveApiException.class)
  ResponseEntity<Map<String, String>> refused(LiveApiException e) {
    return ResponseEntity.status(e.status()).body(body(e.getMessage()));
  }

  static Map<String, String> body(String message) {
    var body = new LinkedHashMap<String, String>();
    body.put("status", "failed");
    body.put("error", message);
    return body;
  }
}
