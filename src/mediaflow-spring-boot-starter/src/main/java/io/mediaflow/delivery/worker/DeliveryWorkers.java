package io.mediaflow.delivery.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.signing.internal.ContentAddresses;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The operations of the content delivery API (document 1), and the issuing of signed URLs, each
 * carried out as its handler says: one per operation, grouped by the document's resources ({@link
 * PlaybackDomains}, {@link TlsSubscriptions}, {@link SigningKeys}, {@link BucketControls}) for
 * those that read a client's request record, its worker input's {@code handler} for those with
 * inputs of their own (the checks that prove a deliverable among them: {@link
 * CheckBucketPolicyInput}, {@link CheckSignedUrlsInput}, {@link CheckCustomDomainInput}), and
 * {@link SignedUrls}'s for its requests; {@link OperationWorkers} opens the workers. What several
 * of them share is here: deletes, sets and purges answer true (the service's {@code {status: ok}};
 * see {@link #done}); its {@code failed} is a BPMN error, except on a delete repeated after an
 * attempt that may have removed the thing already (see {@link #gone}).
 */
final class DeliveryWorkers implements OperationHandlers {

  private final DeliveryClient client;
  private final ManagedSigningKeys signingKeys;
  private final SignedUrls signedUrls;
  private final ContentAddresses addresses;
  private final ContentEdge edge;

  /** Without the checks' parts, for tests of the other operations. */
  DeliveryWorkers(DeliveryClient client, ManagedSigningKeys signingKeys, SignedUrls signedUrls) {
    this(client, signingKeys, signedUrls, null, null);
  }

  /**
   * @param addresses where the bucket check asks for an object without a token
   * @param edge the CDN edge as viewers reach it, for the checks that prove a deliverable
   */
  DeliveryWorkers(
      DeliveryClient client,
      ManagedSigningKeys signingKeys,
      SignedUrls signedUrls,
      ContentAddresses addresses,
      ContentEdge edge) {
    this.client = client;
    this.signingKeys = signingKeys;
    this.signedUrls = signedUrls;
    this.addresses = addresses;
    this.edge = edge;
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(
        PlaybackDomains.create(client),
        PlaybackDomains.list(client),
        PlaybackDomains.get(client),
        PlaybackDomains.update(client),
        PlaybackDomains.delete(client),
        TlsSubscriptions.create(client),
        ListTlsSubscriptionsInput.handler(client),
        TlsSubscriptions.get(client),
        TlsSubscriptions.delete(client),
        WaitForTlsSubscriptionInput.handler(client),
        SigningKeys.create(signingKeys),
        ListSigningKeysInput.handler(client),
        SigningKeys.get(client),
        SigningKeys.rename(client),
        SigningKeys.delete(client, signingKeys),
        BucketControls.setPolicy(client),
        BucketControls.setCors(client),
        BucketControls.getCors(client),
        BucketControls.deleteCors(client),
        BucketControls.deleteCorsHeader(client),
        BucketControls.purgeCache(client),
        CheckBucketPolicyInput.handler(client, addresses, edge),
        CheckSignedUrlsInput.handler(edge, Clock.systemUTC()),
        CheckCustomDomainInput.handler(client),
        OperationHandler.call(SignedUrls.Request.class, request -> signedUrls.sign(request)),
        OperationHandler.call(
            SignedUrls.PlaybackRequest.class, request -> signedUrls.signPlayback(request)));
  }

  /**
   * A delete repeated after an attempt that may have taken effect (a lost answer, a worker that
   * died), answered "not found" or {@code {status: "failed"}}: done (true) when a read shows what
   * it removes is gone; otherwise the service refused this delete, and the job fails as it would
   * have.
   */
  static boolean gone(String what, boolean gone) {
    if (!gone) {
      throw new ApiException.Rejected(
          "FAILED", "The delete of " + what + " was refused, and it is still there", Map.of());
    }
    return true;
  }

  /** Whether the read answers "not found". */
  static boolean absent(Runnable read) {
    try {
      read.run();
      return false;
    } catch (ApiException.Rejected rejected) {
      if ("NOT_FOUND".equals(rejected.code())) {
        return true;
      }
      throw rejected;
    }
  }

  /** Deletes and the like answer true once the service said ok. */
  static boolean done(Runnable call) {
    call.run();
    return true;
  }
}
