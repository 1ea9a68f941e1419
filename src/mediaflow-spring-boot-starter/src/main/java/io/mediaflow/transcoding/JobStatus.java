package io.mediaflow.transcoding;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Set;

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

  /** The documented states of a job (document 3, section 3): a task in one of them has been started. */
  private static final Set<String> JOB_STATES = Set.of("downloading", "queued", "encoding", "saving", "completed");

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
