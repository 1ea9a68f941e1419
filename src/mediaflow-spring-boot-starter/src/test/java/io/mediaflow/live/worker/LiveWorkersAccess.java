package io.mediaflow.live.worker;

import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.internal.DvrStorage;
import io.mediaflow.worker.internal.OperationHandlers;

/** For tests of other packages: the live streaming API's handlers, which are package-private. */
public final class LiveWorkersAccess {

  private LiveWorkersAccess() {}

  /** Without the creating instances' marks, which only the sweep reads. */
  public static OperationHandlers workers(
      LiveClient client, CallbackUrls callbacks, DvrStorage dvrStorage) {
    return new LiveWorkers(
        client,
        callbacks,
        dvrStorage,
        null,
        new io.mediaflow.live.internal.PlaybackCheck(new okhttp3.OkHttpClient(), null),
        java.time.ZoneOffset.UTC);
  }
}
