package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/** {@code GET /v1/signing-keys/<signing_key_id>}: the key, without its private key. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.get_signing_key",
    name = "Delivery: get signing key",
    description =
        "Reads one signing key (GET /v1/signing-keys/<signing_key_id>), without its private key.",
    resultVariable = "signingKey",
    errors = {"NOT_FOUND"})
public record GetSigningKey(
    @NotBlank(message = "is required")
        @ServiceId
        @Input(label = "Signing key id", value = "=signingKey.id")
        String signingKeyId) {}
