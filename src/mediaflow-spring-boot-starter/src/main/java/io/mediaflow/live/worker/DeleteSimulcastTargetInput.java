package io.mediaflow.live.worker;

import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * A retry after an attempt that may have deleted it finds nothing to delete: the sent mark
 * (sideEffect) makes its "not found" or {@code {status: "failed"}} done, once the stream shows the
 * item gone.
 */
@Operation(
    type = "mediaflow.live.delete_simulcast_target",
    name = "Live: delete simulcast target",
    description =
        "Stops re-streaming to a target (DELETE /v1/live-streams/<stream_id>/simulcast-targets/<target_id>). The result is the updated stream; simulcast_targets is empty when none remain.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
record DeleteSimulcastTargetInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId,
    @NotBlank @Input(label = "Target ID") String targetId) {}
