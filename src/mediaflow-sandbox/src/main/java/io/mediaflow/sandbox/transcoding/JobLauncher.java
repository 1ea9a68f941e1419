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

  /**
   * The master hosts' common prefix: {@code <prefix><n>/v1/status} is host n's status address, handed out as
   * {@code status_url}.
   */
  String mastersUrl() {
    return sandbox.publicUrl() + "/transcoding/master/";
  }

  Job launch(Tasks.Task task, JobRequest request) {
    Job job = tasks.launch(task, () -> new Job(task.token(), request, mastersUrl()));
    stateMachine.start(job);
    return job;
  }
}
