package io.mediaflow;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Whether this application runs as one of several replicas.
 *
 * @param replicated {@code true} when more than one replica of this application may run at a time
 *     (a deployment with several replicas, an autoscaler, a rolling update): the start then fails
 *     unless every secret and store the replicas must share is configured (see {@link
 *     ReplicaCheck}); {@code false} (the default): a missing one is a warning
 */
@ConfigurationProperties("mediaflow")
public record ReplicaProperties(@DefaultValue("false") boolean replicated) {}
