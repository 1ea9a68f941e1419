package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import jakarta.validation.constraints.NotBlank;

/**
 * {@code POST /v1/tls/subscriptions} for a playback domain that exists; the answer's {@code
 * message} is the CNAME instruction for the domain owner.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.create_tls_subscription",
    name = "Delivery: create TLS subscription",
    description =
        "Orders an automatically managed certificate for a playback domain (POST /v1/tls/subscriptions). The result is pending, and its message tells the domain owner which CNAME record to create; the certificate is issued once the record is in place. Billed monthly while active on a month's last day.",
    resultVariable = "tlsSubscription",
    sideEffect = true,
    errors = {"NOT_FOUND", "CONFLICT", "BAD_REQUEST", "FAILED"})
public record CreateTlsSubscription(
    @NotBlank(message = "is required") @ServiceId @Input(label = "Domain id", value = "=domain.id")
        String domainId) {}
