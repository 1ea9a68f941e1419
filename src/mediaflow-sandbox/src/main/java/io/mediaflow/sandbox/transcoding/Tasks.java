package io.mediaflow.sandbox.transcoding;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * The tasks of {@code /v1/create_task}: each task token starts at most one job (error 16 for a second start), and
 * at most {@code max-queued-tasks} started jobs may be unfinished at once (error 22).
 */
@Component
class Tasks {

  static final class Task {
    private final String token;
    // Guarded by Tasks.this: set once by the start that wins.
    private Job job;

    Task(String token) {
      this.token = token;
    }

    String token() {
      return token;
    }

    synchronized Optional<Job> job() {
      return Optional.ofNullable(job);
    }
  }

  private final Map<String, Task> tasks = new ConcurrentHashMap<>();
  private final SandboxTranscodingProperties properties;
  private int unfinished;

  Tasks(SandboxTranscodingProperties properties) {
    this.properties = properties;
  }

  Task create() {
    var task = new Task(Tokens.random());
    tasks.put(task.token(), task);
    return task;
  }

  Optional<Task> find(String token) {
    return token == null ? Optional.empty() : Optional.ofNullable(tasks.get(token));
  }

  /** The task of {@code token} in a start request: error 4 when malformed, 5 when unknown, 16 when used. */
  Task forStart(String token) {
    Task task = find(Tokens.requireWellFormed(token, "task_token"))
        .orElseThrow(() -> new TranscodingError(TranscodingError.TOKEN_NOT_FOUND, "Task token not found."));
    if (task.job().isPresent()) {
      throw alreadyUsed();
    }
    return task;
  }

  /**
   * Starts {@code task}'s job unless the task was started meanwhile (16) or the queue limit is reached (22).
   * A refused start leaves the task unused, so the caller may start it again later.
   */
  Job launch(Task task, Supplier<Job> job) {
    synchronized (this) {
      synchronized (task) {
        if (task.job != null) {
          throw alreadyUsed();
        }
        if (unfinished >= properties.maxQueuedTasks()) {
          throw new TranscodingError(TranscodingError.LIMIT_EXCEEDED,
              "Limit of simultaneously queued tasks reached (" + properties.maxQueuedTasks()
                  + "); start again when a task has finished.");
        }
        task.job = job.get();
        unfinished++;
        return task.job;
      }
    }
  }

  /** A started job reached {@code completed} or {@code error}. */
  synchronized void finished() {
    unfinished--;
  }

  private static TranscodingError alreadyUsed() {
    return new TranscodingError(TranscodingError.TOKEN_ALREADY_USED,
        "Task token already used: create a new task for another start.");
  }
}
