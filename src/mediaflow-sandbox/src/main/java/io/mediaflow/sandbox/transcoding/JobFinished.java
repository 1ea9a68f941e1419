package io.mediaflow.sandbox.transcoding;

import java.time.Instant;

/**
 * Published (as a Spring application event) when a sandbox job reaches its end, completed or
 * failed: the moment the service finished, which benchmarks compare with the moment a process moved
 * on.
 */
public record JobFinished(String taskToken, boolean failed, Instant at) {}
