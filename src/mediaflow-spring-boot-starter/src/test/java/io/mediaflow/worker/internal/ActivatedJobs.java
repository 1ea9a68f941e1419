package io.mediaflow.worker.internal;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.api.response.ActivatedJob;
import java.util.HashMap;
import java.util.Map;

/** A job as the client hands it to a worker: key 7 of instance 42, three retries, no headers. */
public final class ActivatedJobs {

  private ActivatedJobs() {}

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
