package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code GET /v1/tls/subscriptions/<tls_subscription_id>}, by the identifier list answers carry
 * (and {@link DeliveryClient#createTlsSubscription} adds), distinct from the subscription's {@code
 * id}, in whatever form the service gives it.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.get_tls_subscription",
    name = "Delivery: get TLS subscription",
    description =
        "Reads one TLS subscription and its status: pending, processing, issued, renewing or failed (GET /v1/tls/subscriptions/<tls_subscription_id>).",
    resultVariable = "tlsSubscription",
    errors = {"NOT_FOUND"})
public record GetTlsSubscription(
    @NotBlank(message = TlsSubscription.ID_REQUIRED)
        @Input(
            label = "TLS subscription id",
            description =
                "The tls_subscription_id (not the id): list answers and the create operation's result carry it",
            value = "=tlsSubscription.tls_subscription_id")
        String tlsSubscriptionId) {}
