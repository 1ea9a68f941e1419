package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.delete_signing_key",
    name = "Delivery: delete signing key",
    description =
        "Deletes a signing key (DELETE /v1/signing-keys/<signing_key_id>): every URL it signed stops working. Its private key is deleted from the application's key store too. The result is true.",
    resultVariable = "signingKeyDeleted",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
record DeleteSigningKeyInput(
    @NotBlank @ServiceId @Input(label = "Signing key id", value = "=signingKey.id")
        String signingKeyId) {

  static OperationHandler<DeleteSigningKeyInput> handler(
      DeliveryClient client, ManagedSigningKeys signingKeys) {
    return OperationHandler.delete(
        DeleteSigningKeyInput.class,
        (input, job) -> DeliveryWorkers.done(() -> signingKeys.delete(input.signingKeyId())),
        (input, job) ->
            DeliveryWorkers.gone(
                "signing key " + input.signingKeyId(),
                DeliveryWorkers.absent(() -> client.getSigningKey(input.signingKeyId()))));
  }
}
