package io.mediaflow.delivery.worker;

import io.camunda.client.annotation.JobWorker;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.TlsSubscription;
import io.mediaflow.delivery.signing.ManagedSigningKeys;
import io.mediaflow.delivery.signing.SignedUrls;
import io.mediaflow.worker.JobRunner;
import io.mediaflow.worker.Poll;
import java.util.LinkedHashMap;
import org.springframework.stereotype.Component;

/**
 * One job worker per operation of the content delivery API (document 1), and one that issues signed URLs. Deletes,
 * sets and purges answer true: the service's {@code {status: ok}}; its {@code failed} is a BPMN error.
 */
@Component
public class DeliveryWorkers {

  private final JobRunner jobs;
  private final DeliveryClient client;
  private final ManagedSigningKeys signingKeys;
  private final SignedUrls signedUrls;

  public DeliveryWorkers(JobRunner jobs, DeliveryClient client, ManagedSigningKeys signingKeys, SignedUrls signedUrls) {
    this.jobs = jobs;
    this.client = client;
    this.signingKeys = signingKeys;
    this.signedUrls = signedUrls;
  }

  @JobWorker(type = "mediaflow.delivery.create_domain", autoComplete = false, fetchAllVariables = true)
  public void createDomain(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, CreateDomainInput.class, input -> client.createDomain(input.name(), input.type(), input.bucketName()));
  }

  @JobWorker(type = "mediaflow.delivery.list_domains", autoComplete = false, fetchAllVariables = true)
  public void listDomains(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, ListDomainsInput.class, input -> client.listDomains(input.type()));
  }

  @JobWorker(type = "mediaflow.delivery.get_domain", autoComplete = false, fetchAllVariables = true)
  public void getDomain(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, GetDomainInput.class, input -> client.getDomain(input.domainId()));
  }

  @JobWorker(type = "mediaflow.delivery.update_domain", autoComplete = false, fetchAllVariables = true)
  public void updateDomain(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, UpdateDomainInput.class, input -> client.updateDomainBucket(input.domainId(), input.bucketName()));
  }

  @JobWorker(type = "mediaflow.delivery.delete_domain", autoComplete = false, fetchAllVariables = true)
  public void deleteDomain(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DeleteDomainInput.class, input -> {
      client.deleteDomain(input.domainId());
      return true;
    });
  }

  @JobWorker(type = "mediaflow.delivery.create_tls_subscription", autoComplete = false, fetchAllVariables = true)
  public void createTlsSubscription(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, CreateTlsSubscriptionInput.class, input -> client.createTlsSubscription(input.domainId()));
  }

  @JobWorker(type = "mediaflow.delivery.list_tls_subscriptions", autoComplete = false, fetchAllVariables = true)
  public void listTlsSubscriptions(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, ListTlsSubscriptionsInput.class, input -> client.listTlsSubscriptions());
  }

  @JobWorker(type = "mediaflow.delivery.get_tls_subscription", autoComplete = false, fetchAllVariables = true)
  public void getTlsSubscription(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, GetTlsSubscriptionInput.class, input -> client.getTlsSubscription(input.tlsSubscriptionId()));
  }

  @JobWorker(type = "mediaflow.delivery.delete_tls_subscription", autoComplete = false, fetchAllVariables = true)
  public void deleteTlsSubscription(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DeleteTlsSubscriptionInput.class, input -> {
      client.deleteTlsSubscription(input.tlsSubscriptionId());
      return true;
    });
  }

  @JobWorker(type = "mediaflow.delivery.wait_for_tls_subscription", autoComplete = false, fetchAllVariables = true)
  public void waitForTlsSubscription(JobClient jobClient, ActivatedJob job) {
    jobs.poll(jobClient, job, WaitForTlsSubscriptionInput.class, input -> {
      TlsSubscription subscription = client.getTlsSubscription(input.tlsSubscriptionId());
      if (subscription.hasCertificate()) {
        return Poll.done(subscription);
      }
      if (subscription.failed()) {
        throw tlsFailed(subscription);
      }
      return Poll.pending(TlsSubscription.PENDING.equals(subscription.status())
          ? "pending, waiting for the CNAME record"
          : subscription.status() + ", the certificate is being issued");
    });
  }

  /** Creates the key and keeps its private key before the result is recorded, so a retry neither creates nor loses one. */
  @JobWorker(type = "mediaflow.delivery.create_signing_key", autoComplete = false, fetchAllVariables = true)
  public void createSigningKey(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, CreateSigningKeyInput.class,
        input -> signingKeys.create(input.domainId(), input.streamId(), input.bucketName(), input.name()));
  }

  @JobWorker(type = "mediaflow.delivery.list_signing_keys", autoComplete = false, fetchAllVariables = true)
  public void listSigningKeys(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, ListSigningKeysInput.class, input -> client.listSigningKeys());
  }

  @JobWorker(type = "mediaflow.delivery.get_signing_key", autoComplete = false, fetchAllVariables = true)
  public void getSigningKey(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, GetSigningKeyInput.class, input -> client.getSigningKey(input.signingKeyId()));
  }

  @JobWorker(type = "mediaflow.delivery.rename_signing_key", autoComplete = false, fetchAllVariables = true)
  public void renameSigningKey(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, RenameSigningKeyInput.class, input -> client.renameSigningKey(input.signingKeyId(), input.name()));
  }

  @JobWorker(type = "mediaflow.delivery.delete_signing_key", autoComplete = false, fetchAllVariables = true)
  public void deleteSigningKey(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DeleteSigningKeyInput.class, input -> {
      signingKeys.delete(input.signingKeyId());
      return true;
    });
  }

  @JobWorker(type = "mediaflow.delivery.set_bucket_policy", autoComplete = false, fetchAllVariables = true)
  public void setBucketPolicy(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, SetBucketPolicyInput.class, input -> {
      client.setBucketPolicy(input.bucketName(), input.policy());
      return input.policy().value();
    });
  }

  @JobWorker(type = "mediaflow.delivery.set_cors", autoComplete = false, fetchAllVariables = true)
  public void setCors(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, SetCorsInput.class, input -> {
      client.setCors(input.bucketName(), input.policy());
      return input.policy();
    });
  }

  @JobWorker(type = "mediaflow.delivery.get_cors", autoComplete = false, fetchAllVariables = true)
  public void getCors(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, GetCorsInput.class, input -> client.getCors(input.bucketName()));
  }

  @JobWorker(type = "mediaflow.delivery.delete_cors", autoComplete = false, fetchAllVariables = true)
  public void deleteCors(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DeleteCorsInput.class, input -> {
      client.deleteCors(input.bucketName());
      return true;
    });
  }

  @JobWorker(type = "mediaflow.delivery.delete_cors_header", autoComplete = false, fetchAllVariables = true)
  public void deleteCorsHeader(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, DeleteCorsHeaderInput.class, input -> {
      client.deleteCorsHeader(input.bucketName(), input.headerName());
      return true;
    });
  }

  @JobWorker(type = "mediaflow.delivery.purge_cache", autoComplete = false, fetchAllVariables = true)
  public void purgeCache(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, PurgeCacheInput.class, input -> {
      if (input.path() == null || input.path().isBlank()) {
        client.purgeCache(input.bucketName());
      } else {
        client.purgeCache(input.bucketName(), input.path());
      }
      return true;
    });
  }

  @JobWorker(type = "mediaflow.delivery.sign_urls", autoComplete = false, fetchAllVariables = true)
  public void signUrls(JobClient jobClient, ActivatedJob job) {
    jobs.run(jobClient, job, SignUrlsInput.class, input -> signedUrls.sign(input.request()));
  }

  private static ApiException.Rejected tlsFailed(TlsSubscription subscription) {
    var details = new LinkedHashMap<String, Object>();
    details.put("id", subscription.id());
    details.put("domain_id", subscription.domainId());
    details.put("status", subscription.status());
    return new ApiException.Rejected("TLS_FAILED", "The TLS subscription " + subscription.id() + " failed: the"
        + " service could not verify the domain. Check that the CNAME record its instruction named exists and points"
        + " to the target it named, then try again with a new subscription.", details);
  }
}
