package io.mediaflow.live.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.Valid;

@Operation(
    type = "mediaflow.live.get_stream",
    name = "Live: get stream",
    description =
        "Reads a live stream (GET /v1/live-streams/<stream_id>): status with timestamp, server URLs, playback IDs, params, simulcast targets (keys masked). The stream key only when asked for.",
    resultVariable = "liveStream",
    errors = {"NOT_FOUND"})
/**
 * The read, and whether its result keeps the stream key.
 *
 * @param request the stream to read
 */
record GetStreamInput(
    @JsonUnwrapped @Valid GetStream request,
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
        input -> client.getStream(input.request()).withoutSecrets(input.keepStreamKey()));
  }
}
