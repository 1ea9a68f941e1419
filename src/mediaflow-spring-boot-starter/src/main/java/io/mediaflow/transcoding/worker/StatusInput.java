package io.mediaflow.transcoding.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotEmpty;
import java.util.List;

@Operation(
    type = "mediaflow.transcoding.status",
    name = "Transcoding: get status",
    description =
        "Reads the status of one or more jobs (POST /v1/status) at the last status_url, falling back to the main host. The result maps each task token to its status.",
    resultVariable = "transcodingStatuses",
    carries =
        @Operation.Carry(
            label = "Job variable",
            target = "transcodingJob",
            description =
                "For one task token: written back as {task_token, status_url, callback} with the last status_url the service returned, which the next status request reads, and the job variable's callback when it is the same job; left as it was for several tokens",
            source = StatusUrl.CARRY_ONE_OF_STATUSES),
    errors = {"ERROR_BAD_TOKENS", "OUT_OF_RANGE"})
record StatusInput(
    @NotEmpty
        @Input(
            label = "Task tokens",
            description = "One token or a list",
            value = "=[transcodingJob.task_token]")
        List<String> taskTokens,
    @Input(
            label = "Status URL",
            description = "The last status_url the service returned",
            value = StatusUrl.INPUT)
        String statusUrl) {

  static OperationHandler<StatusInput> handler(TranscodingClient client) {
    return OperationHandler.call(
        StatusInput.class, input -> client.status(input.statusUrl(), input.taskTokens()));
  }
}
