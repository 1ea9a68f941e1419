package io.mediaflow;

import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;

/**
 * Sends many commands as several clients would: a bounded number unanswered at a time, so that a
 * run of thousands neither waits for each answer nor floods the gateway.
 */
public final class CommandsAtOnce {

  private CommandsAtOnce() {}

  /**
   * Sends {@code count} commands ({@code command} given each index), at most {@code atOnce}
   * unanswered, and returns once every one is answered; a failed one fails the call.
   */
  public static void send(
      int count, int atOnce, IntFunction<? extends CompletionStage<?>> command) {
    var permits = new Semaphore(atOnce);
    var all = new ArrayList<CompletableFuture<?>>(count);
    for (int i = 0; i < count; i++) {
      permits.acquireUninterruptibly();
      all.add(
          command
              .apply(i)
              .toCompletableFuture()
              .whenComplete((result, failure) -> permits.release()));
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
  }
}
