package io.mediaflow.transcoding.worker;

import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.worker.internal.OperationHandlers;

/** For tests of other packages: the transcoding API's handlers, which are package-private. */
public final class TranscodingWorkersAccess {

  private TranscodingWorkersAccess() {}

  public static OperationHandlers workers(
      TranscodingClient client, CallbackUrls callbacks, LocalSources sources) {
    return new TranscodingWorkers(client, callbacks, sources);
  }
}
