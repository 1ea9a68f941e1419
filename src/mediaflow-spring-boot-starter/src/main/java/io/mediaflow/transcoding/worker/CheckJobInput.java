package io.mediaflow.transcoding.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.callback.internal.SafetyPoll;
import io.mediaflow.transcoding.JobStatus;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.internal.JobResult;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import java.time.Instant;

@Operation(
    type = "mediaflow.transcoding.check_job",
    name = "Transcoding: check the job",
    description =
        "Reads the job's status once (POST /v1/status at the last status_url). Result, whatever the stage: status, percent, duration, renditions (tag, resolution, bitrate, size, url), thumbnails, outputs (every output of every kind: list, format, tag, userTag, url, downloadUrl, storage), warnings, outputErrors ({tag, error} of each failed output), statusUrl (the last status_url the service returned, written back into the job variable for the next check), once completed, expiresAt (24 hours on: when outputs given no destination can no longer be downloaded), and for the wait's timer, waitingSince (when the wait's first check was) and nextCheck (an ISO-8601 duration: for a job started with Mediaflow's callback, three times the time waited so far, from mediaflow.callbacks.poll-interval up to mediaflow.callbacks.safety-poll, so a lost callback is still caught within the safety poll; for a job started without one, the poll interval), both written back into the job variable. Completed only on a master host's complete status: a 'completed' from the main host's basic status, which lists no outputs, is retried; the complete status is the 'Transcoding: get status' operation's. A failed job is the BPMN error JOB_FAILED with errorDetails.error_description, warnings, output_errors and retry (true for the failures the document says to retry: start the job again on a new task). Use it after a 'transcoding-job-finished' message or a timer of transcodingJob.next_check, so a callback moves the process on at once and polling stays the safety net.",
    resultVariable = "transcodingResult",
    carries =
        @Operation.Carry(
            label = "Job variable",
            target = "transcodingJob",
            description =
                "Written back as {task_token, status_url, callback, waiting_since, next_check} with the last status_url the service returned, which the next check reads (document 3: always read status from the last value returned), whether the job has Mediaflow's callback as its start wrote it, and the wait's schedule: the timer before the next check waits next_check",
            source = StatusUrl.CARRY),
    errors = {"JOB_FAILED"})
record CheckJobInput(
    @NotBlank @Input(label = "Task token", value = "=transcodingJob.task_token") String taskToken,
    @Input(label = "Status URL", value = StatusUrl.INPUT) String statusUrl,
    @Input(
            label = "Waiting since",
            description =
                "When the wait's first check was, as the last check wrote it back into the job variable; empty at the first check",
            value = StatusUrl.WAITING_SINCE)
        Instant waitingSince,
    @Input(
            label = "Mediaflow's callback",
            description =
                "Whether the job was started with Mediaflow's callback, as its start wrote it into the job variable: false checks every poll interval, true spaces the checks out as a safety net; empty (a job variable from an earlier version) as mediaflow.callbacks.enabled says",
            value = StatusUrl.CALLBACK)
        Boolean callback) {

  static OperationHandler<CheckJobInput> handler(TranscodingClient client, CallbackUrls callbacks) {
    return OperationHandler.call(
        CheckJobInput.class,
        input -> checkJob(client, callbacks.safetyPoll(), input, Instant.now()));
  }

  /**
   * One check's result: the job's, and when the wait's timer next fires if nothing comes before.
   *
   * @param job null while the service does not list the job yet
   * @param waitingSince when the wait's first check was, an ISO-8601 instant
   * @param nextCheck the pause before the next check, an ISO-8601 duration
   */
  record CheckedJob(@JsonUnwrapped JobResult job, String waitingSince, String nextCheck) {}

  static CheckedJob checkJob(
      TranscodingClient client, SafetyPoll schedule, CheckJobInput input, Instant now) {
    Instant since = input.waitingSince() == null ? now : input.waitingSince();
    return new CheckedJob(
        jobResult(client, input),
        since.toString(),
        schedule.next(Duration.between(since, now), input.callback()).toString());
  }

  /**
   * The job's result, small: the complete status is the {@code status} operation's. A job the main
   * host's basic status calls completed is not finished for the process until a master host gives
   * its complete status (outputs, metadata): asked again later, as a fault is.
   */
  private static JobResult jobResult(TranscodingClient client, CheckJobInput input) {
    TranscodingClient.Statuses read =
        TranscodingWorkers.read(client, input.taskToken(), input.statusUrl());
    JobStatus status = read.byToken().get(input.taskToken());
    if (status != null && status.failed()) {
      throw TranscodingWorkers.jobFailed(input.taskToken(), status);
    }
    if (status != null && status.completed() && !read.complete()) {
      throw new ApiException.Transient(
          "STATUS_INCOMPLETE",
          TranscodingWorkers.ONLY_BASIC_STATUS + input.taskToken(),
          null,
          null);
    }
    return status == null ? null : JobResult.of(status, Instant.now());
  }
}
