package io.mediaflow.live.worker;

import io.mediaflow.live.LiveClient;
import io.mediaflow.live.StartStream;
import io.mediaflow.live.StopStream;
import io.mediaflow.worker.internal.OperationHandler;

/**
 * How a stream is started and stopped (document 2, section 4): each job's variables are read into
 * the operation's request record, which the client sends. The other stream operations take inputs
 * of their own ({@link CreateStreamInput}, {@link GetStreamInput}, {@link ListStreamsInput}, {@link
 * WaitForStatusInput}, {@link DvrRecordingsInput}).
 */
final class Streams {

  private Streams() {}

  static OperationHandler<StartStream> start(LiveClient client) {
    return OperationHandler.call(
        StartStream.class, request -> LiveWorkers.shown(client.startStream(request)));
  }

  static OperationHandler<StopStream> stop(LiveClient client) {
    return OperationHandler.call(
        StopStream.class, request -> LiveWorkers.shown(client.stopStream(request)));
  }
}
