package io.mediaflow.live.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.live.stop_stream",
    name = "Live: stop stream",
    description =
        "Stops a running live stream (POST /v1/live-streams/<stream_id>/stop): stopping, then stopped; the transcoder is freed and DVR recordings are transferred. Stopping a stopped stream changes nothing.",
    resultVariable = "liveStream",
    errors = {"NOT_FOUND", "CONFLICT"})
record StopStreamInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId) {

  static OperationHandler<StopStreamInput> handler(LiveClient client) {
    return OperationHandler.call(
        StopStreamInput.class, input -> LiveWorkers.shown(client.stopStream(input.streamId())));
  }
}
