package io.mediaflow.transcoding.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.query.JobPayload;
import io.mediaflow.transcoding.query.Query;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

@Operation(
    type = "mediaflow.transcoding.start_encode2",
    name = "Transcoding: start custom job",
    description =
        "Starts a custom job (POST /v1/start_encode2) with a Query object as document 3 describes it: source or stitch, one format per output, callback_url, encoder_version. Every documented rule is checked before anything is sent. A task token is single-use: after ERROR_TOKEN_ALREADY_USED create a new task.",
    resultVariable = "transcodingJob",
    sideEffect = true,
    errors = {
      "ERROR_VALID_PARAMS",
      "ERROR_FIELD_REQUIRED",
      "ERROR_TOKEN_ALREADY_USED",
      "ERROR_BAD_TOKEN",
      "ERROR_TOKEN_NOT_FOUND",
      "ERROR_BAD_PAYLOAD"
    })
record StartEncode2Input(
    @NotBlank @Input(label = "Task token", value = "=transcodingTask.task_token") String taskToken,
    @NotNull
        @Input(
            label = "Query",
            description =
                "The Query object with the API's field names, e.g. {source: \"https://...\", format: [{output: \"mp4\", resolution: 720, destination: {url: \"s3://bucket/clip.mp4\", key: \"{{secrets.S3_ACCESS_KEY}}\", secret: \"{{secrets.S3_SECRET_KEY}}\"}}]}; credentials as secret references")
        Query query,
    @JobPayload
        @Input(
            label = "Payload",
            description = "Up to " + JobPayload.MAX + " characters, returned in callbacks")
        String payload,
    @Input(
            label = "Add Mediaflow's callback",
            description =
                "When the query names no callback_url, Mediaflow adds a signed one to its own receiver, which turns the service's calls into transcoding-job-finished messages; true by default. false leaves such a job without callbacks, for a process that polls it ('Transcoding: wait for job') and would never receive the messages")
        Boolean addCallback) {

  static OperationHandler<StartEncode2Input> handler(
      TranscodingClient client, CallbackUrls callbacks) {
    return OperationHandler.create(
        StartEncode2Input.class,
        (input, job) ->
            TranscodingWorkers.start(
                input.taskToken(),
                job,
                () ->
                    client.startEncode2(
                        input.taskToken(), input.withCallback(callbacks), input.payload())),
        (input, job) -> TranscodingWorkers.startedJob(client, input.taskToken()));
  }

  /**
   * The query as given, or with a signed callback URL for this task when the model names none and
   * does not turn Mediaflow's callback off.
   */
  Query withCallback(CallbackUrls callbacks) {
    if (query == null || query.callbackUrl() != null || Boolean.FALSE.equals(addCallback)) {
      return query;
    }
    return callbacks
        .forSubject(CallbackUrls.Kind.TRANSCODING, taskToken)
        .map(query::withCallbackUrl)
        .orElse(query);
  }
}
