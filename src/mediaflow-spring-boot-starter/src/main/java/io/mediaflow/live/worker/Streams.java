package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.StartStream;
import io.mediaflow.live.StopStream;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamState;
import io.mediaflow.worker.internal.OperationHandler;
import java.util.EnumSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a stream is started and stopped (document 2, section 4): each job's variables are read into
 * the operation's request record, which the client sends. The other stream operations take inputs
 * of their own ({@link CreateStreamInput}, {@link GetStreamInput}, {@link ListStreamsInput}, {@link
 * WaitForStatusInput}, {@link DvrRecordingsInput}).
 */
final class Streams {

  private static final Logger LOG = LoggerFactory.getLogger(Streams.class);

  /** The states of a started stream: a transcoder is allocated, or being allocated. */
  static final Set<StreamState> STARTED =
      EnumSet.of(
          StreamState.STARTING,
          StreamState.WAITING,
          StreamState.LAUNCHING,
          StreamState.LIVE,
          StreamState.IDLE);

  private Streams() {}

  static OperationHandler<StartStream> start(LiveClient client) {
    return OperationHandler.call(StartStream.class, request -> handle(client, request));
  }

  static OperationHandler<StopStream> stop(LiveClient client) {
    return OperationHandler.call(
        StopStream.class, request -> LiveWorkers.shown(client.stopStream(request)));
  }

  /**
   * Starts the stream. Document 2 shows no error codes (section 7) and no transition from a started
   * state ("other transitions: not shown"), so a refusal does not say whether the stream is
   * started: a start repeated after a lost answer, or a second start of a stream an encoder already
   * brought up, may be refused although the stream runs. So a refused start reads the stream:
   * started, the start's purpose is met and the stream is the result; not started, the refusal
   * stands, naming the status the stream shows, and the process never tracks a start that did not
   * happen.
   */
  static Stream handle(LiveClient client, StartStream request) {
    try {
      return LiveWorkers.shown(client.startStream(request));
    } catch (ApiException.Rejected refused) {
      if ("NOT_FOUND".equals(refused.code())) {
        throw refused;
      }
      Stream stream = client.getStream(new GetStream(request.streamId()));
      boolean started =
          stream.status() != null && stream.status().state().map(STARTED::contains).orElse(false);
      if (started) {
        LOG.info(
            "The start of live stream {} was refused ({}), but the stream shows status {}: it is"
                + " started",
            stream.id(),
            refused.code(),
            stream.statusName());
        return LiveWorkers.shown(stream);
      }
      throw new ApiException.Rejected(
          refused.code(),
          refused.getMessage()
              + "; live stream "
              + stream.id()
              + " shows status "
              + stream.statusName()
              + ": it did not start",
          java.util.Map.of("stream", LiveWorkers.shown(stream)),
          refused.httpStatus().isPresent()
              ? new ApiException.HttpAnswer(
                  refused.httpStatus().getAsInt(), refused.requestId().orElse(null))
              : null);
    }
  }
}
