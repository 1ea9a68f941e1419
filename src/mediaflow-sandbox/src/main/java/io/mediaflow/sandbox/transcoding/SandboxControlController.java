package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Test controls of the transcoding sandbox at {@code /sandbox/transcoding/control} (JSON, not part
 * of the service's API):
 *
 * <ul>
 *   <li>{@code {"failNext": {"endpoint": "start_encode2", "error": 8, "retryAfter": 1, "times":
 *       1}}}: the next request(s) of an endpoint answer a service error; {@code {"failNext":
 *       {"endpoint": "status", "httpStatus": 503, "times": 2}}}: a transport fault. {@code
 *       "always": true} instead of {@code times} keeps the fault until reset (a "busy" or "queue
 *       full" switch). {@code failNext} may be an array.
 *   <li>{@code {"failNextJob": {"message": "An error occurred while processing the video.",
 *       "times": 1}}}: the next job(s) started fail while downloading with that documented failure
 *       message.
 *   <li>{@code {"sessionTokenLifetime": "PT2S"}}: session tokens issued from now on live that long
 *       (ISO-8601; null restores the configured lifetime).
 *   <li>{@code {"reset": true}} or {@code DELETE}: clears faults and overrides.
 * </ul>
 *
 * Every call answers the controls in force.
 */
@ConditionalOnProperty(name = "mediaflow.sandbox.test-controls", havingValue = "true")
@RestController
@RequestMapping("/sandbox/transcoding/control")
class SandboxControlController {

  private static final int DEFAULT_RETRY_AFTER = 1;

  private final FaultInjector faults;
  private final SessionTokens sessions;

  SandboxControlController(FaultInjector faults, SessionTokens sessions) {
    this.faults = faults;
    this.sessions = sessions;
  }

  @GetMapping
  Map<String, Object> controls() {
    var out = new LinkedHashMap<String, Object>();
    out.put("failNext", faults.pending());
    out.put("failNextJob", faults.pendingJobFailures());
    out.put("sessionTokenLifetime", sessions.lifetime().toString());
    return out;
  }

  @PostMapping
  ResponseEntity<Map<String, Object>> apply(@RequestBody JsonNode body) {
    try {
      if (body == null || !body.isObject()) {
        throw new IllegalArgumentException("the body must be a JSON object");
      }
      if (body.path("reset").asBoolean(false)) {
        reset();
      }
      List<FaultInjector.Fault> added = new ArrayList<>();
      JsonNode failNext = body.get("failNext");
      if (failNext != null) {
        for (JsonNode rule : failNext.isArray() ? failNext : List.of(failNext)) {
          added.add(fault(rule));
        }
      }
      JsonNode failNextJob = body.get("failNextJob");
      if (failNextJob != null) {
        String message = failNextJob.path("message").asText("");
        int times = failNextJob.path("times").asInt(1);
        if (!JobFailure.MESSAGES.contains(message) || times < 1) {
          throw new IllegalArgumentException(
              "failNextJob needs a message of document 3's failure table, one of "
                  + JobFailure.MESSAGES
                  + ", and times of at least 1");
        }
        faults.failNextJobs(message, times);
      }
      if (body.has("sessionTokenLifetime")) {
        JsonNode lifetime = body.get("sessionTokenLifetime");
        sessions.overrideLifetime(lifetime.isNull() ? null : Duration.parse(lifetime.asText()));
      }
      added.forEach(faults::add);
      return ResponseEntity.ok(controls());
    } catch (IllegalArgumentException | DateTimeParseException e) {
      return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(Map.of("message", e.getMessage()));
    }
  }

  @DeleteMapping
  Map<String, Object> reset() {
    faults.clear();
    sessions.overrideLifetime(null);
    return controls();
  }

  private static FaultInjector.Fault fault(JsonNode rule) {
    String endpoint = rule.path("endpoint").asText("");
    if (!FaultInjector.ENDPOINTS.contains(endpoint)) {
      throw new IllegalArgumentException(
          "failNext.endpoint must be one of " + FaultInjector.ENDPOINTS);
    }
    boolean hasError = rule.hasNonNull("error");
    boolean hasStatus = rule.hasNonNull("httpStatus");
    if (hasError == hasStatus) {
      throw new IllegalArgumentException("failNext needs exactly one of error and httpStatus");
    }
    Integer error = hasError ? rule.get("error").asInt() : null;
    if (hasError
        && (!TranscodingApiError.DOCUMENTED_CODES.contains(error) || endpoint.equals("upload"))) {
      throw new IllegalArgumentException(
          endpoint.equals("upload")
              ? "the upload host speaks TUS: give it an httpStatus"
              : "failNext.error must be one of " + TranscodingApiError.DOCUMENTED_CODES);
    }
    Integer status = hasStatus ? rule.get("httpStatus").asInt() : null;
    if (hasStatus && (status < 400 || status > 599)) {
      throw new IllegalArgumentException("failNext.httpStatus must be from 400 to 599");
    }
    Integer retryAfter = null;
    if (rule.hasNonNull("retryAfter")) {
      retryAfter = rule.get("retryAfter").asInt();
    } else if (Integer.valueOf(TranscodingApiError.SYSTEM_BUSY).equals(error)) {
      retryAfter = DEFAULT_RETRY_AFTER;
    }
    int times = rule.path("always").asBoolean(false) ? -1 : rule.path("times").asInt(1);
    if (times == 0 || times < -1) {
      throw new IllegalArgumentException(
          "failNext.times must be at least 1 (or use \"always\": true)");
    }
    String message = rule.hasNonNull("message") ? rule.get("message").asText() : null;
    return new FaultInjector.Fault(endpoint, error, status, retryAfter, message, times);
  }
}
