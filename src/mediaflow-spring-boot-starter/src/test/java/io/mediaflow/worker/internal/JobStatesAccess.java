package io.mediaflow.worker.internal;

import io.camunda.client.api.response.ActivatedJob;
import java.util.Map;

/**
 * For tests of other packages: the job state a worker would have written, and what a written one
 * holds.
 */
public final class JobStatesAccess {

  private JobStatesAccess() {}

  /** The variable that records {@code result} as the job's successful call. */
  public static Map<String, Object> withResult(JobStates states, ActivatedJob job, Object result) {
    return states.write(job, JobState.NONE.withResult(result));
  }

  /** The result recorded in the job's state variable, or null. */
  public static Object recordedResult(JobStates states, ActivatedJob job) {
    return states.read(job, job.getVariablesAsMap()).result();
  }
}
