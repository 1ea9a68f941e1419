package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxProfile;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The service's error body: HTTP 200 with {@code error} above 0 and a message. */
@RestControllerAdvice(assignableTypes = TranscodingSandboxController.class)
class TranscodingErrorHandler {

  private final SandboxProfile profile;

  TranscodingErrorHandler(SandboxProfile profile) {
    this.profile = profile;
  }

  @ExceptionHandler(TranscodingApiError.class)
  Map<String, Object> refused(TranscodingApiError error) {
    return body(error.code(), error.getMessage(), error.retryAfter());
  }

  /**
   * A master host that handed the job on answers as an unavailable host, or (variation
   * stale-master-answers-404) as one that does not know the job: clients go back to the main host
   * either way.
   */
  @ExceptionHandler(TranscodingSandboxController.HandedOn.class)
  ResponseEntity<Map<String, Object>> handedOn(TranscodingSandboxController.HandedOn moved) {
    return ResponseEntity.status(HttpStatus.valueOf(profile.staleMasterHttpStatus()))
        .body(body(TranscodingApiError.SERVER_INTERNAL, moved.getMessage(), null));
  }

  /** A master host that timed out: what a gateway in front of it answers. */
  @ExceptionHandler(TranscodingSandboxController.MasterTimedOut.class)
  ResponseEntity<Map<String, Object>> masterTimedOut(
      TranscodingSandboxController.MasterTimedOut timedOut) {
    return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
        .body(body(TranscodingApiError.SERVER_INTERNAL, timedOut.getMessage(), null));
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
