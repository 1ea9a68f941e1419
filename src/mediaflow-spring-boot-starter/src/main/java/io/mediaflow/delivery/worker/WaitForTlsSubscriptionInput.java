package io.mediaflow.delivery.worker;

import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;

@Operation(
    type = "mediaflow.delivery.wait_for_tls_subscription",
    name = "Delivery: wait until the certificate is issued",
    description =
        "Checks the TLS subscription with a growing pause between checks, holding no thread, until it is issued (or renewing: the certificate is in place); the result is the subscription. TLS_FAILED when the service fails it (errorDetails.status); WAIT_TIMEOUT when the timeout passes first, e.g. because the CNAME record is missing.",
    resultVariable = "tlsSubscription",
    retries = 10,
    errors = {"TLS_FAILED", "WAIT_TIMEOUT", "NOT_FOUND"})
record WaitForTlsSubscriptionInput(
    @NotBlank
        @Input(
            label = "TLS subscription id",
            description =
                "The tls_subscription_id (not the id): list answers and the create operation's result carry it",
            value = "=tlsSubscription.tls_subscription_id")
        String tlsSubscriptionId,
    @Input(label = "Timeout", description = "ISO-8601 duration, e.g. PT24H", value = "PT24H")
        Duration timeout)
    implements WaitInput {}
