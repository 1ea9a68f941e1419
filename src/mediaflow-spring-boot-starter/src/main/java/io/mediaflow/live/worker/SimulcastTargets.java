package io.mediaflow.live.worker;

import io.mediaflow.live.AddSimulcastTarget;
import io.mediaflow.live.DeleteSimulcastTarget;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.SimulcastTarget;
import io.mediaflow.live.Stream;
import io.mediaflow.worker.internal.OperationHandler;
import java.util.List;
import java.util.Optional;

/**
 * How a stream's simulcast targets are added and deleted (document 2, section 4): each job's
 * variables are read into the operation's request record, which the client sends.
 */
final class SimulcastTargets {

  private SimulcastTargets() {}

  static OperationHandler<AddSimulcastTarget> add(LiveClient client) {
    return OperationHandler.create(
        AddSimulcastTarget.class,
        (request, job) -> LiveWorkers.shown(client.addSimulcastTarget(request)),
        (request, job) -> findAdded(client, request));
  }

  /**
   * A retry after an attempt that may have deleted it finds nothing to delete: the sent mark
   * (sideEffect) makes its "not found" or {@code {status: "failed"}} done, once the stream shows
   * the item gone.
   */
  static OperationHandler<DeleteSimulcastTarget> delete(LiveClient client) {
    return OperationHandler.delete(
        DeleteSimulcastTarget.class,
        (request, job) -> LiveWorkers.shown(client.deleteSimulcastTarget(request)),
        (request, job) ->
            LiveWorkers.without(
                client,
                request.streamId(),
                "simulcast target",
                request.targetId(),
                stream ->
                    Optional.ofNullable(stream.simulcastTargets()).orElse(List.of()).stream()
                        .map(SimulcastTarget::id)
                        .toList()));
  }

  /**
   * The stream already re-streaming to this URL with this key: the target an earlier attempt added.
   * Were it anyone else's, a second would only push the stream twice to one key, which the target
   * refuses or mixes.
   */
  private static Optional<Stream> findAdded(LiveClient client, AddSimulcastTarget request) {
    Stream stream = client.getStream(new GetStream(request.streamId()));
    return Optional.ofNullable(stream.simulcastTargets()).orElse(List.of()).stream()
        .filter(
            target ->
                request.url().equals(target.url())
                    && request.streamKey().equals(target.streamKey()))
        .findFirst()
        .map(target -> LiveWorkers.shown(stream));
  }
}
