package io.mediaflow.worker.internal;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.worker.DefaultWorkerProperties;
import io.mediaflow.worker.WorkerProperties;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.mockito.Mockito;

/**
 * A job as the client hands it to a worker (key 7 of instance 42, three retries, no headers), and a
 * runner of the default worker settings to run it in a scope.
 */
public final class ActivatedJobs {

  private ActivatedJobs() {}

  /** A runner that opens {@code scopes} around each job and counts nothing else. */
  static JobRunner runnerIn(JobScopes scopes) {
    WorkerProperties properties = DefaultWorkerProperties.get();
    return new JobRunner(
        mock(CamundaClient.class, Mockito.RETURNS_DEEP_STUBS),
        new InputReader(name -> Optional.empty()),
        new JobStates(properties),
        properties,
        scopes,
        MediaflowMetrics.NONE);
  }

  public static ActivatedJob of(
      String type, String bpmnProcessId, String elementId, Map<String, Object> variables) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getType()).thenReturn(type);
    when(job.getKey()).thenReturn(7L);
    when(job.getProcessInstanceKey()).thenReturn(42L);
    when(job.getElementInstanceKey()).thenReturn(43L);
    when(job.getBpmnProcessId()).thenReturn(bpmnProcessId);
    when(job.getElementId()).thenReturn(elementId);
    when(job.getRetries()).thenReturn(3);
    when(job.getVariablesAsMap()).thenReturn(new HashMap<>(variables));
    when(job.getCustomHeaders()).thenReturn(Map.of());
    return job;
  }
}
