package io.mediaflow.usertask;

import io.camunda.client.annotation.JobWorker;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.engine.UserTasks;
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
 * and held here until someone completes it through the task API. A held job is locked for ten minutes; when that
 * passes it is activated again with fresh variables, so the list never goes stale for long and a restart loses
 * nothing the engine does not still have.
 */
@Component
@ConditionalOnProperty(name = "mediaflow.engine.job-based-user-tasks", havingValue = "true", matchIfMissing = true)
public class OpenUserTasks {

  private final Map<Long, ActivatedJob> open = new ConcurrentHashMap<>();

  @JobWorker(type = UserTasks.JOB_TYPE, autoComplete = false, timeout = 600_000, fetchAllVariables = true, maxJobsActive = 256)
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

  public Optional<ActivatedJob> get(long key) {
    return Optional.ofNullable(open.get(key)).filter(OpenUserTasks::held);
  }

  /** Forgets a task once it was completed, or once the engine no longer knows it. */
  public void forget(long key) {
    open.remove(key);
  }

  private static boolean held(ActivatedJob job) {
    return Instant.ofEpochMilli(job.getDeadline()).isAfter(Instant.now());
  }
}
