package io.mediaflow.delivery.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.TlsSubscription;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import io.mediaflow.worker.internal.Poll;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How each operation of the content delivery API (document 1), and the issuing of signed URLs, is
 * carried out; {@link OperationWorkers} opens the workers. Deletes, sets and purges answer true:
 * the service's {@code {status: ok}}; its {@code failed} is a BPMN error, except on a delete
 * repeated after an attempt that may have removed the thing already (see {@link #gone}).
 */
final class DeliveryWorkers implements OperationHandlers {

  private final DeliveryClient client;
  private final ManagedSigningKeys signingKeys;
  private final SignedUrls signedUrls;

  DeliveryWorkers(DeliveryClient client, ManagedSigningKeys signingKeys, SignedUrls signedUrls) {
    this.client = client;
    this.signingKeys = signingKeys;
    this.signedUrls = signedUrls;
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(
        OperationHandler.create(
            CreateDomainInput.class,
            (input, job) -> client.createDomain(input.name(), input.type(), input.bucketName()),
            (input, job) -> findCreatedDomain(input)),
        OperationHandler.call(ListDomainsInput.class, input -> client.listDomains(input.type())),
        OperationHandler.call(GetDomainInput.class, input -> client.getDomain(input.domainId())),
        OperationHandler.call(
            UpdateDomainInput.class,
            input -> client.updateDomainBucket(input.domainId(), input.bucketName())),
        OperationHandler.delete(
            DeleteDomainInput.class,
            (input, job) -> done(() -> client.deleteDomain(input.domainId())),
            (input, job) ->
                gone(
                    "domain " + input.domainId(),
                    absent(() -> client.getDomain(input.domainId())))),
        OperationHandler.create(
            CreateTlsSubscriptionInput.class,
            (input, job) -> client.createTlsSubscription(input.domainId()),
            (input, job) -> findCreatedTlsSubscription(input.domainId())),
        OperationHandler.call(
            ListTlsSubscriptionsInput.class, input -> client.listTlsSubscriptions()),
        OperationHandler.call(
            GetTlsSubscriptionInput.class,
            input -> client.getTlsSubscription(input.tlsSubscriptionId())),
        OperationHandler.delete(
            DeleteTlsSubscriptionInput.class,
            (input, job) -> done(() -> client.deleteTlsSubscription(input.tlsSubscriptionId())),
            (input, job) ->
                gone(
                    "TLS subscription " + input.tlsSubscriptionId(),
                    absent(() -> client.getTlsSubscription(input.tlsSubscriptionId())))),
        OperationHandler.poll(WaitForTlsSubscriptionInput.class, this::waitForTlsSubscription),
        // The private key is kept before the job completes, so a retry neither creates nor loses
        // one.
        OperationHandler.create(
            CreateSigningKeyInput.class,
            (input, job) ->
                signingKeys.alike(
                    input.domainId(), input.streamId(), input.bucketName(), input.name()),
            (input, job) ->
                signingKeys.create(
                    input.domainId(), input.streamId(), input.bucketName(), input.name()),
            (input, job) ->
                signingKeys.findCreated(
                    input.domainId(),
                    input.streamId(),
                    input.bucketName(),
                    input.name(),
                    job.before())),
        OperationHandler.call(ListSigningKeysInput.class, input -> client.listSigningKeys()),
        OperationHandler.call(
            GetSigningKeyInput.class, input -> client.getSigningKey(input.signingKeyId())),
        OperationHandler.call(
            RenameSigningKeyInput.class,
            input -> client.renameSigningKey(input.signingKeyId(), input.name())),
        OperationHandler.delete(
            DeleteSigningKeyInput.class,
            (input, job) -> done(() -> signingKeys.delete(input.signingKeyId())),
            (input, job) ->
                gone(
                    "signing key " + input.signingKeyId(),
                    absent(() -> client.getSigningKey(input.signingKeyId())))),
        OperationHandler.call(
            SetBucketPolicyInput.class,
            input -> {
              client.setBucketPolicy(input.bucketName(), input.policy());
              return input.policy().value();
            }),
        OperationHandler.call(
            SetCorsInput.class,
            input -> {
              client.setCors(input.bucketName(), input.policy());
              return input.policy();
            }),
        OperationHandler.call(GetCorsInput.class, input -> client.getCors(input.bucketName())),
        OperationHandler.delete(
            DeleteCorsInput.class,
            (input, job) -> done(() -> client.deleteCors(input.bucketName())),
            (input, job) ->
                gone(
                    "the CORS policy of bucket " + input.bucketName(),
                    client.getCors(input.bucketName()).headers().isEmpty())),
        OperationHandler.delete(
            DeleteCorsHeaderInput.class,
            (input, job) ->
                done(() -> client.deleteCorsHeader(input.bucketName(), input.headerName())),
            (input, job) ->
                gone(
                    "CORS header " + input.headerName() + " of bucket " + input.bucketName(),
                    client.getCors(input.bucketName()).headers().keySet().stream()
                        .noneMatch(header -> header.equalsIgnoreCase(input.headerName())))),
        OperationHandler.call(
            PurgeCacheInput.class,
            input ->
                done(
                    () -> {
                      if (input.path() == null || input.path().isBlank()) {
                        client.purgeCache(input.bucketName());
                      } else {
                        client.purgeCache(input.bucketName(), input.path());
                      }
                    })),
        OperationHandler.call(SignUrlsInput.class, input -> signedUrls.sign(input.request())),
        OperationHandler.call(
            SignPlaybackUrlsInput.class, input -> signedUrls.signPlayback(input.request())));
  }

  /**
   * The domain an earlier attempt created: a domain name exists at most once in an account (a
   * second create is refused with CONFLICT), and a domain has no field a marker could go in, so the
   * domain of this name, type and bucket is the one the lost answer described.
   */
  private Optional<Domain> findCreatedDomain(CreateDomainInput input) {
    return client.listDomains(input.type()).stream()
        .filter(domain -> input.name().equalsIgnoreCase(domain.domainName()))
        .filter(domain -> Objects.equals(input.bucketName(), domain.bucketName()))
        .findFirst();
  }

  /**
   * The subscription an earlier attempt created: a domain has one at most (a second create is
   * refused with CONFLICT). Its CNAME instruction came only in the lost answer, and without it the
   * domain owner cannot let the certificate be issued; so a pending one that does not carry it is
   * deleted (not billed: removed before the month's end) and empty returned, and the create sent
   * again answers with the instruction. One further on needs no instruction any more and is
   * returned as it is.
   */
  private Optional<TlsSubscription> findCreatedTlsSubscription(String domainId) {
    Optional<TlsSubscription> found = client.findActiveTlsSubscription(domainId);
    if (found.isEmpty()
        || found.get().message() != null
        || !TlsSubscription.PENDING.equals(found.get().status())) {
      return found;
    }
    client.deleteTlsSubscription(found.get().tlsSubscriptionId());
    return Optional.empty();
  }

  private Poll<TlsSubscription> waitForTlsSubscription(WaitForTlsSubscriptionInput input) {
    TlsSubscription subscription = client.getTlsSubscription(input.tlsSubscriptionId());
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

  /**
   * A delete repeated after an attempt that may have taken effect (a lost answer, a worker that
   * died), answered "not found" or {@code {status: "failed"}}: done (true) when a read shows what
   * it removes is gone; otherwise the service refused this delete, and the job fails as it would
   * have.
   */
  private static boolean gone(String what, boolean gone) {
    if (!gone) {
      throw new ApiException.Rejected(
          "FAILED", "The delete of " + what + " was refused, and it is still there", Map.of());
    }
    return true;
  }

  /** Whether the read answers "not found". */
  private static boolean absent(Runnable read) {
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
  private static boolean done(Runnable call) {
    call.run();
    return true;
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
