package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.get_signing_key",
    name = "Delivery: get signing key",
    description =
        "Reads one signing key (GET /v1/signing-keys/<signing_key_id>), without its private key.",
    resultVariable = "signingKey",
    errors = {"NOT_FOUND"})
record GetSigningKeyInput(
    @NotBlank @ServiceId @Input(label = "Signing key id", value = "=signingKey.id")
        String signingKeyId) {

  static OperationHandler<GetSigningKeyInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        GetSigningKeyInput.class, input -> client.getSigningKey(input.signingKeyId()));
  }
}
