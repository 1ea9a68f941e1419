package io.mediaflow.app.engine.gateway;

import io.grpc.Status;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** How a caller inside the application waits for the answer to a {@link CommandGateway} command. */
public final class Answers {

  private Answers() {}

  /**
   * The command's answer, awaited up to {@code wait}; past it the command is given up
   * (DEADLINE_EXCEEDED): its answer then finds nobody. A refusal is thrown as the gateway's status
   * exception, as a gRPC client would receive it.
   */
  public static <T> T await(CompletableFuture<T> command, Duration wait) {
    try {
      return command.get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      command.cancel(false);
      throw Status.DEADLINE_EXCEEDED
          .withDescription("The engine did not answer within " + wait)
          .asRuntimeException();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException refused
          ? refused
          : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the engine", e);
    }
  }
}
