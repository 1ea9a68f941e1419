package io.mediaflow.sandbox.transcoding;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

/**
 * The encoders jobs wait for in {@code queued}: a fixed number of slots, handed out first come,
 * first served.
 */
final class Encoders {

  private final int slots;
  private final Executor executor;
  private final Queue<Runnable> waiting = new ArrayDeque<>();
  private int busy;

  Encoders(int slots, Executor executor) {
    this.slots = Math.max(1, slots);
    this.executor = executor;
  }

  /**
   * Runs {@code work} once an encoder is free; {@code work} must end by calling {@link #release()}.
   */
  void acquire(Runnable work) {
    synchronized (this) {
      if (busy >= slots) {
        waiting.add(work);
        return;
      }
      busy++;
    }
    executor.execute(work);
  }

  void release() {
    Runnable next;
    synchronized (this) {
      next = waiting.poll();
      if (next == null) {
        busy--;
        return;
      }
    }
    executor.execute(next);
  }
}
