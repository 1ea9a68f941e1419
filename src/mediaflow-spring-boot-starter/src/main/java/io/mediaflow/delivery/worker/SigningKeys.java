package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.CreateSigningKey;
import io.mediaflow.delivery.DeleteSigningKey;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.GetSigningKey;
import io.mediaflow.delivery.RenameSigningKey;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.worker.internal.OperationHandler;

/**
 * How the signing key operations (document 1, section 4, "Signing keys") are carried out: each
 * job's variables are read into the operation's request record, which the client sends; a create
 * and a delete go through the key store's {@link ManagedSigningKeys}, which keeps and forgets the
 * private key. The list takes no input ({@link ListSigningKeysInput}).
 */
final class SigningKeys {

  private SigningKeys() {}

  /** The private key is kept before the job completes, so a retry neither creates nor loses one. */
  static OperationHandler<CreateSigningKey> create(ManagedSigningKeys signingKeys) {
    return OperationHandler.create(
        CreateSigningKey.class,
        (request, job) -> signingKeys.alike(request),
        (request, job) -> signingKeys.create(request),
        (request, job) -> signingKeys.findCreated(request, job.before()));
  }

  static OperationHandler<GetSigningKey> get(DeliveryClient client) {
    return OperationHandler.call(GetSigningKey.class, request -> client.getSigningKey(request));
  }

  static OperationHandler<RenameSigningKey> rename(DeliveryClient client) {
    return OperationHandler.call(
        RenameSigningKey.class, request -> client.renameSigningKey(request));
  }

  /** Its private key is forgotten in the key store too. */
  static OperationHandler<DeleteSigningKey> delete(
      DeliveryClient client, ManagedSigningKeys signingKeys) {
    return OperationHandler.delete(
        DeleteSigningKey.class,
        (request, job) -> DeliveryWorkers.done(() -> signingKeys.delete(request)),
        (request, job) ->
            DeliveryWorkers.gone(
                "signing key " + request.signingKeyId(),
                DeliveryWorkers.absent(
                    () -> client.getSigningKey(new GetSigningKey(request.signingKeyId())))));
  }
}
