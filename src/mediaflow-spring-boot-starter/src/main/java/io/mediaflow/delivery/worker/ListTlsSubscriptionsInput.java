package io.mediaflow.delivery.worker;

import io.mediaflow.worker.Operation;

@Operation(
    type = "mediaflow.delivery.list_tls_subscriptions",
    name = "Delivery: list TLS subscriptions",
    description =
        "Lists the account's TLS subscriptions (GET /v1/tls/subscriptions); each also carries its tls_subscription_id.",
    resultVariable = "tlsSubscriptions")
record ListTlsSubscriptionsInput() {}
