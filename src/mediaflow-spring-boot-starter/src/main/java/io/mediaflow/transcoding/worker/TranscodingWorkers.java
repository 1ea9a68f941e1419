package io.mediaflow.transcoding.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.JobStatus;
import io.mediaflow.transcoding.StartedJob;
import io.mediaflow.transcoding.Task;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.internal.DocumentSources;
import io.mediaflow.transcoding.internal.JobProgress;
import io.mediaflow.transcoding.internal.JobResult;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.transcoding.query.Query;
import io.mediaflow.worker.internal.JobContext;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import io.mediaflow.worker.internal.Poll;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How each operation of the transcoding API (document 3) is carried out; {@link OperationWorkers}
 * opens the workers.
 */
final class TranscodingWorkers implements OperationHandlers {

  private static final Logger LOG = LoggerFactory.getLogger(TranscodingWorkers.class);

  /** The code of error 16 (document 3, section 7): a task token is single-use. */
  private static final String TOKEN_ALREADY_USED = "ERROR_TOKEN_ALREADY_USED";

  /** Why a job the basic status calls completed is still waited for. */
  private static final String ONLY_BASIC_STATUS =
      "completed by the main host's basic status, whose outputs and metadata only a master host's"
          + " complete status gives (document 3, section 4, rule 1); waiting for it, task ";

  private final TranscodingClient client;
  private final CallbackUrls callbacks;
  private final LocalSources localSources;
  private final DocumentSources documentSources;

  /** Without a Camunda client: a source given as a document reference is refused, naming why. */
  TranscodingWorkers(TranscodingClient client, CallbackUrls callbacks, LocalSources localSources) {
    this(client, callbacks, localSources, new DocumentSources(null));
  }

  TranscodingWorkers(
      TranscodingClient client,
      CallbackUrls callbacks,
      LocalSources localSources,
      DocumentSources documentSources) {
    this.client = client;
    this.callbacks = callbacks;
    this.localSources = localSources;
    this.documentSources = documentSources;
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(
        OperationHandler.call(CreateTaskInput.class, input -> client.createTask()),
        OperationHandler.call(UploadFileInput.class, this::uploadFile),
        OperationHandler.create(
            StartEncode2Input.class,
            (input, job) ->
                start(
                    input.taskToken(),
                    job,
                    () ->
                        client.startEncode2(
                            input.taskToken(),
                            withCallback(input.query(), input.taskToken()),
                            input.payload())),
            (input, job) -> startedJob(input.taskToken())),
        OperationHandler.create(
            StartEncodeInput.class,
            (input, job) ->
                start(
                    input.taskToken(),
                    job,
                    () -> client.startEncode(input.taskToken(), input.presetJob())),
            (input, job) -> startedJob(input.taskToken())),
        OperationHandler.call(
            StatusInput.class, input -> client.status(input.statusUrl(), input.taskTokens())),
        OperationHandler.call(CheckJobInput.class, this::checkJob),
        OperationHandler.poll(WaitForJobInput.class, this::waitForJob));
  }

  /**
   * A path on the worker's machine, or a Camunda document read through the cluster's document API;
   * anything else is named as neither.
   */
  private String uploadFile(UploadFileInput input) {
    Task task = new Task(input.taskToken(), input.uploadUrl());
    if (input.file() instanceof String path) {
      return client.uploadFile(task, localSources.file("file", path));
    }
    if (DocumentSources.isDocument(input.file())) {
      return documentSources.withContent(
          "file", input.file(), file -> client.uploadFile(task, file));
    }
    throw InvalidRequestException.field(
        "file",
        "must be a file path or a Camunda document reference, got a "
            + input.file().getClass().getSimpleName());
  }

  /**
   * The job's result, small: the complete status is the {@code status} operation's. A job the main
   * host's basic status calls completed is not finished for the process until a master host gives
   * its complete status (outputs, metadata): asked again later, as a fault is.
   */
  private JobResult checkJob(CheckJobInput input) {
    TranscodingClient.Statuses read = read(input.taskToken(), input.statusUrl());
    JobStatus status = read.byToken().get(input.taskToken());
    if (status != null && status.failed()) {
      throw jobFailed(input.taskToken(), status);
    }
    if (status != null && status.completed() && !read.complete()) {
      throw new ApiException.Transient(
          "STATUS_INCOMPLETE", ONLY_BASIC_STATUS + input.taskToken(), null, null);
    }
    return status == null ? null : JobResult.of(status, Instant.now());
  }

  private Poll<JobResult> waitForJob(WaitForJobInput input) {
    TranscodingClient.Statuses read = read(input.taskToken(), input.statusUrl());
    JobStatus status = read.byToken().get(input.taskToken());
    if (status == null) {
      return Poll.pending("not yet listed by the service");
    }
    if (status.failed()) {
      throw jobFailed(input.taskToken(), status);
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
        status.completed() ? ONLY_BASIC_STATUS + input.taskToken() : status.progress(), keep);
  }

  /**
   * Sends a start. A task token is single-use (error 16), so a repeated start refused as "already
   * used" met the job its earlier attempt set going, whose answer was lost: that job is the result,
   * tracked from the main host's status (whose {@code status_url} then leads to its master). On a
   * first start the refusal stays one: the token was used by someone else.
   */
  private StartedJob start(String taskToken, JobContext job, Supplier<StartedJob> start) {
    try {
      return start.get();
    } catch (ApiException.Rejected refused) {
      if (!job.repeat() || !TOKEN_ALREADY_USED.equals(refused.code())) {
        throw refused;
      }
      LOG.info(
          "Task {}: the repeated start was refused as already used, so the earlier start took effect;"
              + " tracking its job",
          taskToken);
      return new StartedJob(taskToken, null);
    }
  }

  /**
   * The job an earlier start of this task set going, when its answer was lost: a task token is
   * single-use, so starting again would only be refused (error 16) while the job runs. Document 3
   * does not say how {@code /v1/status} answers about a task never started: an error (21, the token
   * unknown to the list; 4, 5, 13...), no status for it, or a status word outside the job states.
   * Only a documented state (or a failure) proves a job; anything else sends the start again, whose
   * refusal as already used then proves it just as well (see {@link #start}): an unknown word is
   * never the end of the job. A lookup that fails in passing cannot tell: it is asked again later
   * as a busy service is, keeping the start's retries for the start's own faults.
   */
  private Optional<StartedJob> startedJob(String taskToken) {
    JobStatus status;
    try {
      status = statusOf(taskToken, null);
    } catch (ApiException.Rejected notListed) {
      return Optional.empty();
    } catch (ApiException.Transient fault) {
      throw ApiException.Transient.busy(
          fault.code(),
          "Whether the lost start took effect is not known yet: " + fault.getMessage(),
          fault.retryAfter().orElse(null));
    }
    return Optional.ofNullable(status)
        .filter(JobStatus::started)
        .map(started -> new StartedJob(taskToken, started.statusUrl()));
  }

  private JobStatus statusOf(String taskToken, String statusUrl) {
    return read(taskToken, statusUrl).byToken().get(taskToken);
  }

  private TranscodingClient.Statuses read(String taskToken, String statusUrl) {
    return client.read(statusUrl, List.of(taskToken));
  }

  /** The query as given, or with a signed callback URL for this task when the model names none. */
  private Query withCallback(Query query, String taskToken) {
    if (query == null || query.callbackUrl() != null) {
      return query;
    }
    return callbacks
        .forSubject(CallbackUrls.Kind.TRANSCODING, taskToken)
        .map(query::withCallbackUrl)
        .orElse(query);
  }

  /**
   * Details without the complete status, which every variable event would copy; {@code status}
   * reads it.
   */
  private static ApiException.Rejected jobFailed(String taskToken, JobStatus status) {
    var details = new LinkedHashMap<String, Object>();
    details.put("task_token", taskToken);
    details.put("error_description", status.errorDescription());
    details.put("warnings", status.warnings() == null ? List.of() : status.warnings());
    // The document says to retry these failures: a process may start the job again on a new task
    // before asking anyone.
    details.put("retry", status.failedTransiently());
    details.put("output_errors", JobResult.outputErrors(status));
    return new ApiException.Rejected(
        "JOB_FAILED", "The transcoding job failed: " + status.errorDescription(), details);
  }
}
