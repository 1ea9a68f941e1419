package io.mediaflow.transcoding.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.StartEncode2;
import io.mediaflow.transcoding.StartedJob;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.query.Query;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.Valid;
import java.util.Optional;

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
                "When the query names no callback_url, Mediaflow adds a signed one to its own receiver, which turns the service's calls into transcoding-job-finished messages; true by default. false leaves such a job without callbacks, for a process that polls it ('Transcoding: wait for job') and would never receive the messages. The result records it as transcodingJob.callback, for 'Transcoding: check the job' to check a job without it every poll interval")
        Boolean addCallback) {

  static OperationHandler<StartEncode2Input> handler(
      TranscodingClient client, CallbackUrls callbacks) {
    return OperationHandler.create(
        StartEncode2Input.class,
        (input, job) -> {
          Optional<String> callback = input.callbackUrl(callbacks);
          StartedJob started =
              TranscodingWorkers.start(
                  client,
                  input.request().taskToken(),
                  job,
                  () -> client.startEncode2(input.withCallback(callback)));
          return new JobVariable(started, callback.isPresent());
        },
        // The lost start was sent with the same input, so with the callback this one would add.
        (input, job) ->
            TranscodingWorkers.startedJob(client, input.request().taskToken())
                .map(
                    started -> new JobVariable(started, input.callbackUrl(callbacks).isPresent())));
  }

  /**
   * The signed callback URL for this task that Mediaflow adds to the query, when the model names
   * none and does not turn Mediaflow's callback off, and callbacks are on.
   */
  Optional<String> callbackUrl(CallbackUrls callbacks) {
    Query query = request.query();
    if (query == null || query.callbackUrl() != null || Boolean.FALSE.equals(addCallback)) {
      return Optional.empty();
    }
    return callbacks.forSubject(CallbackUrls.Kind.TRANSCODING, request.taskToken());
  }

  /** The job as given, or with {@code callbackUrl} in its query. */
  StartEncode2 withCallback(Optional<String> callbackUrl) {
    return callbackUrl
        .map(url -> request.withQuery(request.query().withCallbackUrl(url)))
        .orElse(request);
  }
}
