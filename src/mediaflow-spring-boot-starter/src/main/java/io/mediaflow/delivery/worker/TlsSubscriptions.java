package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.CreateTlsSubscription;
import io.mediaflow.delivery.DeleteTlsSubscription;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.GetTlsSubscription;
import io.mediaflow.delivery.TlsSubscription;
import io.mediaflow.worker.internal.OperationHandler;
import java.util.Optional;

/**
 * How the TLS subscription operations (document 1, section 4, "TLS subscriptions") are carried out:
 * each job's variables are read into the operation's request record, which the client sends. The
 * list and the wait take inputs of their own ({@link ListTlsSubscriptionsInput}, {@link
 * WaitForTlsSubscriptionInput}).
 */
final class TlsSubscriptions {

  private TlsSubscriptions() {}

  static OperationHandler<CreateTlsSubscription> create(DeliveryClient client) {
    return OperationHandler.create(
        CreateTlsSubscription.class,
        (request, job) -> client.createTlsSubscription(request),
        (request, job) -> findCreated(client, request.domainId()));
  }

  static OperationHandler<GetTlsSubscription> get(DeliveryClient client) {
    return OperationHandler.call(
        GetTlsSubscription.class, request -> client.getTlsSubscription(request));
  }

  static OperationHandler<DeleteTlsSubscription> delete(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteTlsSubscription.class,
        (request, job) -> DeliveryWorkers.done(() -> client.deleteTlsSubscription(request)),
        (request, job) ->
            DeliveryWorkers.gone(
                "TLS subscription " + request.tlsSubscriptionId(),
                DeliveryWorkers.absent(
                    () ->
                        client.getTlsSubscription(
                            new GetTlsSubscription(request.tlsSubscriptionId())))));
  }

  /**
   * The subscription an earlier attempt created: a domain has one at most (a second create is
   * refused with CONFLICT). Its CNAME instruction came only in the lost answer, and without it the
   * domain owner cannot let the certificate be issued; so a pending one that does not carry it is
   * deleted (not billed: removed before the month's end) and empty returned, and the create sent
   * again answers with the instruction. One further on needs no instruction any more and is
   * returned as it is.
   */
  private static Optional<TlsSubscription> findCreated(DeliveryClient client, String domainId) {
    Optional<TlsSubscription> found = client.findActiveTlsSubscription(domainId);
    if (found.isEmpty()
        || found.get().message() != null
        || !TlsSubscription.PENDING.equals(found.get().status())) {
      return found;
    }
    client.deleteTlsSubscription(new DeleteTlsSubscription(found.get().tlsSubscriptionId()));
    return Optional.empty();
  }
}
