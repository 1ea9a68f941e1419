package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.SandboxClock;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import org.springframework.stereotype.Component;

/**
 * TLS subscriptions and their verification. Each subscription names a CNAME record the domain owner creates:
 * {@code _acme-challenge.<domain>} pointing to a target host unique to the subscription, the ACME DNS-01
 * delegation a CDN's certificate manager uses. The sandbox looks the record up in {@link DnsZone} every
 * {@code tlsCheckInterval}: the first time it is in place the subscription moves from {@code pending} to
 * {@code processing} (the certificate is ordered), the next time to {@code issued}. A subscription that is not
 * issued within {@code tlsVerificationDeadline} of its creation becomes {@code failed} and is checked no more.
 * Certificates issued here outlive the sandbox, so {@code renewing} never appears.
 */
@Component
public class TlsSubscriptions {

  static final String CHALLENGE_LABEL = "_acme-challenge.";
  private static final String ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  /** The sandbox's state of one subscription; {@code check} is the next scheduled look at the DNS zone. */
  private static final class Subscription {
    final String id = UUID.randomUUID().toString();
    final String tlsSubscriptionId = randomId(22, ALPHANUMERIC);
    final String domainId;
    final String recordName;
    final String target;
    final String created;
    final long deadlineNanos;
    String status = TlsSubscription.PENDING;
    ScheduledFuture<?> check;

    Subscription(Domain domain, String target, String created, long deadlineNanos) {
      this.domainId = domain.id();
      this.recordName = CHALLENGE_LABEL + domain.domainName();
      this.target = target;
      this.created = created;
      this.deadlineNanos = deadlineNanos;
    }

    boolean isActive() {
      return !TlsSubscription.FAILED.equals(status);
    }

    TlsSubscription view(String message, String listedId) {
      return new TlsSubscription(id, domainId, status, created, message, listedId);
    }
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Domains domains;
  private final DnsZone dns;
  private final SandboxClock clock;
  private final SandboxDeliveryProperties properties;
  private final Map<String, Subscription> byId = new LinkedHashMap<>();

  public TlsSubscriptions(Domains domains, DnsZone dns, SandboxClock clock, SandboxDeliveryProperties properties) {
    this.domains = domains;
    this.dns = dns;
    this.clock = clock;
    this.properties = properties;
  }

  /** A new subscription in {@code pending}, with the CNAME instruction in {@code message}. */
  public synchronized TlsSubscription create(String domainId) {
    if (domainId == null || domainId.isBlank()) {
      throw DeliveryException.invalid("domain_id: required, the id of an existing playback domain");
    }
    Domain domain = domains.get(domainId);
    byId.values().stream().filter(s -> s.domainId.equals(domainId) && s.isActive()).findFirst().ifPresent(s -> {
      throw DeliveryException.conflict("domain_id: the domain " + domain.domainName() + " has TLS subscription "
          + s.id + " already (status " + s.status + "); delete it first");
    });
    String target = randomId(20, "abcdefghijklmnopqrstuvwxyz0123456789") + "." + properties.validationDomain();
    long deadline = System.nanoTime() + clock.scaled(properties.tlsVerificationDeadline()).toNanos();
    var subscription = new Subscription(domain, target, clock.timestamp(), deadline);
    byId.put(subscription.id, subscription);
    scheduleCheck(subscription);
    return subscription.view(instruction(subscription, domain), null);
  }

  public synchronized List<TlsSubscription> list() {
    return byId.values().stream().map(s -> s.view(null, s.tlsSubscriptionId)).toList();
  }

  /**
   * By {@code tls_subscription_id}, as the paths name it; the subscription's {@code id} is another identifier and
   * finds nothing here.
   */
  public synchronized TlsSubscription get(String tlsSubscriptionId) {
    return find(tlsSubscriptionId).view(null, null);
  }

  public synchronized void delete(String tlsSubscriptionId) {
    remove(find(tlsSubscriptionId));
  }

  synchronized void deleteForDomain(String domainId) {
    List.copyOf(byId.values()).stream().filter(s -> s.domainId.equals(domainId)).forEach(this::remove);
  }

  private Subscription find(String tlsSubscriptionId) {
    return byId.values().stream().filter(s -> s.tlsSubscriptionId.equals(tlsSubscriptionId)).findFirst()
        .orElseThrow(() -> DeliveryException.notFound("tls_subscription_id: no TLS subscription with id "
            + tlsSubscriptionId + " (the paths take the tls_subscription_id that list answers carry, not the id)"));
  }

  private void remove(Subscription subscription) {
    byId.remove(subscription.id);
    if (subscription.check != null) {
      subscription.check.cancel(false);
    }
  }

  private void scheduleCheck(Subscription subscription) {
    subscription.check = clock.after(properties.tlsCheckInterval(), () -> check(subscription));
  }

  private synchronized void check(Subscription subscription) {
    if (byId.get(subscription.id) != subscription) {
      return;
    }
    boolean recordInPlace = dns.cname(subscription.recordName)
        .filter(record -> record.value().equalsIgnoreCase(subscription.target))
        .isPresent();
    if (recordInPlace) {
      subscription.status = TlsSubscription.PENDING.equals(subscription.status)
          ? TlsSubscription.PROCESSING
          : TlsSubscription.ISSUED;
    }
    if (TlsSubscription.ISSUED.equals(subscription.status)) {
      return;
    }
    if (System.nanoTime() - subscription.deadlineNanos >= 0) {
      subscription.status = TlsSubscription.FAILED;
      return;
    }
    scheduleCheck(subscription);
  }

  /** The message's form is stable so that callers (and the product's processes) can read the record from it. */
  private static String instruction(Subscription subscription, Domain domain) {
    return "Create a CNAME record " + subscription.recordName + " pointing to " + subscription.target
        + " to verify ownership of " + domain.domainName()
        + "; the certificate is issued once the record is in place.";
  }

  private static String randomId(int length, String alphabet) {
    var id = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      id.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
    }
    return id.toString();
  }
}
