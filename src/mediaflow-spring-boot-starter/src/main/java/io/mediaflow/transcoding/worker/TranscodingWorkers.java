package io.mediaflow.transcoding.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.JobStatus;
import io.mediaflow.transcoding.StartEncode;
import io.mediaflow.transcoding.StartedJob;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.internal.DocumentSources;
import io.mediaflow.transcoding.internal.JobResult;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.worker.internal.JobContext;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operations of the transcoding API (document 3), each carried out as its worker input's {@code
 * handler} says, or for a preset job, which reads the client's request record, {@link
 * #startEncode}; {@link OperationWorkers} opens the workers. What several of them share is here: a
 * start and the lookup of a start whose answer was lost (both starts), the read of one job's status
 * and its failure (the check and the wait).
 */
final class TranscodingWorkers implements OperationHandlers {

  private static final Logger LOG = LoggerFactory.getLogger(TranscodingWorkers.class);

  /** The code of error 16 (document 3, section 7): a task token is single-use. */
  private static final String TOKEN_ALREADY_USED = "ERROR_TOKEN_ALREADY_USED";

  /** The incident's code when a repeated start's task has no job the service lists. */
  static final String NO_JOB_FOR_TASK = "NO_JOB_FOR_TASK";

  /** Why a job the basic status calls completed is still waited for. */
  static final String ONLY_BASIC_STATUS =
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
        CreateTaskInput.handler(client),
        UploadFileInput.handler(client, localSources, documentSources),
        StartEncode2Input.handler(client, callbacks),
        startEncode(client),
        StatusInput.handler(client),
        CheckJobInput.handler(client, callbacks),
        WaitForJobInput.handler(client));
  }

  /**
   * A preset job: its request record is the operation's input, read from the job's variables. Its
   * start takes no callback_url (document 3), so nothing calls back about it.
   */
  private static OperationHandler<StartEncode> startEncode(TranscodingClient client) {
    return OperationHandler.create(
        StartEncode.class,
        (request, job) ->
            new JobVariable(
                start(client, request.taskToken(), job, () -> client.startEncode(request)), false),
        (request, job) ->
            startedJob(client, request.taskToken())
                .map(started -> new JobVariable(started, false)));
  }

  /**
   * Sends a start. A task token is single-use (error 16), so a repeated start refused as "already
   * used" may have met the job its earlier attempt set going, whose answer was lost. It may as well
   * have met a token that an earlier attempt's refusal spent without starting anything (a start
   * refused as busy, which document 3 does not say leaves the token unused): a refusal is never
   * taken for a start. So the job is looked up first ({@link #repeatedStart}) and tracked only when
   * the service lists it. On a first start the refusal stays one: the token was used by someone
   * else.
   */
  static StartedJob start(
      TranscodingClient client, String taskToken, JobContext job, Supplier<StartedJob> start) {
    try {
      return start.get();
    } catch (ApiException.Rejected refused) {
      if (!job.repeat() || !TOKEN_ALREADY_USED.equals(refused.code())) {
        throw refused;
      }
      return repeatedStart(client, taskToken);
    }
  }

  /**
   * The job behind a repeated start refused as already used, as {@code /v1/status} lists it. A
   * status in a documented state (or a failure) is the job. A status in another word may be a job
   * (document 3 promises no closed set of words) or a task that has none: it is tracked, and the
   * process's deadline on the wait asks a person when it never moves. No status at all (an error
   * such as 21, or none for the token) means the token was spent and nothing was started: there is
   * nothing to track, and an incident says so rather than an instance checking a job that does not
   * exist. A lookup that fails in passing is tried again.
   */
  static StartedJob repeatedStart(TranscodingClient client, String taskToken) {
    JobStatus status;
    String why;
    try {
      status = statusOf(client, taskToken, null);
      why = "lists no status for it";
    } catch (ApiException.Rejected notListed) {
      status = null;
      why = "answers " + notListed.getMessage() + " [" + notListed.code() + "]";
    } catch (ApiException.Transient fault) {
      throw ApiException.Transient.busy(
          fault.code(),
          "Whether the repeated start's task has a job is not known yet: " + fault.getMessage(),
          fault.retryAfter().orElse(null));
    }
    if (status == null) {
      throw new ApiException.OutcomeUnknown(
          NO_JOB_FOR_TASK,
          "Task "
              + taskToken
              + ": an earlier start was refused (the service was busy) or lost its answer, and"
              + " the repeat was refused as already used (error 16), yet /v1/status "
              + why
              + ": the token was spent and no job is known for the task, so there is nothing to"
              + " track. Check with the service whether a job runs for this task; if none, move"
              + " the instance to a new task (in the process, before the task's creation) or"
              + " cancel it. Retrying this job looks the task up again.");
    }
    if (status.started()) {
      LOG.info(
          "Task {}: the repeated start was refused as already used, and the service lists its job"
              + " ({}); tracking it",
          taskToken,
          status.status());
    } else {
      LOG.warn(
          "Task {}: the repeated start was refused as already used, and the service lists the task"
              + " as '{}', which is no documented job state: tracking it, for the wait's deadline"
              + " to ask a person if it never moves",
          taskToken,
          status.status());
    }
    return new StartedJob(taskToken, status.statusUrl());
  }

  /**
   * The job an earlier start of this task set going, when its answer was lost: a task token is
   * single-use, so starting again would only be refused (error 16) while the job runs. Document 3
   * does not say how {@code /v1/status} answers about a task never started: an error (21, the token
   * unknown to the list; 4, 5, 13...), no status for it, or a status word outside the job states.
   * Only a documented state (or a failure) proves a job; anything else sends the start again, whose
   * refusal as already used has the task looked up once more before anything is tracked (see {@link
   * #start}): an unknown word is never the end of the job. A lookup that fails in passing cannot
   * tell: it is asked again later as a busy service is, keeping the start's retries for the start's
   * own faults.
   */
  static Optional<StartedJob> startedJob(TranscodingClient client, String taskToken) {
    JobStatus status;
    try {
      status = statusOf(client, taskToken, null);
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

  private static JobStatus statusOf(TranscodingClient client, String taskToken, String statusUrl) {
    return read(client, taskToken, statusUrl).byToken().get(taskToken);
  }

  static TranscodingClient.Statuses read(
      TranscodingClient client, String taskToken, String statusUrl) {
    return client.read(statusUrl, List.of(taskToken));
  }

  /**
   * Details without the complete status, which every variable event would copy; {@code status}
   * reads it.
   */
  static ApiException.Rejected jobFailed(String taskToken, JobStatus status) {
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
