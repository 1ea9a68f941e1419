package io.mediaflow.sandbox.transcoding;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Starts a validated job on its task, for both start endpoints: the task token is spent only by a
 * start that is accepted; a refused one (validation, queue limit) leaves the task startable. Once
 * the application is up, it starts over the jobs that were unfinished when the sandbox last
 * stopped, so their callback receivers can take the {@code restarted} event.
 */
@Component
class JobLauncher {

  private final Tasks tasks;
  private final JobStateMachine stateMachine;

  JobLauncher(Tasks tasks, JobStateMachine stateMachine) {
    this.tasks = tasks;
    this.stateMachine = stateMachine;
  }

  Job launch(Tasks.Task task, JobQuery query) {
    Job job = tasks.launch(task, query, query.request());
    stateMachine.start(job);
    return job;
  }

  @EventListener(ApplicationReadyEvent.class)
  void restartInterrupted() {
    tasks.interrupted().forEach(stateMachine::restart);
  }
}
