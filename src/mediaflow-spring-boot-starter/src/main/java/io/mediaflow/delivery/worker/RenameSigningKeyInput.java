package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

@Operation(
    type = "mediaflow.delivery.rename_signing_key",
    name = "Delivery: rename signing key",
    description =
        "Changes a signing key's name, the only thing that can change (PUT /v1/signing-keys/<signing_key_id>).",
    resultVariable = "signingKey",
    errors = {"NOT_FOUND", "BAD_REQUEST", "FAILED"})
record RenameSigningKeyInput(
    @NotBlank @ServiceId @Input(label = "Signing key id", value = "=signingKey.id")
        String signingKeyId,
    @NotBlank @Size(max = 255, message = "must be at most {max} characters") @Input(label = "Name")
        String name) {

  static OperationHandler<RenameSigningKeyInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        RenameSigningKeyInput.class,
        input -> client.renameSigningKey(input.signingKeyId(), input.name()));
  }
}
