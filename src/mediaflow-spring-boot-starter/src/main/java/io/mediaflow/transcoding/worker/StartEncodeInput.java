package io.mediaflow.transcoding.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.PresetJob;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.query.StitchClip;
import io.mediaflow.transcoding.query.Subtitles;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.util.List;
import java.util.Map;

@Operation(
    type = "mediaflow.transcoding.start_encode",
    name = "Transcoding: start preset job",
    description =
        "Starts a job from transcoding profiles defined in the account (POST /v1/start_encode): a source uri or a stitch list, profile ids, and optionally a transfer method with output path variables, and subtitles.",
    resultVariable = "transcodingJob",
    sideEffect = true,
    errors = {
      "ERROR_BAD_PROFILE",
      "ERROR_PROFILE_NOT_FOUND",
      "ERROR_VALID_PARAMS",
      "ERROR_FIELD_REQUIRED",
      "ERROR_TOKEN_ALREADY_USED"
    })
record StartEncodeInput(
    @NotBlank @Input(label = "Task token", value = "=transcodingTask.task_token") String taskToken,
    @Input(label = "Source URL (uri)", description = "Exactly one of uri and stitch") String uri,
    @Input(label = "Stitch", description = "A list of URLs or {url, start_time, duration}")
        List<StitchClip> stitch,
    @NotEmpty
        @Input(label = "Profiles", description = "Transcoding profile ids, e.g. [\"hls-ladder\"]")
        List<String> profiles,
    @Input(
            label = "Transfer method",
            description = "Transfer method id; output path settings apply only with one")
        String transferMethod,
    @Input(
            label = "Output path variables",
            description = "Values for the placeholders of the profiles' output paths")
        Map<String, String> outputPathVariables,
    @Input(label = "Subtitles", description = "A list of {source, language}")
        List<Subtitles.Source> subtitles) {

  PresetJob presetJob() {
    return new PresetJob(uri, stitch, profiles, transferMethod, outputPathVariables, subtitles);
  }

  static OperationHandler<StartEncodeInput> handler(TranscodingClient client) {
    return OperationHandler.create(
        StartEncodeInput.class,
        (input, job) ->
            TranscodingWorkers.start(
                input.taskToken(),
                job,
                () -> client.startEncode(input.taskToken(), input.presetJob())),
        (input, job) -> TranscodingWorkers.startedJob(client, input.taskToken()));
  }
}
