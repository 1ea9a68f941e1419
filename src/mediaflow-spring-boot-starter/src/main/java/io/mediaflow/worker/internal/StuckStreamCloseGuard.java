package io.mediaflow.worker.internal;

import java.time.Duration;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;

/**
 * Keeps the application's stop from hanging in camunda-client-java 8.8's job stream close
 * (docs/plugin.md, "Stopping"). A job stream that failed (the gateway unreachable) is reopened
 * after a backoff; when that reopen runs after its worker was closed, {@code JobStreamerImpl.open}
 * returns without releasing the stream's lock, and the client's own close of the same worker, which
 * comes later in the context's close, waits for that lock forever: SIGTERM and Ctrl-C then stop
 * nothing. The lock is taken with {@code lockInterruptibly}, so interrupting the waiting thread
 * lets the close go on; nothing else is interrupted.
 *
 * <p>While the context closes, this watches the closing thread; once it has waited in {@code
 * JobStreamerImpl.close} for {@link #STUCK}, it interrupts it (again if it gets stuck again on the
 * next worker, which the interrupt status usually spares). Every job the worker had handed back or
 * completed was answered before: nothing acknowledged is lost.
 */
public final class StuckStreamCloseGuard implements ApplicationListener<ContextClosedEvent> {

  private static final Logger LOG = LoggerFactory.getLogger(StuckStreamCloseGuard.class);

  /** How long a close may wait for a stream's lock; a close that holds no other lock takes ms. */
  static final Duration STUCK = Duration.ofSeconds(2);

  private static final Duration LOOK = Duration.ofMillis(200);
  private static final String STREAMER = "io.camunda.client.impl.worker.JobStreamerImpl";
  private static final String CONTEXT_CLOSE = "doClose";

  private final ApplicationContext context;

  public StuckStreamCloseGuard(ApplicationContext context) {
    this.context = context;
  }

  @Override
  public void onApplicationEvent(ContextClosedEvent event) {
    if (!event.getApplicationContext().equals(context)) {
      return;
    }
    Thread closing = Thread.currentThread();
    Thread.ofPlatform().daemon().name("mediaflow-close-guard").start(() -> watch(closing));
  }

  private static void watch(Thread closing) {
    long lookedStuck = 0;
    try {
      while (closing.isAlive()) {
        Thread.sleep(LOOK);
        StackTraceElement[] stack = closing.getStackTrace();
        if (Arrays.stream(stack).noneMatch(frame -> CONTEXT_CLOSE.equals(frame.getMethodName()))) {
          return; // the context is closed
        }
        boolean waitingForStream =
            closing.getState() == Thread.State.WAITING
                && Arrays.stream(stack)
                    .anyMatch(
                        frame ->
                            STREAMER.equals(frame.getClassName())
                                && "close".equals(frame.getMethodName()));
        lookedStuck = waitingForStream ? lookedStuck + 1 : 0;
        if (lookedStuck * LOOK.toMillis() >= STUCK.toMillis()) {
          LOG.warn(
              "The Camunda client's close waits for a job stream's lock that a stream reopen never"
                  + " released (camunda-client-java 8.8, docs/plugin.md#stopping); interrupting it"
                  + " so that the application stops");
          closing.interrupt();
          lookedStuck = 0;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
