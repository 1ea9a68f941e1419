package io.mediaflow.delivery.worker;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.GetTlsSubscription;
import io.mediaflow.delivery.TlsSubscription;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.Poll;
import io.mediaflow.worker.internal.WaitInput;
import jakarta.validation.Valid;
import java.time.Duration;
import java.util.LinkedHashMap;

@Operation(
    type = "mediaflow.delivery.wait_for_tls_subscription",
    name = "Delivery: wait until the certificate is issued",
    description =
        "Checks the TLS subscription with a growing pause between checks, holding no thread, until it is issued (or renewing: the certificate is in place); the result is the subscription. TLS_FAILED when the service fails it (errorDetails.status); WAIT_TIMEOUT when the timeout passes first, e.g. because the CNAME record is missing.",
    resultVariable = "tlsSubscription",
    retries = 10,
    errors = {"TLS_FAILED", "WAIT_TIMEOUT", "NOT_FOUND"})
/**
 * The check the wait repeats, and how long it may go on.
 *
 * @param request the subscription to read, by its {@code tls_subscription_id}
 */
record WaitForTlsSubscriptionInput(
    @JsonUnwrapped @Valid GetTlsSubscription request,
    @Input(label = "Timeout", description = "ISO-8601 duration, e.g. PT24H", value = "PT24H")
        Duration timeout)
    implements WaitInput {

  static OperationHandler<WaitForTlsSubscriptionInput> handler(DeliveryClient client) {
    return OperationHandler.poll(
        WaitForTlsSubscriptionInput.class, input -> waitForTlsSubscription(client, input));
  }

  private static Poll<TlsSubscription> waitForTlsSubscription(
      DeliveryClient client, WaitForTlsSubscriptionInput input) {
    TlsSubscription subscription = client.getTlsSubscription(input.request());
    if (subscription.hasCertificate()) {
      return Poll.done(subscription);
    }
    if (subscription.failed()) {
      throw tlsFailed(subscription);
    }
    return Poll.pending(
        TlsSubscription.PENDING.equals(subscription.status())
            ? "pending, waiting for the CNAME record"
            : subscription.status() + ", the certificate is being issued");
  }

  private static ApiException.Rejected tlsFailed(TlsSubscription subscription) {
    var details = new LinkedHashMap<String, Object>();
    details.put("id", subscription.id());
    details.put("domain_id", subscription.domainId());
    details.put("status", subscription.status());
    return new ApiException.Rejected(
        "TLS_FAILED",
        "The TLS subscription "
            + subscription.id()
            + " failed: the"
            + " service could not verify the domain. Check that the CNAME record its instruction named exists and points"
            + " to the target it named, then try again with a new subscription.",
        details);
  }
}
