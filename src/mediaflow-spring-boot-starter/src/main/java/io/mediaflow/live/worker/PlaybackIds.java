package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.live.AddPlaybackId;
import io.mediaflow.live.DeletePlaybackId;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.PlaybackId;
import io.mediaflow.live.Stream;
import io.mediaflow.worker.internal.JobContext;
import io.mediaflow.worker.internal.OperationHandler;
import java.util.List;
import java.util.Optional;

/**
 * How a stream's playback IDs are added and deleted (document 2, section 4): each job's variables
 * are read into the operation's request record, which the client sends.
 */
final class PlaybackIds {

  private PlaybackIds() {}

  static OperationHandler<AddPlaybackId> add(LiveClient client) {
    return OperationHandler.create(
        AddPlaybackId.class,
        (request, job) -> LiveWorkers.playbackIds(client.getStream(stream(request))),
        (request, job) -> withAdded(client.addPlaybackId(request), request, job),
        (request, job) -> findAdded(client, request, job));
  }

  /**
   * A retry after an attempt that may have deleted it finds nothing to delete: the sent mark
   * (sideEffect) makes its "not found" or {@code {status: "failed"}} done, once the stream shows
   * the item gone.
   */
  static OperationHandler<DeletePlaybackId> delete(LiveClient client) {
    return OperationHandler.delete(
        DeletePlaybackId.class,
        (request, job) -> LiveWorkers.shown(client.deletePlaybackId(request)),
        (request, job) ->
            LiveWorkers.without(
                client,
                request.streamId(),
                "playback ID",
                request.playbackId(),
                stream -> LiveWorkers.playbackIds(stream)));
  }

  /**
   * The stream with the playback ID an earlier attempt added: a playback ID has nothing a marker
   * could go in, so it is the one of this policy that is new since the add was sent. Two or more
   * mean another job adds IDs to this stream at the same moment, and a person decides which is
   * whose.
   */
  private static Optional<Stream> findAdded(
      LiveClient client, AddPlaybackId request, JobContext job) {
    Stream stream = client.getStream(stream(request));
    List<PlaybackId> added = added(stream, request, job);
    if (added.size() > 1) {
      throw new ApiException.OutcomeUnknown(
          "AMBIGUOUS_CREATION",
          "The add call failed without an answer, and the playback"
              + " IDs "
              + added.stream().map(PlaybackId::id).toList()
              + " appeared on stream "
              + stream.id()
              + " since;"
              + " delete the one this instance did not add, then resolve this incident");
    }
    return added.isEmpty() ? Optional.empty() : Optional.of(LiveWorkers.shown(stream));
  }

  /**
   * The stream the add answered, checked to hold a new playback ID of the policy asked: the body
   * {@code {"policy": ...}} is the spec README's, and document 2 says only that the answer has "the
   * added playback ID" (its sample shows one of policy {@code authenticated}). An answer without
   * one means the service did not add what the process goes on to rely on (a public ID where
   * viewers were to need a token, say), so it stops with an incident naming what was expected.
   */
  private static Stream withAdded(Stream stream, AddPlaybackId request, JobContext job) {
    List<PlaybackId> ids = Optional.ofNullable(stream.playbackIds()).orElse(List.of());
    if (added(stream, request, job).isEmpty()) {
      throw new ApiException.Misconfigured(
          "PLAYBACK_ID_NOT_ADDED",
          "POST /v1/live-streams/"
              + stream.id()
              + "/playback-ids answered without a new playback ID of policy "
              + request.policy().apiName()
              + ": expected one besides "
              + job.before()
              + ", got "
              + ids.stream().map(id -> id.id() + " (" + id.policy() + ")").toList());
    }
    return LiveWorkers.shown(stream);
  }

  /** The stream's playback IDs of the policy asked that were not there before the add was sent. */
  private static List<PlaybackId> added(Stream stream, AddPlaybackId request, JobContext job) {
    return Optional.ofNullable(stream.playbackIds()).orElse(List.of()).stream()
        .filter(
            id -> !job.before().contains(id.id()) && request.policy().apiName().equals(id.policy()))
        .toList();
  }

  private static GetStream stream(AddPlaybackId request) {
    return new GetStream(request.streamId());
  }
}
