package io.mediaflow.delivery.worker;

import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;

@Operation(
    type = "mediaflow.delivery.rename_signing_key",
    name = "Delivery: rename signing key",
    description = "Changes a signing key's name, the only thing that can change (PUT /v1/signing-keys/<signing_key_id>).",
    resultVariable = "signingKey",
    errors = {"NOT_FOUND", "BAD_REQUEST", "FAILED"})
public record RenameSigningKeyInput(
    @Input(required = true, label = "Signing key id", value = "=signingKey.id") String signingKeyId,
    @Input(required = true, maxLength = 255, label = "Name") String name) {}
