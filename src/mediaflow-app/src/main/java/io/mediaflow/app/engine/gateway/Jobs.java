package io.mediaflow.app.engine.gateway;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.value.TenantOwned;
import java.util.List;

/**
 * Activated jobs as the gateway hands them to workers, and handing one back when no worker could
 * take it.
 */
final class Jobs {

  private Jobs() {}

  static ActivatedJob activated(long key, JobRecord job) {
    return ActivatedJob.newBuilder()
        .setKey(key)
        .setType(job.getType())
        .setProcessInstanceKey(job.getProcessInstanceKey())
        .setBpmnProcessId(job.getBpmnProcessId())
        .setProcessDefinitionVersion(job.getProcessDefinitionVersion())
        .setProcessDefinitionKey(job.getProcessDefinitionKey())
        .setElementId(job.getElementId())
        .setElementInstanceKey(job.getElementInstanceKey())
        .setCustomHeaders(MsgPackConverter.convertToJson(job.getCustomHeadersBuffer()))
        .setWorker(job.getWorker())
        .setRetries(job.getRetries())
        .setDeadline(job.getDeadline())
        .setVariables(MsgPackConverter.convertToJson(job.getVariablesBuffer()))
        .setTenantId(job.getTenantId())
        .setKind(ActivatedJob.JobKind.valueOf(job.getJobKind().name()))
        .setListenerEventType(
            ActivatedJob.ListenerEventType.valueOf(job.getJobListenerEventType().name()))
        .addAllTags(job.getTags())
        .build();
  }

  /**
   * Makes an activated job that never reached a worker activatable again at once, as a broker does
   * with a job its stream could not deliver, rather than leaving it to its timeout.
   */
  static void yield(CommandLog log, long key, JobRecord job) {
    log.write(key, ValueType.JOB, JobIntent.YIELD, job, CommandLog.NO_REQUEST);
  }

  /**
   * The tenants a worker asked for; none named means the default tenant, as without multi-tenancy.
   */
  static List<String> tenants(List<String> requested) {
    return requested.isEmpty() ? List.of(TenantOwned.DEFAULT_TENANT_IDENTIFIER) : requested;
  }
}
