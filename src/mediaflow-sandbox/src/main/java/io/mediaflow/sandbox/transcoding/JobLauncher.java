package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.media.MediaPrerequisites;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Starts a validated job on its task, for both start endpoints: the task token is spent only by a
 * start that is accepted; a refused one (validation, queue limit) leaves the task startable. Once
 * the application is up, it starts over the jobs that were unfinished when the sandbox last
 * stopped, so their callback receivers can take the {@code restarted} event. Where the sandbox's
 * FFmpeg cannot run on this machine, a start is refused with error 1 (internal error, which a
 * client retries) naming what is missing, before the task token is spent, rather than failing at
 * its first encode.
 */
@Component
class JobLauncher {

  private final Tasks tasks;
  private final JobStateMachine stateMachine;
  private final MediaPrerequisites media;

  JobLauncher(Tasks tasks, JobStateMachine stateMachine, MediaPrerequisites media) {
    this.tasks = tasks;
    this.stateMachine = stateMachine;
    this.media = media;
  }

  Job launch(Tasks.Task task, JobQuery query) {
    media
        .problem()
        .ifPresent(
            reason -> {
              throw new TranscodingApiError(TranscodingApiError.SERVER_INTERNAL, reason);
            });
    Job job = tasks.launch(task, query, query.request());
    stateMachine.start(job);
    return job;
  }

  @EventListener(ApplicationReadyEvent.class)
  void restartInterrupted() {
    tasks.interrupted().forEach(stateMachine::restart);
  }
}
