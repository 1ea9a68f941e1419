package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;

@Operation(
    type = "mediaflow.delivery.list_tls_subscriptions",
    name = "Delivery: list TLS subscriptions",
    description =
        "Lists the account's TLS subscriptions (GET /v1/tls/subscriptions); each also carries its tls_subscription_id.",
    resultVariable = "tlsSubscriptions")
record ListTlsSubscriptionsInput() {

  static OperationHandler<ListTlsSubscriptionsInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        ListTlsSubscriptionsInput.class, input -> client.listTlsSubscriptions());
  }
}
