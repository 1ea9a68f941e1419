package io.mediaflow;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the plugin adds to its logs. Its metrics and observations have Spring Boot's own switches
 * ({@code management.metrics.enable.mediaflow}, {@code management.observations.enable.mediaflow}).
 *
 * @param logContext whether each job's identifiers, and what a callback is about, go into the log
 *     context (MDC) of every line logged meanwhile
 */
@ConfigurationProperties("mediaflow.observability")
public record ObservabilityProperties(@DefaultValue Switch logContext) {

  /**
   * @param enabled on unless set to false
   */
  public record Switch(@DefaultValue("true") boolean enabled) {}
}
