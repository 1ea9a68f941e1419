package io.mediaflow.transcoding.worker;

import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;

/** For tests of other packages: the transcoding API's handlers, which are package-private. */
public final class TranscodingWorkersAccess {

  private TranscodingWorkersAccess() {}

  public static OperationHandlers workers(
      TranscodingClient client, CallbackUrls callbacks, LocalSources sources) {
    return new TranscodingWorkers(client, callbacks, sources);
  }

  /** The handler of the transcoding job type {@code type}, reading no local source. */
  public static OperationHandler<?> handler(
      TranscodingClient client, CallbackUrls callbacks, String type) {
    return workers(client, callbacks, new LocalSources(null)).handlers().stream()
        .filter(handler -> handler.type().equals(type))
        .findFirst()
        .orElseThrow();
  }
}
