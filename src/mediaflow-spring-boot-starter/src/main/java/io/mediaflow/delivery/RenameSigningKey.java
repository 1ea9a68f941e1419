package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * {@code PUT /v1/signing-keys/<signing_key_id>}: a key's name is the only thing that can change.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.rename_signing_key",
    name = "Delivery: rename signing key",
    description =
        "Changes a signing key's name, the only thing that can change (PUT /v1/signing-keys/<signing_key_id>).",
    resultVariable = "signingKey",
    errors = {"NOT_FOUND", "BAD_REQUEST", "FAILED"})
public record RenameSigningKey(
    @NotBlank(message = "is required")
        @ServiceId
        @Input(label = "Signing key id", value = "=signingKey.id")
        String signingKeyId,
    @NotBlank(message = "is required")
        @Size(max = 255, message = "must be at most {max} characters")
        @Input(label = "Name")
        String name) {}
