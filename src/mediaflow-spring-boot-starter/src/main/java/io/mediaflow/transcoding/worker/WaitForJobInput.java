package io.mediaflow.transcoding.worker;

import io.mediaflow.api.ApiJson;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.transcoding.JobStatus;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.internal.JobProgress;
import io.mediaflow.transcoding.internal.JobResult;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.Poll;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

@Operation(
    type = "mediaflow.transcoding.wait_for_job",
    name = "Transcoding: wait until the job is done",
    description =
        "Checks the job's status with a growing pause between checks, holding no thread while the service works, until it is completed (result: status, duration, renditions with tag, resolution, bitrate, size and url, thumbnails, outputs (every output of every kind, audio and text ones too: list, format, tag, userTag, url, downloadUrl, storage), warnings, outputErrors and expiresAt, 24 hours on: when outputs given no destination can no longer be downloaded; the complete status is the 'Transcoding: get status' operation's; a 'completed' from the main host's basic status, which lists no outputs, is waited past) or failed (BPMN error JOB_FAILED with errorDetails.error_description, warnings, output_errors and retry, true for the failures the document says to retry). WAIT_TIMEOUT when the timeout passes first.",
    resultVariable = "transcodingResult",
    retries = 10,
    errors = {"JOB_FAILED", "WAIT_TIMEOUT"})
record WaitForJobInput(
    @NotBlank @Input(label = "Task token", value = "=transcodingJob.task_token") String taskToken,
    @Input(label = "Status URL", value = StatusUrl.INPUT) String statusUrl,
    @Input(label = "Timeout", description = "ISO-8601 duration, e.g. PT2H", value = "PT6H")
        Duration timeout,
    // Not an input: the progress the last check left on the element instance, read back so that an
    // unchanged one is not written again. Any shape a process put under that name is only compared,
    // never trusted.
    Object transcodingProgress)
    implements WaitInput {

  static OperationHandler<WaitForJobInput> handler(TranscodingClient client) {
    return OperationHandler.poll(WaitForJobInput.class, input -> waitForJob(client, input));
  }

  private static Poll<JobResult> waitForJob(TranscodingClient client, WaitForJobInput input) {
    TranscodingClient.Statuses read =
        TranscodingWorkers.read(client, input.taskToken(), input.statusUrl());
    JobStatus status = read.byToken().get(input.taskToken());
    if (status == null) {
      return Poll.pending("not yet listed by the service");
    }
    if (status.failed()) {
      throw TranscodingWorkers.jobFailed(input.taskToken(), status);
    }
    if (status.completed() && read.complete()) {
      return Poll.done(JobResult.of(status, Instant.now()));
    }
    var keep = new HashMap<String, Object>();
    // The next check goes to the last status_url the service returned.
    if (status.statusUrl() != null) {
      keep.put(StatusUrl.VARIABLE, status.statusUrl());
    }
    JobProgress progress = JobProgress.of(status, Instant.now());
    if (!progress.sameAs(input.transcodingProgress())) {
      keep.put(JobProgress.VARIABLE, ApiJson.MAPPER.convertValue(progress, Map.class));
    }
    return Poll.pending(
        status.completed()
            ? TranscodingWorkers.ONLY_BASIC_STATUS + input.taskToken()
            : status.progress(),
        keep);
  }
}
