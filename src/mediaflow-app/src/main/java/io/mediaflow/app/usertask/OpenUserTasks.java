package io.mediaflow.app.usertask;

import io.camunda.client.annotation.JobWorker;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.app.engine.UserTasks;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * The open user tasks of the embedded default, where no Tasklist exists: every job-based user task is activated
 * and held here until someone completes it through the task API. A held job is locked for 30 seconds; when that
 * passes it is activated again with fresh variables. A task the engine cancelled (its scope ended) is never
 * activated again, so it leaves the list within 30 seconds; a restart loses nothing the engine does not still have.
 * A job's key outlives its locks, so a task can be completed whoever holds it at that moment.
 */
@Component
@ConditionalOnProperty(name = "mediaflow.engine.job-based-user-tasks", havingValue = "true", matchIfMissing = true)
public class OpenUserTasks {

  private final Map<Long, ActivatedJob> open = new ConcurrentHashMap<>();

  @JobWorker(type = UserTasks.JOB_TYPE, autoComplete = false, timeout = 30_000, fetchAllVariables = true, maxJobsActive = 256)
  public void hold(ActivatedJob job) {
    open.put(job.getKey(), job);
  }

  /** The tasks whose lock has not run out, oldest first. */
  public List<ActivatedJob> list() {
    return open.values().stream()
        .filter(OpenUserTasks::held)
        .sorted(Comparator.comparingLong(ActivatedJob::getKey))
        .toList();
  }

  /** A task known here, even between two locks. */
  public Optional<ActivatedJob> get(long key) {
    return Optional.ofNullable(open.get(key));
  }

  /** Forgets a task once it was completed, or once the engine no longer knows it. */
  public void forget(long key) {
    open.remove(key);
  }

  private static boolean held(ActivatedJob job) {
    return Instant.ofEpochMilli(job.getDeadline()).isAfter(Instant.now());
  }
}
