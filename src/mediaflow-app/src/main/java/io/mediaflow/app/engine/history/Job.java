package io.mediaflow.app.engine.history;

import java.time.Instant;
import java.util.Map;

/**
 * A job as its records leave it: {@code state} the last of its records that Camunda's job search
 * names a state (an activation, a backoff's end or a timeout change leave it), {@code worker} and
 * {@code deadline} those of its last activation.
 */
public record Job(
    long key,
    String type,
    String worker,
    String state,
    int retries,
    Instant deadline,
    String errorCode,
    String errorMessage,
    boolean hasFailedWithRetriesLeft,
    Instant endTime,
    String elementId,
    long elementInstanceKey,
    long processInstanceKey,
    long definitionKey,
    String processId,
    Map<String, String> customHeaders,
    String kind,
    String listenerEventType,
    String tenantId) {

  public Job {
    type = SharedNames.of(type);
    worker = SharedNames.of(worker);
    elementId = SharedNames.of(elementId);
    processId = SharedNames.of(processId);
    tenantId = SharedNames.of(tenantId);
  }

  Job activated(String byWorker, Instant until, int retriesLeft) {
    return new Job(
        key,
        type,
        byWorker,
        state,
        retriesLeft,
        until,
        errorCode,
        errorMessage,
        hasFailedWithRetriesLeft,
        endTime,
        elementId,
        elementInstanceKey,
        processInstanceKey,
        definitionKey,
        processId,
        customHeaders,
        kind,
        listenerEventType,
        tenantId);
  }
}
