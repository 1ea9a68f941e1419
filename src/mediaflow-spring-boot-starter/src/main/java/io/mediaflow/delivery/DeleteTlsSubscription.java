package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code DELETE /v1/tls/subscriptions/<tls_subscription_id>}, by the same identifier as {@link
 * GetTlsSubscription}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.delete_tls_subscription",
    name = "Delivery: delete TLS subscription",
    description =
        "Removes a TLS subscription (DELETE /v1/tls/subscriptions/<tls_subscription_id>). One removed before the month ends is not billed for that month. The result is true.",
    resultVariable = "tlsSubscriptionDeleted",
    sideEffect = true,
    errors = {"NOT_FOUND", "FAILED"})
public record DeleteTlsSubscription(
    @NotBlank(message = TlsSubscription.ID_REQUIRED)
        @Input(
            label = "TLS subscription id",
            description =
                "The tls_subscription_id (not the id): list answers and the create operation's result carry it",
            value = "=tlsSubscription.tls_subscription_id")
        String tlsSubscriptionId) {}
