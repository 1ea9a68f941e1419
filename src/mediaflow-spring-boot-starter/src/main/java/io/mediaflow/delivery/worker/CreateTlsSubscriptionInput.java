package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.ServiceId;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import jakarta.validation.constraints.NotBlank;

@Operation(
    type = "mediaflow.delivery.create_tls_subscription",
    name = "Delivery: create TLS subscription",
    description =
        "Orders an automatically managed certificate for a playback domain (POST /v1/tls/subscriptions). The result is pending, and its message tells the domain owner which CNAME record to create; the certificate is issued once the record is in place. Billed monthly while active on a month's last day.",
    resultVariable = "tlsSubscription",
    sideEffect = true,
    errors = {"NOT_FOUND", "CONFLICT", "BAD_REQUEST", "FAILED"})
record CreateTlsSubscriptionInput(
    @NotBlank @ServiceId @Input(label = "Domain id", value = "=domain.id") String domainId) {}
