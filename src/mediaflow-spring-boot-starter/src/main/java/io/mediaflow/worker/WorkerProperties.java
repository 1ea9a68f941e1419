package io.mediaflow.worker;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How workers pace retries and waits.
 *
 * @param retryBackoff the pause after the first transient fault; doubled per further fault
 * @param maxRetryBackoff the longest pause between retries
 * @param pollInterval the first pause of a wait operation between two checks; doubled per check
 * @param maxPollInterval the longest pause between two checks of a wait
 * @param waitTimeout how long a wait operation waits when its input names no timeout
 * @param busyWait how long a job keeps asking again while the service says it is busy (transcoding
 *     errors 8, 18 and 22, HTTP 429) without spending its retries; past it, such answers count as
 *     transient faults
 * @param stateSecret the key that signs each job's bookkeeping (see {@code JobStates}); the same
 *     for every replica. Empty: a random key for this run only
 */
@ConfigurationProperties("mediaflow.worker")
public record WorkerProperties(
    @DefaultValue("1s") Duration retryBackoff,
    @DefaultValue("1m") Duration maxRetryBackoff,
    @DefaultValue("500ms") Duration pollInterval,
    @DefaultValue("30s") Duration maxPollInterval,
    @DefaultValue("6h") Duration waitTimeout,
    @DefaultValue("1h") Duration busyWait,
    @DefaultValue("") String stateSecret) {

  @Override
  public String toString() {
    return "WorkerProperties[retryBackoff="
        + retryBackoff
        + ", maxRetryBackoff="
        + maxRetryBackoff
        + ", pollInterval="
        + pollInterval
        + ", maxPollInterval="
        + maxPollInterval
        + ", waitTimeout="
        + waitTimeout
        + ", busyWait="
        + busyWait
        + ", stateSecret=***]";
  }
}
