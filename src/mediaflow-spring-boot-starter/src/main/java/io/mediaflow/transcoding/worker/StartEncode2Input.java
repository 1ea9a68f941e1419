package io.mediaflow.transcoding.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.StartEncode2;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.query.Query;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.Valid;

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
/**
 * The custom job to start, and whether Mediaflow's callback is added to it.
 *
 * @param request the job as the client sends it
 */
record StartEncode2Input(
    @JsonUnwrapped @Valid StartEncode2 request,
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
                client,
                input.request().taskToken(),
                job,
                () -> client.startEncode2(input.withCallback(callbacks))),
        (input, job) -> TranscodingWorkers.startedJob(client, input.request().taskToken()));
  }

  /**
   * The job as given, or with a signed callback URL for this task in its query when the model names
   * none and does not turn Mediaflow's callback off.
   */
  StartEncode2 withCallback(CallbackUrls callbacks) {
    Query query = request.query();
    if (query == null || query.callbackUrl() != null || Boolean.FALSE.equals(addCallback)) {
      return request;
    }
    return callbacks
        .forSubject(CallbackUrls.Kind.TRANSCODING, request.taskToken())
        .map(url -> request.withQuery(query.withCallbackUrl(url)))
        .orElse(request);
  }
}
