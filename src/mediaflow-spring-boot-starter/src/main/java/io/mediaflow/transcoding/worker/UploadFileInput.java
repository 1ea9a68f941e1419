package io.mediaflow.transcoding.worker;

import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.Task;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.internal.DocumentSources;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

@Operation(
    type = "mediaflow.transcoding.upload_file",
    name = "Transcoding: upload file",
    description =
        "Uploads a file from the worker's disk, or a Camunda document, to the task's upload host with the resumable TUS protocol (OPTIONS, POST, PATCH), resuming after a cut connection. The result is the job source tus:<file_uuid>.",
    resultVariable = "source",
    sideEffect = true,
    errors = {"UPLOAD_TOO_LARGE", "UPLOAD_REFUSED"},
    // Uploads can take long: the job stays locked to the worker that took it for up to 30 minutes.
    timeout = "PT30M")
record UploadFileInput(
    @NotBlank @Input(label = "Task token", value = "=transcodingTask.task_token") String taskToken,
    @NotBlank
        @Input(
            label = "Upload URL",
            description =
                "The TUS endpoint create task returns as upload_url (https://<upload host>/v1/upload_file); the file is uploaded to {upload_url}/{task_token}",
            value = "=transcodingTask.upload_url")
        String uploadUrl,
    @NotNull(message = "is required")
        @Input(
            label = "File",
            description =
                "Path of the file on the worker's machine, inside the folder mediaflow.transcoding.local-source-directory, or a Camunda document reference (as POST /v2/documents and a form's file picker give it), read through the cluster's document API",
            value = "=source")
        Object file) {

  static OperationHandler<UploadFileInput> handler(
      TranscodingClient client, LocalSources localSources, DocumentSources documentSources) {
    return OperationHandler.call(
        UploadFileInput.class, input -> uploadFile(client, localSources, documentSources, input));
  }

  /**
   * A path on the worker's machine, or a Camunda document read through the cluster's document API;
   * anything else is named as neither.
   */
  private static String uploadFile(
      TranscodingClient client,
      LocalSources localSources,
      DocumentSources documentSources,
      UploadFileInput input) {
    Task task = new Task(input.taskToken(), input.uploadUrl());
    if (input.file() instanceof String path) {
      return client.uploadFile(task, localSources.file("file", path));
    }
    if (DocumentSources.isDocument(input.file())) {
      return documentSources.withContent(
          "file", input.file(), file -> client.uploadFile(task, file));
    }
    throw InvalidRequestException.field(
        "file",
        "must be a file path or a Camunda document reference, got a "
            + input.file().getClass().getSimpleName());
  }
}
