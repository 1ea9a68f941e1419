package io.mediaflow.delivery;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Set;

/**
 * A TLS subscription: a certificate for a playback domain, issued once the domain owner has created
 * the CNAME record that {@code message} names.
 *
 * @param status {@code pending}, {@code processing}, {@code issued}, {@code renewing} or {@code
 *     failed}
 * @param message only in the creation answer: the CNAME instruction
 * @param tlsSubscriptionId the identifier the paths take ({@code
 *     /v1/tls/subscriptions/<tls_subscription_id>}), distinct from {@code id}; the service lists
 *     it, and {@link DeliveryClient#createTlsSubscription} adds it
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TlsSubscription(
    String id,
    String domainId,
    String status,
    String created,
    String message,
    String tlsSubscriptionId) {

  public static final String PENDING = "pending";
  public static final String PROCESSING = "processing";
  public static final String ISSUED = "issued";
  public static final String RENEWING = "renewing";
  public static final String FAILED = "failed";

  /** The rule of a {@code tls_subscription_id} the paths take: given, and not the {@code id}. */
  static final String ID_REQUIRED =
      "is required (the tls_subscription_id that list answers carry, not the id)";

  /** A subscription being renewed has its certificate already: the domain serves TLS. */
  private static final Set<String> CERTIFICATE_IN_PLACE = Set.of(ISSUED, RENEWING);

  public TlsSubscription withTlsSubscriptionId(String pathId) {
    return new TlsSubscription(id, domainId, status, created, message, pathId);
  }

  @JsonIgnore
  public boolean hasCertificate() {
    return CERTIFICATE_IN_PLACE.contains(status);
  }

  @JsonIgnore
  public boolean failed() {
    return FAILED.equals(status);
  }
}
