package io.mediaflow.live.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.live.start_stream",
    name = "Live: start stream",
    description =
        "Starts a live stream (POST /v1/live-streams/<stream_id>/start): a transcoder is allocated, the stream goes to starting and then waiting, and the webrtc and srt server URLs appear. Required for WebRTC and SRT input; for RTMP it shortens the time until live. Starting a started stream changes nothing.",
    resultVariable = "liveStream",
    errors = {"NOT_FOUND", "CONFLICT"})
record StartStreamInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId) {

  static OperationHandler<StartStreamInput> handler(LiveClient client) {
    return OperationHandler.call(
        StartStreamInput.class, input -> LiveWorkers.shown(client.startStream(input.streamId())));
  }
}
