package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/** {@code DELETE /v1/live-streams/<stream_id>/playback-ids/<playback_id>}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.live.delete_playback_id",
    name = "Live: delete playback ID",
    description =
        "Deletes a playback ID of a live stream (DELETE /v1/live-streams/<stream_id>/playback-ids/<playback_id>); players using it stop working. The result is the updated stream.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
public record DeletePlaybackId(
    @NotBlank(message = "is required") @Input(label = "Stream ID", value = "=liveStream.id")
        String streamId,
    @NotBlank(message = "is required") @Input(label = "Playback ID") String playbackId) {}
