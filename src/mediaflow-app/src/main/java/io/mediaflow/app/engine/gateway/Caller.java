package io.mediaflow.app.engine.gateway;

import io.grpc.StatusRuntimeException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** Whoever waits for the engine's answer to a command, told on the engine's thread. */
interface Caller {

  void answer(EngineResponse response);

  void reject(StatusRuntimeException refusal);

  /**
   * A command with one answer, {@code answer} completed with what {@code reply} builds from the
   * engine's, or failed with the rejection's status.
   */
  static <T> Caller of(CompletableFuture<T> answer, Function<EngineResponse, T> reply) {
    return new Caller() {
      @Override
      public void answer(EngineResponse response) {
        try {
          answer.complete(reply.apply(response));
        } catch (RuntimeException e) {
          answer.completeExceptionally(e);
        }
      }

      @Override
      public void reject(StatusRuntimeException refusal) {
        answer.completeExceptionally(refusal);
      }
    };
  }
}
