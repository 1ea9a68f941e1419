package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.delete_tls_subscription",
    name = "Delivery: delete TLS subscription",
    description =
        "Removes a TLS subscription (DELETE /v1/tls/subscriptions/<tls_subscription_id>). One removed before the month ends is not billed for that month. The result is true.",
    resultVariable = "tlsSubscriptionDeleted",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
record DeleteTlsSubscriptionInput(
    @NotBlank
        @Input(
            label = "TLS subscription id",
            description =
                "The tls_subscription_id (not the id): list answers and the create operation's result carry it",
            value = "=tlsSubscription.tls_subscription_id")
        String tlsSubscriptionId) {

  static OperationHandler<DeleteTlsSubscriptionInput> handler(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteTlsSubscriptionInput.class,
        (input, job) ->
            DeliveryWorkers.done(() -> client.deleteTlsSubscription(input.tlsSubscriptionId())),
        (input, job) ->
            DeliveryWorkers.gone(
                "TLS subscription " + input.tlsSubscriptionId(),
                DeliveryWorkers.absent(
                    () -> client.getTlsSubscription(input.tlsSubscriptionId()))));
  }
}
