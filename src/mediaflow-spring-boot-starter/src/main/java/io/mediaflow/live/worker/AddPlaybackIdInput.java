package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.PlaybackId;
import io.mediaflow.live.PlaybackPolicy;
import io.mediaflow.live.Stream;
import io.mediaflow.worker.internal.JobContext;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import java.util.Optional;

@Operation(
    type = "mediaflow.live.add_playback_id",
    name = "Live: add playback ID",
    description =
        "Adds a playback ID to a live stream (POST /v1/live-streams/<stream_id>/playback-ids). The result is the stream with the new ID and its playback_url; an authenticated one plays only with a signed token (content delivery API).",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "BAD_REQUEST"})
record AddPlaybackIdInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId,
    @NotNull @Input(label = "Policy", value = "authenticated") PlaybackPolicy policy) {

  static OperationHandler<AddPlaybackIdInput> handler(LiveClient client) {
    return OperationHandler.create(
        AddPlaybackIdInput.class,
        (input, job) -> LiveWorkers.playbackIds(client.getStream(input.streamId())),
        (input, job) ->
            withAddedPlaybackId(client.addPlaybackId(input.streamId(), input.policy()), input, job),
        (input, job) -> findAddedPlaybackId(client, input, job));
  }

  /**
   * The stream with the playback ID an earlier attempt added: a playback ID has nothing a marker
   * could go in, so it is the one of this policy that is new since the add was sent. Two or more
   * mean another job adds IDs to this stream at the same moment, and a person decides which is
   * whose.
   */
  private static Optional<Stream> findAddedPlaybackId(
      LiveClient client, AddPlaybackIdInput input, JobContext job) {
    Stream stream = client.getStream(input.streamId());
    List<PlaybackId> added = added(stream, input, job);
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
  private static Stream withAddedPlaybackId(
      Stream stream, AddPlaybackIdInput input, JobContext job) {
    List<PlaybackId> ids = Optional.ofNullable(stream.playbackIds()).orElse(List.of());
    if (added(stream, input, job).isEmpty()) {
      throw new ApiException.Misconfigured(
          "PLAYBACK_ID_NOT_ADDED",
          "POST /v1/live-streams/"
              + stream.id()
              + "/playback-ids answered without a new playback ID of policy "
              + input.policy().apiName()
              + ": expected one besides "
              + job.before()
              + ", got "
              + ids.stream().map(id -> id.id() + " (" + id.policy() + ")").toList());
    }
    return LiveWorkers.shown(stream);
  }

  /** The stream's playback IDs of the policy asked that were not there before the add was sent. */
  private static List<PlaybackId> added(Stream stream, AddPlaybackIdInput input, JobContext job) {
    return Optional.ofNullable(stream.playbackIds()).orElse(List.of()).stream()
        .filter(
            id -> !job.before().contains(id.id()) && input.policy().apiName().equals(id.policy()))
        .toList();
  }
}
