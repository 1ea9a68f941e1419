package io.mediaflow.transcoding;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.ApiJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The status of a job, as {@code /v1/status} answers it for one task token.
 *
 * @param statusUrl where to read the next status from: always the last one the service returned
 * @param percent overall completion of the {@code encoding} stage only
 * @param warnings kept as the service sends them (their field names are not documented)
 * @param other every further field the service sent, kept as sent: lists of outputs the document
 *     does not name among them
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
    List<Object> warnings,
    @JsonAnySetter @JsonAnyGetter Map<String, Object> other) {

  /** Status words some answers use for a failed job, besides {@code error} = 1. */
  private static final Set<String> FAILED = Set.of("error", "failed");

  /**
   * The failure messages document 3 marks "retry" (a general processing error, an internal planning
   * error): the same job on a new task may well succeed. The table's other messages need another
   * source or setting.
   */
  private static final List<String> RETRY_MESSAGES =
      List.of("An error occurred while processing the video.", "Extract stage2 v2 error.");

  /**
   * The documented states of a job (document 3, section 3): a task in one of them has been started.
   */
  private static final Set<String> JOB_STATES =
      Set.of("downloading", "queued", "encoding", "saving", "completed");

  public JobStatus {
    other = other == null ? new LinkedHashMap<>() : other;
  }

  /**
   * Every output the status lists, by the name of its list: {@code videos}, {@code audios}, {@code
   * images}, {@code texts}, and any other list of outputs (items with a {@code url} or {@code
   * download_url}) the service sends, since the document names its fields but promises no closed
   * set of lists.
   */
  public Map<String, List<OutputItem>> outputLists() {
    var lists = new LinkedHashMap<String, List<OutputItem>>();
    lists.put("videos", videos);
    lists.put("audios", audios);
    lists.put("images", images);
    lists.put("texts", texts);
    other.forEach(
        (name, value) -> {
          if (value instanceof List<?> items
              && !items.isEmpty()
              && items.stream().allMatch(JobStatus::isOutput)) {
            lists.put(
                name,
                items.stream()
                    .map(item -> ApiJson.MAPPER.convertValue(item, OutputItem.class))
                    .toList());
          }
        });
    lists.values().removeIf(Objects::isNull);
    return lists;
  }

  private static boolean isOutput(Object item) {
    return item instanceof Map<?, ?> fields
        && (fields.get("url") != null || fields.get("download_url") != null);
  }

  /** A failure the document says to retry. */
  public boolean failedTransiently() {
    return failed()
        && errorDescription != null
        && RETRY_MESSAGES.stream().anyMatch(errorDescription::startsWith);
  }

  /**
   * Every output the service reports failed, with its error: the job may complete with some outputs
   * failed.
   */
  public List<OutputItem> failedOutputs() {
    return outputLists().values().stream()
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
    return "encoding".equals(status) && percent != null
        ? "encoding " + Math.round(percent) + "%"
        : String.valueOf(status);
  }
}
