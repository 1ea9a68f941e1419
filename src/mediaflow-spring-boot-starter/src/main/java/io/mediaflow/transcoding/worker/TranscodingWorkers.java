package io.mediaflow.transcoding.worker;

import io.camunda.client.annotation.JobWorker;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.ApiException;
import io.mediaflow.callback.CallbackUrls;
import io.mediaflow.transcoding.JobStatus;
import io.mediaflow.transcoding.Task;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.query.Query;
import io.mediaflow.worker.JobRunner;
import io.mediaflow.worker.Poll;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/** One job worker per operation of the transcoding API (document 3). */
@Component
public class TranscodingWorkers {

  private final JobRunner jobs;
  private final TranscodingClient client;
  private final CallbackUrls callbacks;

  public TranscodingWorkers(JobRunner jobs, TranscodingClient client, CallbackUrls callbacks) {
    this.jobs = jobs;
    this.client = client;
    this.callbacks = callbacks;
  }

  @JobWorker(type = "mediaflow.transcoding.create_task", autoComplete = false, fetchAllVariables = true)
  public void createTask(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, CreateTaskInput.class, input -> client.createTask());
  }

  /** Uploads can take long; the job stays locked to this worker for up to 30 minutes. */
  @JobWorker(type = "mediaflow.transcoding.upload_file", autoComplete = false, fetchAllVariables = true, timeout = 1_800_000)
  public void uploadFile(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, UploadFileInput.class,
        input -> client.uploadFile(new Task(input.taskToken(), input.uploadUrl()), Path.of(input.file())));
  }

  @JobWorker(type = "mediaflow.transcoding.start_encode2", autoComplete = false, fetchAllVariables = true)
  public void startEncode2(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, StartEncode2Input.class,
        input -> client.startEncode2(input.taskToken(), withCallback(input.query(), input.taskToken()), input.payload()));
  }

  @JobWorker(type = "mediaflow.transcoding.start_encode", autoComplete = false, fetchAllVariables = true)
  public void startEncode(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, StartEncodeInput.class, input -> client.startEncode(input.taskToken(), input.presetJob()));
  }

  @JobWorker(type = "mediaflow.transcoding.status", autoComplete = false, fetchAllVariables = true)
  public void status(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, StatusInput.class, input -> client.status(input.statusUrl(), input.taskTokens()));
  }

  @JobWorker(type = "mediaflow.transcoding.check_job", autoComplete = false, fetchAllVariables = true)
  public void checkJob(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, CheckJobInput.class, input -> {
      JobStatus status = statusOf(input.taskToken(), input.statusUrl());
      if (status != null && status.failed()) {
        throw jobFailed(input.taskToken(), status);
      }
      return status;
    });
  }

  @JobWorker(type = "mediaflow.transcoding.wait_for_job", autoComplete = false, fetchAllVariables = true)
  public void waitForJob(JobClient jobClient, ActivatedJob job) {
    jobs.poll(jobClient, job, WaitForJobInput.class, input -> {
      JobStatus status = statusOf(input.taskToken(), input.statusUrl());
      if (status == null) {
        return Poll.pending("not yet listed by the service");
      }
      if (status.failed()) {
        throw jobFailed(input.taskToken(), status);
      }
      if (status.completed()) {
        return Poll.done(status);
      }
      // The next check goes to the last status_url the service returned.
      return status.statusUrl() == null
          ? Poll.pending(status.progress())
          : Poll.pending(status.progress(), Map.of("statusUrl", status.statusUrl()));
    });
  }

  private JobStatus statusOf(String taskToken, String statusUrl) {
    return client.status(statusUrl, List.of(taskToken)).get(taskToken);
  }

  /** The query as given, or with a signed callback URL for this task when the model names none. */
  private Query withCallback(Query query, String taskToken) {
    if (query == null || query.callbackUrl() != null) {
      return query;
    }
    return callbacks.forSubject(CallbackUrls.Kind.TRANSCODING, taskToken).map(query::withCallbackUrl).orElse(query);
  }

  private static ApiException.Rejected jobFailed(String taskToken, JobStatus status) {
    var details = new LinkedHashMap<String, Object>();
    details.put("task_token", taskToken);
    details.put("error_description", status.errorDescription());
    details.put("warnings", status.warnings() == null ? List.of() : status.warnings());
    details.put("status", status);
    return new ApiException.Rejected("JOB_FAILED", "The transcoding job failed: " + status.errorDescription(), details);
  }
}
