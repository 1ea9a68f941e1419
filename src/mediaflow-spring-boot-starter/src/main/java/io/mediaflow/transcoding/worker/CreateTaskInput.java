package io.mediaflow.transcoding.worker;

import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.worker.internal.OperationHandler;

/**
 * {@code /v1/create_task} takes nothing from the process: the session token comes from the API key.
 */
@Operation(
    type = "mediaflow.transcoding.create_task",
    name = "Transcoding: create task",
    description =
        "Creates a transcoding task (POST /v1/create_task). Its task_token identifies one job and is single-use; upload_url is where a local file is uploaded.",
    resultVariable = "transcodingTask",
    sideEffect = true)
record CreateTaskInput() {

  static OperationHandler<CreateTaskInput> handler(TranscodingClient client) {
    return OperationHandler.call(CreateTaskInput.class, input -> client.createTask());
  }
}
