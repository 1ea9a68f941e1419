package io.mediaflow.live.worker;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.exception.JobError;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Keeps what a wait needs for its next check (checks so far, when the wait began) as local variables of the job's
 * element instance. {@code JobRunner.poll} hands them to the engine with the failed job, which a Camunda cluster
 * stores, but the in-memory engine of the embedded default drops (its gateway ignores a fail command's variables):
 * there a wait would never reach its timeout, and its pause would never grow. Setting them locally before the job
 * fails works on both. Belongs in {@code JobRunner} for every wait; kept here until it is.
 */
@Component
class WaitState {

  private final CamundaClient camunda;

  WaitState(CamundaClient camunda) {
    this.camunda = camunda;
  }

  Map<String, Object> kept(ActivatedJob job, Supplier<Map<String, Object>> check) {
    try {
      return check.get();
    } catch (JobError stillWaiting) {
      if (stillWaiting.getVariables() instanceof Map<?, ?> state && !state.isEmpty()) {
        camunda.newSetVariablesCommand(job.getElementInstanceKey()).variables(state).local(true).send().join();
      }
      throw stillWaiting;
    }
  }
}
