package io.mediaflow.worker.internal;

import io.mediaflow.api.ApiException;

/**
 * What a wait operation saw: the awaited state with its result, or not yet, with a word on the
 * progress.
 */
public sealed interface Poll<O> {

  record Done<O>(O result) implements Poll<O> {}

  /**
   * @param keep local variables for the next check, e.g. the latest {@code status_url} (a wait
   *     operation reads its input again at every check, and local variables shadow the input
   *     mapping's)
   * @param atDeadline what the wait ends with when its timeout has passed and this is still what it
   *     sees: a failure that names what is missing (a BPMN error the process can route), instead of
   *     the generic {@code WAIT_TIMEOUT}; null for {@code WAIT_TIMEOUT}
   */
  record Pending<O>(
      String progress, java.util.Map<String, Object> keep, ApiException.Rejected atDeadline)
      implements Poll<O> {

    public Pending(String progress, java.util.Map<String, Object> keep) {
      this(progress, keep, null);
    }
  }

  static <O> Poll<O> done(O result) {
    return new Done<>(result);
  }

  static <O> Poll<O> pending(String progress) {
    return new Pending<>(progress, java.util.Map.of());
  }

  static <O> Poll<O> pending(String progress, java.util.Map<String, Object> keep) {
    return new Pending<>(progress, keep);
  }

  /**
   * Not yet; past the wait's timeout, {@code atDeadline} is thrown instead of {@code WAIT_TIMEOUT}
   * (see {@link Pending#atDeadline()}).
   */
  static <O> Poll<O> pending(
      String progress, java.util.Map<String, Object> keep, ApiException.Rejected atDeadline) {
    return new Pending<>(progress, keep, atDeadline);
  }
}
