package io.mediaflow;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Spring Boot's report of a replica stopped by {@link ReplicaCheck}: the missing properties, and
 * what to do.
 */
class UnsharedReplicaStateFailureAnalyzer
    extends AbstractFailureAnalyzer<UnsharedReplicaStateException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, UnsharedReplicaStateException cause) {
    return new FailureAnalysis(
        cause.getMessage(),
        "Set "
            + String.join(", ", cause.properties())
            + " to the same value on every replica (docs/plugin.md,"
            + " \"Running several replicas\"), or mediaflow.replicated=false where only one replica runs.",
        cause);
  }
}
