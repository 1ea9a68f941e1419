package io.mediaflow.live.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.SimulcastTarget;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import java.util.List;
import java.util.Optional;

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
    @NotBlank @Input(label = "Target ID") String targetId) {

  static OperationHandler<DeleteSimulcastTargetInput> handler(LiveClient client) {
    return OperationHandler.delete(
        DeleteSimulcastTargetInput.class,
        (input, job) ->
            LiveWorkers.shown(client.deleteSimulcastTarget(input.streamId(), input.targetId())),
        (input, job) ->
            LiveWorkers.without(
                client,
                input.streamId(),
                "simulcast target",
                input.targetId(),
                stream ->
                    Optional.ofNullable(stream.simulcastTargets()).orElse(List.of()).stream()
                        .map(SimulcastTarget::id)
                        .toList()));
  }
}
