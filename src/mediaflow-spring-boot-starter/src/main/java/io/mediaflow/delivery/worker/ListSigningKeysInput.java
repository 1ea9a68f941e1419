package io.mediaflow.delivery.worker;

import io.mediaflow.worker.Operation;

@Operation(
    type = "mediaflow.delivery.list_signing_keys",
    name = "Delivery: list signing keys",
    description = "Lists the account's signing keys (GET /v1/signing-keys), without private keys.",
    resultVariable = "signingKeys")
record ListSigningKeysInput() {}
