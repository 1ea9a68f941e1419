package io.mediaflow.worker.internal;

import java.time.Duration;

/** The input of an operation that waits for the service: how long it may wait at most. */
public interface WaitInput {

  /** The longest wait, from the first check; null for the configured default. */
  Duration timeout();
}
