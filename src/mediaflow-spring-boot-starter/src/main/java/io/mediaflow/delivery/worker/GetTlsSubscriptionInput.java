package io.mediaflow.delivery.worker;

import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;

@Operation(
    type = "mediaflow.delivery.get_tls_subscription",
    name = "Delivery: get TLS subscription",
    description = "Reads one TLS subscription and its status: pending, processing, issued, renewing or failed (GET /v1/tls/subscriptions/<id>).",
    resultVariable = "tlsSubscription",
    errors = {"NOT_FOUND"})
public record GetTlsSubscriptionInput(
    @Input(required = true, label = "TLS subscription id", value = "=tlsSubscription.id") String tlsSubscriptionId) {}
