package io.mediaflow.live.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.live.get_stream",
    name = "Live: get stream",
    description =
        "Reads a live stream (GET /v1/live-streams/<stream_id>): status with timestamp, server URLs, playback IDs, params, simulcast targets (keys masked). The stream key only when asked for.",
    resultVariable = "liveStream",
    errors = {"NOT_FOUND"})
record GetStreamInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId,
    @Input(
            label = "Include the stream key",
            description = "Only where a person must paste it into an encoder; false by default")
        Boolean includeStreamKey) {

  boolean keepStreamKey() {
    return Boolean.TRUE.equals(includeStreamKey);
  }

  static OperationHandler<GetStreamInput> handler(LiveClient client) {
    return OperationHandler.call(
        GetStreamInput.class,
        input -> client.getStream(input.streamId()).withoutSecrets(input.keepStreamKey()));
  }
}
