package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The tasks of {@code /v1/create_task}: each task token starts at most one job (error 16 for a
 * second start), and at most {@code max-queued-tasks} started jobs may be unfinished at once (error
 * 22).
 *
 * <p>Tasks and their jobs are kept in the sandbox's database, each job's status written at every
 * change. After a restart a finished job answers as before, and the jobs that were unfinished are
 * {@link #interrupted()}: they count as unfinished until they have started over and ended.
 */
@Component
class Tasks {

  static final class Task {
    private final String token;
    // Guarded by Tasks.this: set once by the start that wins.
    private Job job;
    // Guarded by Tasks.this: a refused start spent the token (variation
    // refused-start-spends-token).
    private boolean spent;

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

  /**
   * A task as the database keeps it: its job, null until it is started, and whether a refused start
   * spent its token (null: not).
   */
  record Saved(Job.Saved job, Boolean spent) {
    Saved(Job.Saved job) {
      this(job, null);
    }
  }

  private final Map<String, Task> tasks = new ConcurrentHashMap<>();
  private final SandboxTranscodingProperties properties;
  private final SandboxProperties sandbox;
  private final SandboxProfile profile;
  private final Table<Saved> table;
  private final List<Job> interrupted = new ArrayList<>();
  private int unfinished;

  Tasks(
      SandboxTranscodingProperties properties,
      SandboxProperties sandbox,
      SandboxProfile profile,
      SandboxDatabase database) {
    this.properties = properties;
    this.sandbox = sandbox;
    this.profile = profile;
    this.table = database.table("transcoding_tasks", Saved.class);
    table
        .all()
        .forEach(
            (token, saved) -> {
              var task = new Task(token);
              task.spent = Boolean.TRUE.equals(saved.spent());
              if (saved.job() != null) {
                task.job = Job.restored(token, saved.job(), this::statusUrl, this::keep);
                if (!task.job.state().terminal()) {
                  interrupted.add(task.job);
                  unfinished++;
                }
              }
              tasks.put(token, task);
            });
  }

  /** Master host {@code host}'s status address, handed out as {@code status_url}. */
  String statusUrl(int host) {
    return sandbox.publicUrl() + "/transcoding/master/" + host + "/v1/status";
  }

  Task create() {
    var task = new Task(Tokens.random());
    table.put(task.token(), new Saved(null));
    tasks.put(task.token(), task);
    return task;
  }

  Optional<Task> find(String token) {
    return token == null ? Optional.empty() : Optional.ofNullable(tasks.get(token));
  }

  /**
   * The task of {@code token} in a start request: error 4 when malformed, 5 when unknown, 16 when
   * used.
   */
  Task forStart(String token) {
    Task task =
        find(Tokens.requireWellFormed(token, "task_token"))
            .orElseThrow(
                () ->
                    new TranscodingApiError(
                        TranscodingApiError.TOKEN_NOT_FOUND, "Task token not found."));
    synchronized (this) {
      if (task.job != null || task.spent) {
        throw alreadyUsed();
      }
    }
    return task;
  }

  /**
   * A start of {@code token} was refused as busy (variation refused-start-spends-token): the token
   * is spent, and the task never gets a job.
   */
  synchronized void refusedAsBusy(String token) {
    if (!profile.varies(SandboxProfile.REFUSED_START_SPENDS_TOKEN)) {
      return;
    }
    find(token)
        .filter(task -> task.job == null)
        .ifPresent(
            task -> {
              task.spent = true;
              table.put(task.token(), new Saved(null, true));
            });
  }

  /**
   * Starts {@code task}'s job unless the task was started meanwhile (16) or the queue limit is
   * reached (22). A refused start leaves the task unused, so the caller may start it again later;
   * under the variation refused-start-spends-token, a start refused with 22 spends it.
   */
  Job launch(Task task, JobQuery query, JobRequest request) {
    synchronized (this) {
      synchronized (task) {
        if (task.job != null || task.spent) {
          throw alreadyUsed();
        }
        if (unfinished >= properties.maxQueuedTasks()) {
          refusedAsBusy(task.token());
          throw new TranscodingApiError(
              TranscodingApiError.LIMIT_EXCEEDED,
              "Limit of simultaneously queued tasks reached ("
                  + properties.maxQueuedTasks()
                  + "); start again when a task has finished.");
        }
        var job = new Job(task.token(), query, request, this::statusUrl, this::keep);
        keep(job);
        task.job = job;
        unfinished++;
        return job;
      }
    }
  }

  /** The jobs that were unfinished when the sandbox stopped, as they were then. */
  List<Job> interrupted() {
    return List.copyOf(interrupted);
  }

  /** A started job reached {@code completed} or {@code error}. */
  synchronized void finished() {
    unfinished--;
  }

  private void keep(Job job) {
    table.put(job.taskToken(), new Saved(job.saved()));
  }

  private static TranscodingApiError alreadyUsed() {
    return new TranscodingApiError(
        TranscodingApiError.TOKEN_ALREADY_USED,
        "Task token already used: create a new task for another start.");
  }
}
