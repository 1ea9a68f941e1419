package io.mediaflow.app.engine.gateway;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sending to a gRPC call whose client may have gone. */
final class Calls {

  private static final Logger LOG = LoggerFactory.getLogger(Calls.class);

  private Calls() {}

  /**
   * Sends unless the client cancelled the call meanwhile (a worker's poll when the worker closes, a
   * call past its deadline): the answer is dropped then, as a broker drops the answer to a
   * connection that is gone. Whether it was sent.
   */
  static boolean send(StreamObserver<?> observer, Runnable sending) {
    if (observer instanceof ServerCallStreamObserver<?> call && call.isCancelled()) {
      return false;
    }
    try {
      synchronized (
          observer) { // a stream observer is not thread-safe; a job stream is sent to from several
        // threads
        sending.run();
      }
      return true;
    } catch (RuntimeException e) {
      if (Status.fromThrowable(e).getCode() != Status.Code.CANCELLED) {
        throw e;
      }
      LOG.debug("An answer was dropped: its client cancelled the call");
      return false;
    }
  }

  /** Runs {@code action} once the client cancels the call (or its deadline passes). */
  static void onCancel(StreamObserver<?> observer, Runnable action) {
    if (observer instanceof ServerCallStreamObserver<?> call) {
      call.setOnCancelHandler(action);
    }
  }
}
