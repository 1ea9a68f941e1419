package io.mediaflow.transcoding.internal;

import io.mediaflow.transcoding.JobStatus;
import io.mediaflow.transcoding.OutputItem;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * What a process and its forms need of a job's status; the one place a {@link JobStatus} becomes
 * variables. The engine copies a variable on every write, and the complete status (storage, meta,
 * every output's progress) is several times larger: it stays available from the {@code status}
 * operation.
 *
 * @param status the service's word for where the job stands, {@code completed} once done
 * @param percent completion of the {@code encoding} stage, while it runs
 * @param duration of the source, in seconds
 * @param renditions one per video output
 * @param thumbnails the URLs of the image outputs
 * @param outputs every output the status lists, of every kind (video, audio, image, text, and lists
 *     the document does not name), each with where it is
 * @param warnings the service's warnings, as it sends them; empty when none
 * @param statusUrl where the next status is read: the last {@code status_url} the service returned
 * @param outputErrors the outputs that failed, each {@code {tag, error}} (its user tag, else its
 *     system tag, and its {@code error_description}); empty when none
 * @param expiresAt once the job is completed: when the outputs the service keeps (those given no
 *     destination) can no longer be downloaded, 24 hours (document 3, sections 1 and 8) from the
 *     check that saw the job completed, an ISO-8601 instant; outputs written to a destination do
 *     not expire. Null while the job runs.
 */
public record JobResult(
    String status,
    Double percent,
    Double duration,
    List<Rendition> renditions,
    List<String> thumbnails,
    List<Output> outputs,
    List<Object> warnings,
    String statusUrl,
    List<OutputError> outputErrors,
    String expiresAt) {

  /** How long the service keeps outputs given no destination (document 3, section 8). */
  public static final Duration DOWNLOADABLE = Duration.ofHours(24);

  /**
   * @param tag the output's {@code user_tag}
   * @param resolution {@code 1280x720}, when the service reported the frame size
   */
  public record Rendition(String tag, String resolution, Double bitrate, Long size, String url) {}

  /**
   * One output, as document 3 says every output item carries it.
   *
   * @param list the status list it came in: {@code videos}, {@code audios}, {@code images}, {@code
   *     texts}, ...
   * @param format its {@code output_format}, when the service names it
   * @param downloadUrl the ZIP of an output's files kept in temporary storage, when the service
   *     offers one
   */
  public record Output(
      String list,
      String format,
      String tag,
      String userTag,
      String url,
      String downloadUrl,
      Map<String, Object> storage) {}

  /** An output the service reports failed. */
  public record OutputError(String tag, String error) {}

  /**
   * @param now when the status was read: a completed job's kept outputs expire {@link
   *     #DOWNLOADABLE} after it
   */
  public static JobResult of(JobStatus status, Instant now) {
    return new JobResult(
        status.status(),
        status.finished() ? null : status.percent(),
        status.duration(),
        orEmpty(status.videos()).stream()
            .map(
                video ->
                    new Rendition(
                        video.userTag(),
                        resolution(video.meta()),
                        video.bitrate(),
                        video.size(),
                        video.url()))
            .toList(),
        orEmpty(status.images()).stream().map(OutputItem::url).toList(),
        outputs(status),
        orEmpty(status.warnings()),
        status.statusUrl(),
        outputErrors(status),
        status.completed()
            ? now.plus(DOWNLOADABLE).truncatedTo(ChronoUnit.SECONDS).toString()
            : null);
  }

  private static List<Output> outputs(JobStatus status) {
    return status.outputLists().entrySet().stream()
        .flatMap(
            list ->
                list.getValue().stream()
                    .map(
                        item ->
                            new Output(
                                list.getKey(),
                                item.outputFormat(),
                                item.tag(),
                                item.userTag(),
                                item.url(),
                                item.downloadUrl(),
                                item.storage())))
        .toList();
  }

  /**
   * The outputs the status reports failed, by user tag (else system tag), each with its error
   * description.
   */
  public static List<OutputError> outputErrors(JobStatus status) {
    return status.failedOutputs().stream()
        .map(
            item ->
                new OutputError(
                    item.userTag() != null ? item.userTag() : item.tag(), item.errorDescription()))
        .toList();
  }

  private static String resolution(Object meta) {
    if (meta instanceof Map<?, ?> fields
        && fields.get("width") != null
        && fields.get("height") != null) {
      return number(fields.get("width")) + "x" + number(fields.get("height"));
    }
    return null;
  }

  /** 1280 rather than 1280.0 when the service sent the width as a JSON number with a fraction. */
  private static String number(Object value) {
    return value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
        ? String.valueOf(n.longValue())
        : String.valueOf(value);
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
