package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code POST /v1/live-streams/<stream_id>/stop}: stopping, then stopped; the transcoder is freed.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.live.stop_stream",
    name = "Live: stop stream",
    description =
        "Stops a running live stream (POST /v1/live-streams/<stream_id>/stop): stopping, then stopped; the transcoder is freed and DVR recordings are transferred. Stopping a stopped stream changes nothing.",
    resultVariable = "liveStream",
    errors = {"NOT_FOUND", "CONFLICT"})
public record StopStream(
    @NotBlank(message = "is required") @Input(label = "Stream ID", value = "=liveStream.id")
        String streamId) {}
