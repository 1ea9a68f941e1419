package io.mediaflow.live.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

/**
 * A retry after an attempt that may have deleted it finds nothing to delete: the sent mark
 * (sideEffect) makes its "not found" or {@code {status: "failed"}} done, once the stream shows the
 * item gone.
 */
@Operation(
    type = "mediaflow.live.delete_playback_id",
    name = "Live: delete playback ID",
    description =
        "Deletes a playback ID of a live stream (DELETE /v1/live-streams/<stream_id>/playback-ids/<playback_id>); players using it stop working. The result is the updated stream.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
record DeletePlaybackIdInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId,
    @NotBlank @Input(label = "Playback ID") String playbackId) {

  static OperationHandler<DeletePlaybackIdInput> handler(LiveClient client) {
    return OperationHandler.delete(
        DeletePlaybackIdInput.class,
        (input, job) ->
            LiveWorkers.shown(client.deletePlaybackId(input.streamId(), input.playbackId())),
        (input, job) ->
            LiveWorkers.without(
                client,
                input.streamId(),
                "playback ID",
                input.playbackId(),
                stream -> LiveWorkers.playbackIds(stream)));
  }
}
