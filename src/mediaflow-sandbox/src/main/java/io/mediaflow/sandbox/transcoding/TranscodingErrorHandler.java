package io.mediaflow.sandbox.transcoding;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The service's error body: HTTP 200 with {@code error} above 0 and a message. */
@RestControllerAdvice(assignableTypes = TranscodingSandboxController.class)
class TranscodingErrorHandler {

  @ExceptionHandler(TranscodingError.class)
  Map<String, Object> refused(TranscodingError error) {
    return body(error.code(), error.getMessage(), error.retryAfter());
  }

  static Map<String, Object> body(int code, String message, Integer retryAfter) {
    var body = new LinkedHashMap<String, Object>();
    body.put("error", code);
    body.put("message", message);
    if (retryAfter != null) {
      body.put("retry_after", retryAfter);
    }
    return body;
  }
}
