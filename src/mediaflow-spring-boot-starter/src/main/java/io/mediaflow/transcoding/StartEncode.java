package io.mediaflow.transcoding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.query.StitchClip;
import io.mediaflow.transcoding.query.Subtitles;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /v1/start_encode}: a job from transcoding profiles defined in the account. That
 * exactly one of {@code uri} and {@code stitch} is given is the client's rule ({@link
 * TranscodingClient#startEncode}).
 *
 * @param taskToken the task's token, single-use
 * @param uri the source URL; exactly one of uri and stitch
 * @param profiles the profile ids
 * @param transferMethod the id of a transfer method; output path settings apply only with one
 * @param outputPathVariables values for the placeholders of the profiles' output paths
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
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
public record StartEncode(
    @NotBlank(message = "is required")
        @Input(label = "Task token", value = "=transcodingTask.task_token")
        String taskToken,
    @Input(label = "Source URL (uri)", description = "Exactly one of uri and stitch") String uri,
    @Input(label = "Stitch", description = "A list of URLs or {url, start_time, duration}")
        List<StitchClip> stitch,
    @NotEmpty(message = "needs at least one profile id")
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
        List<Subtitles.Source> subtitles) {}
