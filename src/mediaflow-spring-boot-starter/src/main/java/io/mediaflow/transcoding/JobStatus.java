package io.mediaflow.transcoding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The status of a job, as {@code /v1/status} answers it for one task token.
 *
 * @param statusUrl where to read the next status from: always the last one the service returned
 * @param percent overall completion of the {@code encoding} stage only
 * @param warnings kept as the service sends them (their field names are not documented)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record JobStatus(
    String status,
    String statusUrl,
    Double percent,
    Integer error,
    String errorDescription,
    Long sourceSize,
    Double duration,
    List<OutputItem> videos,
    List<OutputItem> audios,
    List<OutputItem> images,
    List<OutputItem> texts,
    List<Object> warnings) {

  /** Status words some answers use for a failed job, besides {@code error} = 1. */
  private static final Set<String> FAILED = Set.of("error", "failed");

  /**
   * The failure messages document 3 marks "retry" (a general processing error, an internal planning error): the
   * same job on a new task may well succeed. The table's other messages need another source or setting.
   */
  private static final List<String> RETRY_MESSAGES =
      List.of("An error occurred while processing the video.", "Extract stage2 v2 error.");

  /** The documented states of a job (document 3, section 3): a task in one of them has been started. */
  private static final Set<String> JOB_STATES = Set.of("downloading", "queued", "encoding", "saving", "completed");

  /** A failure the document says to retry. */
  public boolean failedTransiently() {
    return failed() && errorDescription != null && RETRY_MESSAGES.stream().anyMatch(errorDescription::startsWith);
  }

  /** Every output the service reports failed, with its error: the job may complete with some outputs failed. */
  public List<OutputItem> failedOutputs() {
    return Stream.of(videos, audios, images, texts)
        .filter(Objects::nonNull)
        .flatMap(List::stream)
        .filter(item -> item.error() != null && item.error() == 1)
        .toList();
  }

  /** A job exists for the task: it was started, whatever became of it since. */
  public boolean started() {
    return failed() || (status != null && JOB_STATES.contains(status));
  }

  public boolean failed() {
    return (error != null && error == 1) || (status != null && FAILED.contains(status));
  }

  public boolean completed() {
    return "completed".equals(status) && !failed();
  }

  /** Nothing more will happen to the job. */
  public boolean finished() {
    return completed() || failed();
  }

  /** A word on where the job stands, e.g. {@code encoding 40%}. */
  public String progress() {
    return "encoding".equals(status) && percent != null ? "encoding " + Math.round(percent) + "%" : String.valueOf(status);
  }
}
