package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxProperties;
import org.springframework.stereotype.Component;

/**
 * Starts a validated job on its task, for both start endpoints: the task token is spent only by a start that is
 * accepted; a refused one (validation, queue limit) leaves the task startable.
 */
@Component
class JobLauncher {

  private final Tasks tasks;
  private final JobStateMachine stateMachine;
  private final SandboxProperties sandbox;

  JobLauncher(Tasks tasks, JobStateMachine stateMachine, SandboxProperties sandbox) {
    this.tasks = tasks;
    this.stateMachine = stateMachine;
    this.sandbox = sandbox;
  }

  /** Master host {@code host}'s status address, handed out as {@code status_url}. */
  String statusUrl(int host) {
    return sandbox.publicUrl() + "/transcoding/master/" + host + "/v1/status";
  }

  Job launch(Tasks.Task task, JobRequest request) {
    Job job = tasks.launch(task, () -> new Job(task.token(), request, this::statusUrl));
    stateMachine.start(job);
    return job;
  }
}
