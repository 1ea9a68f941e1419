package io.mediaflow.live.worker;

import io.mediaflow.live.PlaybackPolicy;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

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
    @NotNull @Input(label = "Policy", value = "authenticated") PlaybackPolicy policy) {}
