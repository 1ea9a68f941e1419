package io.mediaflow.delivery.worker;

import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.delivery.TlsSubscription;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import java.util.Optional;

@Operation(
    type = "mediaflow.delivery.create_tls_subscription",
    name = "Delivery: create TLS subscription",
    description =
        "Orders an automatically managed certificate for a playback domain (POST /v1/tls/subscriptions). The result is pending, and its message tells the domain owner which CNAME record to create; the certificate is issued once the record is in place. Billed monthly while active on a month's last day.",
    resultVariable = "tlsSubscription",
    sideEffect = true,
    errors = {"NOT_FOUND", "CONFLICT", "BAD_REQUEST", "FAILED"})
record CreateTlsSubscriptionInput(
    @NotBlank @ServiceId @Input(label = "Domain id", value = "=domain.id") String domainId) {

  static OperationHandler<CreateTlsSubscriptionInput> handler(DeliveryClient client) {
    return OperationHandler.create(
        CreateTlsSubscriptionInput.class,
        (input, job) -> client.createTlsSubscription(input.domainId()),
        (input, job) -> findCreatedTlsSubscription(client, input.domainId()));
  }

  /**
   * The subscription an earlier attempt created: a domain has one at most (a second create is
   * refused with CONFLICT). Its CNAME instruction came only in the lost answer, and without it the
   * domain owner cannot let the certificate be issued; so a pending one that does not carry it is
   * deleted (not billed: removed before the month's end) and empty returned, and the create sent
   * again answers with the instruction. One further on needs no instruction any more and is
   * returned as it is.
   */
  private static Optional<TlsSubscription> findCreatedTlsSubscription(
      DeliveryClient client, String domainId) {
    Optional<TlsSubscription> found = client.findActiveTlsSubscription(domainId);
    if (found.isEmpty()
        || found.get().message() != null
        || !TlsSubscription.PENDING.equals(found.get().status())) {
      return found;
    }
    client.deleteTlsSubscription(found.get().tlsSubscriptionId());
    return Optional.empty();
  }
}
