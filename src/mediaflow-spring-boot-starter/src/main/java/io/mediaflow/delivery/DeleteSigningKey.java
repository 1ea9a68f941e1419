package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code DELETE /v1/signing-keys/<signing_key_id>}: every URL signed with the key stops working.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.delete_signing_key",
    name = "Delivery: delete signing key",
    description =
        "Deletes a signing key (DELETE /v1/signing-keys/<signing_key_id>): every URL it signed stops working. Its private key is deleted from the application's key store too. The result is true.",
    resultVariable = "signingKeyDeleted",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
public record DeleteSigningKey(
    @NotBlank(message = "is required")
        @ServiceId
        @Input(label = "Signing key id", value = "=signingKey.id")
        String signingKeyId) {}
