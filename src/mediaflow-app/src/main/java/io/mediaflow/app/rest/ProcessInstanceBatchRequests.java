package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.ProcessInstanceMigrationBatchOperationPlan;
import io.camunda.client.protocol.rest.ProcessInstanceModificationMoveBatchOperationInstruction;
import java.util.List;
import javax.annotation.Nonnull;

/**
 * The requests of the batch operations over process instances, as the specification names them.
 * Records rather than the classes camunda-client-java generates, for their {@code filter} only: the
 * generated {@code ProcessInstanceFilter} knows the conditions' object form alone ({@code {"$eq":
 * "x"}}), not the plain value the specification also allows ({@code "x"}), and the filter is the
 * process instance search's, which reads and checks it as it reads a search's. The rest is the
 * generated model.
 */
final class ProcessInstanceBatchRequests {

  private ProcessInstanceBatchRequests() {}

  record ProcessInstanceCancellationBatchOperationRequest(@Nonnull ObjectNode filter) {}

  record ProcessInstanceIncidentResolutionBatchOperationRequest(@Nonnull ObjectNode filter) {}

  record ProcessInstanceMigrationBatchOperationRequest(
      @Nonnull ObjectNode filter,
      @Nonnull ProcessInstanceMigrationBatchOperationPlan migrationPlan) {}

  record ProcessInstanceModificationBatchOperationRequest(
      @Nonnull ObjectNode filter,
      @Nonnull List<ProcessInstanceModificationMoveBatchOperationInstruction> moveInstructions) {}
}
