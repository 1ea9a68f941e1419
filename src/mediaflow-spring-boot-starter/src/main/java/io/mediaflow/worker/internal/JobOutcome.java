package io.mediaflow.worker.internal;

import java.time.Duration;
import java.util.Map;

/**
 * What the engine is told about a job: done with a result, failed (to retry or as an incident), or
 * a BPMN error.
 */
sealed interface JobOutcome {

  record Complete(Map<String, Object> variables) implements JobOutcome {}

  /**
   * @param retries what is left; 0 raises an incident with {@code message}
   * @param variables local variables for the next attempt (attempts so far, a wait's progress)
   */
  record Fail(String message, int retries, Duration backoff, Map<String, Object> variables)
      implements JobOutcome {}

  record Throw(String code, String message, Map<String, Object> variables) implements JobOutcome {}
}
