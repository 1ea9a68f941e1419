package io.mediaflow.app.engine.gateway;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.function.Function;

/** Whoever waits for the engine's answer to a command: a gRPC call, told on the engine's thread. */
interface Caller {

  void answer(EngineResponse response);

  void reject(Status status);

  /** A call with one answer, built from the engine's by {@code reply}. */
  static <T> Caller unary(StreamObserver<T> observer, Function<EngineResponse, T> reply) {
    return new Caller() {
      @Override
      public void answer(EngineResponse response) {
        Calls.send(
            observer,
            () -> {
              observer.onNext(reply.apply(response));
              observer.onCompleted();
            });
      }

      @Override
      public void reject(Status status) {
        Calls.send(observer, () -> observer.onError(status.asRuntimeException()));
      }
    };
  }
}
