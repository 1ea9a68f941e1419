package io.mediaflow.live.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.Dvr;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.internal.RecordingsCheck;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.Poll;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.Valid;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

@Operation(
    type = "mediaflow.live.check_recordings",
    name = "Live: check the recordings cover the show",
    description =
        "Lists what the stream's DVR recorded (as 'Live: DVR recordings' does) and reads each file's length from its own bytes (MP4: its movie header, TS: its first and last time stamps, HLS: its playlist's #EXTINF; one ranged GET per file in most cases, in the destination's storage only), until each listed format's files add up to the time the stream was on air, less the tolerance per live period; the result is the listing with each file's duration and, per destination and format, recorded, expected and covered. Files are transferred once finished (document 2), so it lists again, with a growing pause, for as long as the longest file could take to arrive: the shorter of max_file_duration and the longest live period, plus the transfer time; past that, the BPMN error RECORDINGS_INCOMPLETE, whose message and errorDetails name the seconds missing, where they seem to be and the files found. Destinations other than s3:// cannot be listed and are not checked (covered: null). Nothing is paid for or changed at the service.",
    resultVariable = "dvrRecordings",
    retries = 10,
    errors = {"RECORDINGS_INCOMPLETE", "NOT_FOUND", "DVR_STORAGE_REFUSED"})
/**
 * The stream whose recordings are checked, the live periods they must cover, and how long their
 * files may take to arrive.
 *
 * @param request the stream to read
 */
record CheckRecordingsInput(
    @JsonUnwrapped @Valid GetStream request,
    @Input(
            label = "DVR",
            description =
                "The DVR params the stream was created with: the credentials the service does not show, to list the destination (secret references, resolved by the worker)",
            value = "=dvr")
        Dvr dvr,
    @Input(
            label = "On air",
            description =
                "The live periods, [{from, to}], as the stream's status timestamps gave them (YYYY-MM-DD HH:MM:SS, or ISO-8601): from when it went live to when it left live (idle, stopping or stopped). The last may lack its to: the stream's own timestamp closes it once it has left live",
            value = "=onAir")
        List<RecordingsCheck.OnAir> onAir,
    @Input(
            label = "Tolerance",
            description =
                "How far the recordings may fall short, per live period: the timestamps' whole seconds and the first key frame, ISO-8601",
            value = "PT2S")
        Duration tolerance,
    @Input(
            label = "Transfer time",
            description =
                "How long after the longest file could have been finished it may still arrive, ISO-8601",
            value = "PT10M")
        Duration transferTime,
    @Input(
            label = "Download URL lifetime",
            description =
                "ISO-8601 duration the presigned download URLs work, at most 7 days (S3's limit)",
            value = "PT24H")
        Duration downloadUrlLifetime,
    // Not an input: the lengths of the files measured by the previous checks, kept on the element
    // instance so that a file is read once. Any shape a process put under that name is ignored.
    Object recordingDurations)
    implements WaitInput {

  static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(2);
  static final Duration DEFAULT_TRANSFER_TIME = Duration.ofMinutes(10);

  /**
   * How long the files may take: a finished file is transferred after it is finished, and the last
   * one is finished when the stream leaves live; it lasts at most {@code max_file_duration} and at
   * most the longest period. Moved at no less than the rate it was recorded at, it arrives within
   * its own length, and the transfer time is the margin beyond that.
   */
  @Override
  public Duration timeout() {
    int maxFile =
        dvr == null || dvr.maxFileDuration() == null
            ? Dvr.DEFAULT_MAX_FILE_DURATION
            : dvr.maxFileDuration();
    long longest = 0;
    boolean open = false;
    for (RecordingsCheck.OnAir period : onAir == null ? List.<RecordingsCheck.OnAir>of() : onAir) {
      if (period == null || period.from() == null || period.to() == null) {
        open = true;
        continue;
      }
      // A length does not depend on the zone the timestamps are read in.
      Instant from = RecordingsCheck.instant(period.from(), "onAir.from", ZoneOffset.UTC);
      Instant to = RecordingsCheck.instant(period.to(), "onAir.to", ZoneOffset.UTC);
      longest = Math.max(longest, Duration.between(from, to).toSeconds());
    }
    long file = open ? maxFile : Math.min(maxFile, longest);
    return Duration.ofSeconds(file)
        .plus(transferTime == null ? DEFAULT_TRANSFER_TIME : transferTime);
  }

  static OperationHandler<CheckRecordingsInput> handler(
      LiveClient client, RecordingsCheck recordings) {
    return OperationHandler.poll(
        CheckRecordingsInput.class, input -> check(client, recordings, input));
  }

  @SuppressWarnings("unchecked")
  private static Poll<?> check(
      LiveClient client, RecordingsCheck recordings, CheckRecordingsInput input) {
    RecordingsCheck.Outcome outcome =
        recordings.check(
            client.getStream(input.request()),
            input.dvr(),
            input.onAir(),
            input.tolerance() == null ? DEFAULT_TOLERANCE : input.tolerance(),
            input.downloadUrlLifetime() == null
                ? Duration.ofHours(24)
                : input.downloadUrlLifetime(),
            input.recordingDurations() instanceof Map<?, ?> kept
                ? (Map<String, Object>) kept
                : null);
    if (outcome.complete()) {
      return Poll.done(outcome.locations());
    }
    return Poll.pending(
        outcome.progress(),
        Map.of("recordingDurations", outcome.measured()),
        new ApiException.Rejected("RECORDINGS_INCOMPLETE", outcome.missing(), outcome.details()));
  }
}
