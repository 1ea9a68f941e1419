package io.mediaflow.worker.internal;

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
   */
  record Pending<O>(String progress, java.util.Map<String, Object> keep) implements Poll<O> {}

  static <O> Poll<O> done(O result) {
    return new Done<>(result);
  }

  static <O> Poll<O> pending(String progress) {
    return new Pending<>(progress, java.util.Map.of());
  }

  static <O> Poll<O> pending(String progress, java.util.Map<String, Object> keep) {
    return new Pending<>(progress, keep);
  }
}
