package io.mediaflow.transcoding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.transcoding.query.JobPayload;
import io.mediaflow.transcoding.query.Query;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/**
 * {@code POST /v1/start_encode2}: a custom job on a task. The query's own rules are its record's
 * ({@link Query}); a client checks it apart from these fields, so its violations name its fields as
 * document 3 does ({@code format[0].quality}), not below {@code query}.
 *
 * @param taskToken the task's token, single-use
 * @param query the Query object
 * @param payload returned in callbacks; null for none
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StartEncode2(
    @NotBlank(message = "is required")
        @Input(label = "Task token", value = "=transcodingTask.task_token")
        String taskToken,
    @NotNull(message = "is required")
        @Input(
            label = "Query",
            description =
                "The Query object with the API's field names, e.g. {source: \"https://...\", format: [{output: \"mp4\", resolution: 720, destination: {url: \"s3://bucket/clip.mp4\", key: \"{{secrets.S3_ACCESS_KEY}}\", secret: \"{{secrets.S3_SECRET_KEY}}\"}}]}; credentials as secret references")
        Query query,
    @JobPayload
        @Input(
            label = "Payload",
            description = "Up to " + JobPayload.MAX + " characters, returned in callbacks")
        String payload) {

  /** The same job with another query (one with a callback URL added, say). */
  public StartEncode2 withQuery(Query other) {
    return new StartEncode2(taskToken, other, payload);
  }
}
