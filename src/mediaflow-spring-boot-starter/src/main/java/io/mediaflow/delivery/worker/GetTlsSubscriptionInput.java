package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.get_tls_subscription",
    name = "Delivery: get TLS subscription",
    description =
        "Reads one TLS subscription and its status: pending, processing, issued, renewing or failed (GET /v1/tls/subscriptions/<tls_subscription_id>).",
    resultVariable = "tlsSubscription",
    errors = {"NOT_FOUND"})
record GetTlsSubscriptionInput(
    @NotBlank
        @Input(
            label = "TLS subscription id",
            description =
                "The tls_subscription_id (not the id): list answers and the create operation's result carry it",
            value = "=tlsSubscription.tls_subscription_id")
        String tlsSubscriptionId) {

  static OperationHandler<GetTlsSubscriptionInput> handler(DeliveryClient client) {
    return OperationHandler.call(
        GetTlsSubscriptionInput.class,
        input -> client.getTlsSubscription(input.tlsSubscriptionId()));
  }
}
