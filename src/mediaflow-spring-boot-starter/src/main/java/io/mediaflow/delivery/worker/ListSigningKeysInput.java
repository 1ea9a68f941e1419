package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;

@Operation(
    type = "mediaflow.delivery.list_signing_keys",
    name = "Delivery: list signing keys",
    description = "Lists the account's signing keys (GET /v1/signing-keys), without private keys.",
    resultVariable = "signingKeys")
record ListSigningKeysInput() {

  static OperationHandler<ListSigningKeysInput> handler(DeliveryClient client) {
    return OperationHandler.call(ListSigningKeysInput.class, input -> client.listSigningKeys());
  }
}
