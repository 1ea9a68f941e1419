package io.mediaflow.live;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/** {@code DELETE /v1/live-streams/<stream_id>/simulcast-targets/<target_id>}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.live.delete_simulcast_target",
    name = "Live: delete simulcast target",
    description =
        "Stops re-streaming to a target (DELETE /v1/live-streams/<stream_id>/simulcast-targets/<target_id>). The result is the updated stream; simulcast_targets is empty when none remain.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
public record DeleteSimulcastTarget(
    @NotBlank(message = "is required") @Input(label = "Stream ID", value = "=liveStream.id")
        String streamId,
    @NotBlank(message = "is required") @Input(label = "Target ID") String targetId) {}
