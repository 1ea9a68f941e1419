package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code POST /v1/live-streams/<stream_id>/start}: a transcoder is allocated (starting, then
 * waiting).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.live.start_stream",
    name = "Live: start stream",
    description =
        "Starts a live stream (POST /v1/live-streams/<stream_id>/start): a transcoder is allocated, the stream goes to starting and then waiting, and the webrtc and srt server URLs appear. Required for WebRTC and SRT input; for RTMP it shortens the time until live. A start the service refuses (document 2 shows no error codes) is not taken as not started, nor as started: the stream is read, and when it shows a started status (starting, waiting, launching, live, idle) that stream is the result; otherwise the refusal, naming the status the stream shows.",
    resultVariable = "liveStream",
    errors = {"NOT_FOUND", "CONFLICT"})
public record StartStream(
    @NotBlank(message = "is required") @Input(label = "Stream ID", value = "=liveStream.id")
        String streamId) {}
