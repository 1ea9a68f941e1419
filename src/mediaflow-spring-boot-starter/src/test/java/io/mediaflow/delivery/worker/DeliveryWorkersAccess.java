package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.worker.internal.OperationHandlers;

/** For tests of other packages: the content delivery API's handlers, which are package-private. */
public final class DeliveryWorkersAccess {

  private DeliveryWorkersAccess() {}

  public static OperationHandlers workers(
      DeliveryClient client, ManagedSigningKeys signingKeys, SignedUrls signedUrls) {
    return new DeliveryWorkers(client, signingKeys, signedUrls);
  }
}
