package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.delete_domain",
    name = "Delivery: delete playback domain",
    description = "Deletes a playback domain (DELETE /v1/domains/<domain_id>). The result is true.",
    resultVariable = "domainDeleted",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
record DeleteDomainInput(
    @NotBlank @ServiceId @Input(label = "Domain id", value = "=domain.id") String domainId) {

  static OperationHandler<DeleteDomainInput> handler(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteDomainInput.class,
        (input, job) -> DeliveryWorkers.done(() -> client.deleteDomain(input.domainId())),
        (input, job) ->
            DeliveryWorkers.gone(
                "domain " + input.domainId(),
                DeliveryWorkers.absent(() -> client.getDomain(input.domainId()))));
  }
}
