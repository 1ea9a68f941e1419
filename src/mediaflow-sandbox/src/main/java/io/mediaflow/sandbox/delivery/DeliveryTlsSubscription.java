package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A TLS subscription as the service answers it. {@code message} (the CNAME instruction) is part of
 * the creation response only, and {@code tls_subscription_id} (the certificate manager's own id,
 * distinct from {@code id}) of list responses only, as document 1 shows them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeliveryTlsSubscription(
    @JsonProperty("id") String id,
    @JsonProperty("domain_id") String domainId,
    @JsonProperty("status") String status,
    @JsonProperty("created") String created,
    @JsonProperty("message") String message,
    @JsonProperty("tls_subscription_id") String tlsSubscriptionId) {

  public static final String PENDING = "pending";
  public static final String PROCESSING = "processing";
  public static final String ISSUED = "issued";
  public static final String RENEWING = "renewing";
  public static final String FAILED = "failed";
}
