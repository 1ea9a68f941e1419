package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.ServiceId;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
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
        String signingKeyId) {}
