package io.mediaflow.delivery.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.api.constraint.Fqdn;
import io.mediaflow.api.internal.Rules;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.BucketName;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.GetDomain;
import io.mediaflow.delivery.GetTlsSubscription;
import io.mediaflow.delivery.ServiceId;
import io.mediaflow.delivery.TlsSubscription;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

@Operation(
    type = "mediaflow.delivery.check_custom_domain",
    name = "Delivery: check the custom domain and its certificate",
    description =
        "Reads back a playback domain and its TLS subscription once the certificate is issued (GET /v1/domains/<domain_id>, GET /v1/tls/subscriptions/<tls_subscription_id>): the domain must be there with the name and type asked for and, for vod, expose the bucket asked for; the subscription must belong to that domain and hold its certificate (issued, or renewing). Document 1 shows no certificate fields (name, expiry), so these are what is checked. Nothing is paid for or changed. CUSTOM_DOMAIN_NOT_READY names each difference and what to do (errorDetails.problems). The result is {domain, tlsSubscription} as read.",
    resultVariable = "customDomain",
    errors = {"CUSTOM_DOMAIN_NOT_READY"})
/**
 * What was asked for, to compare with what the service shows.
 *
 * @param bucketName the bucket a {@code vod} domain must expose; null for {@code live}
 */
record CheckCustomDomainInput(
    @NotBlank(message = "is required") @ServiceId @Input(label = "Domain id", value = "=domain.id")
        String domainId,
    @NotBlank(message = "is required")
        @Input(
            label = "TLS subscription id",
            description = "The tls_subscription_id that list answers carry, not the id",
            value = "=tlsSubscription.tls_subscription_id")
        String tlsSubscriptionId,
    @NotBlank(message = "is required")
        @Fqdn
        @Input(label = "Domain name asked for", value = "=domainName")
        String domainName,
    @NotBlank(message = "is required")
        @Input(
            label = "Type asked for",
            value = "=type",
            choices = {Domain.VOD, Domain.LIVE})
        String type,
    @BucketName @Input(label = "Bucket asked for (vod)", value = "=bucketName") String bucketName) {

  /** The domain and its subscription as the service showed them. */
  record Proof(Domain domain, TlsSubscription tlsSubscription) {}

  static OperationHandler<CheckCustomDomainInput> handler(DeliveryClient client) {
    return OperationHandler.call(CheckCustomDomainInput.class, input -> prove(client, input));
  }

  static Proof prove(DeliveryClient client, CheckCustomDomainInput input) {
    new Rules()
        .require(
            !Domain.VOD.equals(input.type()) || input.bucketName() != null,
            "bucketName",
            "is required for a vod domain: the bucket it must expose")
        .throwIfBroken();
    Domain domain = read(() -> client.getDomain(new GetDomain(input.domainId())));
    TlsSubscription subscription =
        read(() -> client.getTlsSubscription(new GetTlsSubscription(input.tlsSubscriptionId())));
    var problems = new ArrayList<String>();
    if (domain == null) {
      problems.add(
          "playback domain "
              + input.domainId()
              + " is not there any more: it was deleted; give up, and start again");
    } else {
      if (!sameName(input.domainName(), domain.domainName())) {
        problems.add(
            "the domain is named "
                + domain.domainName()
                + ", not "
                + input.domainName()
                + ": give up, and start again with the name wanted");
      }
      if (!input.type().equals(domain.type())) {
        problems.add(
            "the domain is of type "
                + domain.type()
                + ", not "
                + input.type()
                + ": give up, and start again");
      }
      if (Domain.VOD.equals(input.type()) && !input.bucketName().equals(domain.bucketName())) {
        // The create sets a missing bucket (DeliveryClient#exposing): this is one changed since.
        problems.add(
            (domain.bucketName() == null
                    ? "the domain exposes no bucket"
                    : "the domain exposes bucket " + domain.bucketName())
                + ", not "
                + input.bucketName()
                + ": set it (update_domain with bucketName "
                + input.bucketName()
                + "), then check again");
      }
    }
    if (subscription == null) {
      problems.add(
          "TLS subscription "
              + input.tlsSubscriptionId()
              + " is not there any more: it was deleted; try again with a new subscription");
    } else {
      if (domain != null && !domain.id().equals(subscription.domainId())) {
        problems.add(
            "TLS subscription "
                + input.tlsSubscriptionId()
                + " belongs to domain "
                + subscription.domainId()
                + ", not "
                + domain.id()
                + ": try again with a new subscription");
      }
      if (!subscription.hasCertificate()) {
        problems.add(
            "TLS subscription "
                + input.tlsSubscriptionId()
                + " is "
                + subscription.status()
                + ", so the domain has no certificate: wait longer, or try again with a new"
                + " subscription");
      }
    }
    if (!problems.isEmpty()) {
      var details = new LinkedHashMap<String, Object>();
      details.put("problems", List.copyOf(problems));
      if (domain != null) {
        details.put("domain", domain);
      }
      if (subscription != null) {
        details.put("tlsSubscription", subscription);
      }
      throw new ApiException.Rejected(
          "CUSTOM_DOMAIN_NOT_READY",
          "The custom domain "
              + input.domainName()
              + " is not ready: "
              + String.join("; ", problems),
          details);
    }
    return new Proof(domain, subscription);
  }

  /** Null where the service answers that there is no such thing. */
  private static <T> T read(java.util.function.Supplier<T> read) {
    try {
      return read.get();
    } catch (ApiException.Rejected rejected) {
      if ("NOT_FOUND".equals(rejected.code())) {
        return null;
      }
      throw rejected;
    }
  }

  /** DNS names compare without case and without the root's trailing dot. */
  private static boolean sameName(String asked, String shown) {
    return shown != null && bare(asked).equals(bare(shown));
  }

  private static String bare(String name) {
    String lower = name.strip().toLowerCase(Locale.ROOT);
    return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
  }
}
