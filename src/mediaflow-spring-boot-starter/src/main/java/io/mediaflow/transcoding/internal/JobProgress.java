package io.mediaflow.transcoding.internal;

import io.mediaflow.transcoding.JobStatus;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * Where a running job stands, as a wait keeps it on its element instance for the process and the
 * console to read (the local variable {@value #VARIABLE}).
 *
 * @param status the service's word for the stage: {@code downloading}, {@code queued}, {@code
 *     encoding}, {@code saving}
 * @param percent completion of the {@code encoding} stage, which is all the service's {@code
 *     percent} measures; null in the other stages, where a number would mean nothing
 * @param updatedAt when the wait first saw this status and percent, ISO-8601
 */
public record JobProgress(String status, Double percent, String updatedAt) {

  public static final String VARIABLE = "transcodingProgress";

  public static JobProgress of(JobStatus status, Instant now) {
    return new JobProgress(
        status.status(),
        "encoding".equals(status.status()) ? status.percent() : null,
        now.toString());
  }

  /**
   * Whether {@code previous}, the variable as the last check left it (read as the engine gives it:
   * a map, or anything a process may have put under that name), says the same: then writing it
   * again would only copy the variable for nothing.
   */
  public boolean sameAs(Object previous) {
    return previous instanceof Map<?, ?> fields
        && Objects.equals(status, fields.get("status"))
        && Objects.equals(
            percent, fields.get("percent") instanceof Number n ? n.doubleValue() : null);
  }
}
