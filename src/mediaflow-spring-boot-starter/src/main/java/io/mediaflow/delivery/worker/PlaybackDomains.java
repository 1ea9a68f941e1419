package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.CreateDomain;
import io.mediaflow.delivery.DeleteDomain;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.GetDomain;
import io.mediaflow.delivery.ListDomains;
import io.mediaflow.delivery.UpdateDomain;
import io.mediaflow.worker.internal.OperationHandler;
import java.util.Objects;
import java.util.Optional;

/**
 * How the playback domain operations (document 1, section 4, "Playback domains") are carried out:
 * each job's variables are read into the operation's request record, which the client sends.
 */
final class PlaybackDomains {

  private PlaybackDomains() {}

  static OperationHandler<CreateDomain> create(DeliveryClient client) {
    return OperationHandler.create(
        CreateDomain.class,
        (request, job) -> client.createDomain(request),
        (request, job) -> findCreated(client, request));
  }

  static OperationHandler<ListDomains> list(DeliveryClient client) {
    return OperationHandler.call(ListDomains.class, request -> client.listDomains(request));
  }

  static OperationHandler<GetDomain> get(DeliveryClient client) {
    return OperationHandler.call(GetDomain.class, request -> client.getDomain(request));
  }

  static OperationHandler<UpdateDomain> update(DeliveryClient client) {
    return OperationHandler.call(UpdateDomain.class, request -> client.updateDomain(request));
  }

  static OperationHandler<DeleteDomain> delete(DeliveryClient client) {
    return OperationHandler.delete(
        DeleteDomain.class,
        (request, job) -> DeliveryWorkers.done(() -> client.deleteDomain(request)),
        (request, job) ->
            DeliveryWorkers.gone(
                "domain " + request.domainId(),
                DeliveryWorkers.absent(() -> client.getDomain(new GetDomain(request.domainId())))));
  }

  /**
   * The domain an earlier attempt created: a domain name exists at most once in an account (a
   * second create is refused with CONFLICT), and a domain has no field a marker could go in, so the
   * domain of this name, type and bucket is the one the lost answer described. One that shows no
   * bucket yet is that domain too (document 1 shows {@code bucket_name} only "once set"), and is
   * given its bucket as a create's answer would have been ({@link DeliveryClient#exposing}).
   */
  private static Optional<Domain> findCreated(DeliveryClient client, CreateDomain request) {
    return client.listDomains(new ListDomains(request.type())).stream()
        .filter(domain -> request.name().equalsIgnoreCase(domain.domainName()))
        .filter(
            domain ->
                domain.bucketName() == null
                    || Objects.equals(request.bucketName(), domain.bucketName()))
        .findFirst()
        .map(domain -> client.exposing(domain, request.bucketName()));
  }
}
