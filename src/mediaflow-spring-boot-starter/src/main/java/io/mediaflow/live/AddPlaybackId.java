package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/** {@code POST /v1/live-streams/<stream_id>/playback-ids} with {@code {"policy": ...}}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.live.add_playback_id",
    name = "Live: add playback ID",
    description =
        "Adds a playback ID to a live stream (POST /v1/live-streams/<stream_id>/playback-ids). The result is the stream with the new ID and its playback_url; an authenticated one plays only with a signed token (content delivery API).",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "BAD_REQUEST"})
public record AddPlaybackId(
    @NotBlank(message = "is required") @Input(label = "Stream ID", value = "=liveStream.id")
        String streamId,
    @NotNull(message = "is required: public or authenticated")
        @Input(label = "Policy", value = "authenticated")
        PlaybackPolicy policy) {}
