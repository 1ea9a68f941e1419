package io.mediaflow.sandbox.transcoding;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Test control: faults the next requests of an endpoint answer instead of being handled, so a
 * client's retry and fallback behaviour can be exercised over real HTTP. A fault is either one of
 * the service's errors (HTTP 200, {@code {"error": N, "message": ...}}, {@code retry_after} with
 * error 8; for example the "busy" error 8 or the "queue full" error 18) or a transport failure (an
 * HTTP status such as 503).
 */
@Component
class FaultInjector {

  /** The endpoints faults apply to; {@code status} covers both status endpoints. */
  static final List<String> ENDPOINTS =
      List.of(
          "access_token",
          "create_task",
          "start_encode2",
          "start_encode",
          "status",
          "master_status",
          "upload");

  /**
   * @param error the service error to answer, or null for a transport fault
   * @param httpStatus the HTTP status of a transport fault, or null
   * @param retryAfter seconds, sent as {@code retry_after} (error 8) or as a Retry-After header
   * @param remaining how many more requests it answers; -1 until the faults are cleared
   */
  record Fault(
      String endpoint,
      Integer error,
      Integer httpStatus,
      Integer retryAfter,
      String message,
      int remaining) {

    boolean matches(String requested) {
      return endpoint.equals(requested)
          || endpoint.equals("status") && requested.equals("master_status");
    }

    Map<String, Object> describe() {
      var out = new LinkedHashMap<String, Object>();
      out.put("endpoint", endpoint);
      out.put("error", error);
      out.put("httpStatus", httpStatus);
      out.put("retryAfter", retryAfter);
      out.put("message", message);
      out.put("times", remaining < 0 ? "always" : remaining);
      return out;
    }
  }

  private final List<Fault> faults = new ArrayList<>();

  /** Failure messages the next started jobs fail with, one each, oldest first. */
  private final List<String> jobFailures = new ArrayList<>();

  /**
   * The next {@code times} jobs started fail with {@code message}, as a job the service cannot
   * process does.
   */
  synchronized void failNextJobs(String message, int times) {
    for (int i = 0; i < times; i++) {
      jobFailures.add(message);
    }
  }

  /** The failure the job starting now is to meet, if any; counts it as used. */
  synchronized Optional<String> takeJobFailure() {
    return jobFailures.isEmpty() ? Optional.empty() : Optional.of(jobFailures.removeFirst());
  }

  synchronized void add(Fault fault) {
    faults.add(fault);
  }

  /** The fault the next request to {@code endpoint} answers, if any; counts it as used. */
  synchronized Optional<Fault> take(String endpoint) {
    for (Iterator<Fault> it = faults.iterator(); it.hasNext(); ) {
      Fault fault = it.next();
      if (fault.matches(endpoint)) {
        if (fault.remaining() == 1) {
          it.remove();
        } else if (fault.remaining() > 1) {
          faults.set(
              faults.indexOf(fault),
              new Fault(
                  fault.endpoint(),
                  fault.error(),
                  fault.httpStatus(),
                  fault.retryAfter(),
                  fault.message(),
                  fault.remaining() - 1));
        }
        return Optional.of(fault);
      }
    }
    return Optional.empty();
  }

  synchronized List<Map<String, Object>> pending() {
    return faults.stream().map(Fault::describe).toList();
  }

  synchronized List<String> pendingJobFailures() {
    return List.copyOf(jobFailures);
  }

  synchronized void clear() {
    faults.clear();
    jobFailures.clear();
  }
}
