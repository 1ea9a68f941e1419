package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.get_domain",
    name = "Delivery: get playback domain",
    description = "Reads one playback domain (GET /v1/domains/<domain_id>).",
    resultVariable = "domain",
    errors = {"NOT_FOUND"})
record GetDomainInput(
    @NotBlank @ServiceId @Input(label = "Domain id", value = "=domain.id") String domainId) {

  static OperationHandler<GetDomainInput> handler(DeliveryClient client) {
    return OperationHandler.call(GetDomainInput.class, input -> client.getDomain(input.domainId()));
  }
}
