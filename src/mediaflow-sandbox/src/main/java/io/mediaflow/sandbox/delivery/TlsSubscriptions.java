package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * TLS subscriptions and their verification. Each subscription names a CNAME record the domain owner
 * creates: {@code _acme-challenge.<domain>} pointing to a target host unique to the subscription,
 * the ACME DNS-01 delegation a CDN's certificate manager uses. The sandbox looks the record up in
 * {@link DnsZone} every {@code tlsCheckInterval}: the first time it is in place the subscription
 * moves from {@code pending} to {@code processing} (the certificate is ordered), the next time to
 * {@code issued}. A subscription that is not issued within {@code tlsVerificationDeadline} of its
 * creation becomes {@code failed} and is checked no more. The certificate is renewed automatically
 * (document 1): {@code tlsRenewAfter} after it was issued the subscription is {@code renewing}, and
 * {@code issued} again the next time the record is found (a renewal proves ownership as the first
 * issue did); without the record it stays {@code renewing}. Subscriptions are kept in the sandbox's
 * database with their deadline as an instant, so a restart neither forgets them nor gives them more
 * time.
 */
@Component
public class TlsSubscriptions {

  static final String CHALLENGE_LABEL = "_acme-challenge.";
  private static final String ALPHANUMERIC =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  /**
   * The row of one subscription, under its {@code id}; {@code deadline} is when it fails if not
   * issued.
   */
  record SavedSubscription(
      String tlsSubscriptionId,
      String domainId,
      String recordName,
      String target,
      String created,
      Instant deadline,
      String status,
      Instant issued) {

    SavedSubscription withStatus(String next, Instant now) {
      return new SavedSubscription(
          tlsSubscriptionId,
          domainId,
          recordName,
          target,
          created,
          deadline,
          next,
          DeliveryTlsSubscription.ISSUED.equals(next) ? now : issued);
    }
  }

  /**
   * The sandbox's state of one subscription; {@code check} is the next scheduled look at the DNS
   * zone.
   */
  private static final class Subscription {
    final String id;
    SavedSubscription saved;
    ScheduledFuture<?> check;

    Subscription(String id, SavedSubscription saved) {
      this.id = id;
      this.saved = saved;
    }
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Domains domains;
  private final DnsZone dns;
  private final SandboxClock clock;
  private final Clock time;
  private final SandboxDeliveryProperties properties;
  private final Map<String, Subscription> byId = new LinkedHashMap<>();
  private final Table<SavedSubscription> table;

  @Autowired
  public TlsSubscriptions(
      Domains domains,
      DnsZone dns,
      SandboxClock clock,
      SandboxDeliveryProperties properties,
      SandboxDatabase database) {
    this(domains, dns, clock, Clock.systemUTC(), properties, database);
  }

  /**
   * Subscriptions kept from before a restart come back as they were; those neither issued nor
   * failed are checked again, against the deadline they were given at creation.
   */
  TlsSubscriptions(
      Domains domains,
      DnsZone dns,
      SandboxClock clock,
      Clock time,
      SandboxDeliveryProperties properties,
      SandboxDatabase database) {
    this.domains = domains;
    this.dns = dns;
    this.clock = clock;
    this.time = time;
    this.properties = properties;
    this.table = database.table("tls_subscriptions", SavedSubscription.class);
    synchronized (this) { // the first checks may run before the last subscriptions are back
      // in creation order, the order lists answer in
      table
          .all()
          .forEach(
              (id, saved) -> {
                if (!domains.exists(saved.domainId())) {
                  // a stop between deleting the domain and its subscriptions
                  table.remove(id);
                  return;
                }
                var subscription = new Subscription(id, saved);
                byId.put(subscription.id, subscription);
                if (isChecked(subscription.saved.status())) {
                  scheduleCheck(subscription);
                }
              });
    }
  }

  /** A new subscription in {@code pending}, with the CNAME instruction in {@code message}. */
  public synchronized DeliveryTlsSubscription create(String domainId) {
    if (domainId == null || domainId.isBlank()) {
      throw DeliveryException.invalid("domain_id: required, the id of an existing playback domain");
    }
    PlaybackDomain domain = domains.get(domainId);
    byId.values().stream()
        .filter(
            s ->
                s.saved.domainId().equals(domainId)
                    && !DeliveryTlsSubscription.FAILED.equals(s.saved.status()))
        .findFirst()
        .ifPresent(
            s -> {
              throw DeliveryException.conflict(
                  "domain_id: the domain "
                      + domain.domainName()
                      + " has TLS subscription "
                      + s.id
                      + " already (status "
                      + s.saved.status()
                      + "); delete it first");
            });
    String target =
        randomId(20, "abcdefghijklmnopqrstuvwxyz0123456789") + "." + properties.validationDomain();
    Instant deadline = time.instant().plus(clock.scaled(properties.tlsVerificationDeadline()));
    var subscription =
        new Subscription(
            UUID.randomUUID().toString(),
            new SavedSubscription(
                randomId(22, ALPHANUMERIC),
                domainId,
                CHALLENGE_LABEL + domain.domainName(),
                target,
                clock.timestamp(),
                deadline,
                DeliveryTlsSubscription.PENDING,
                null));
    table.put(subscription.id, subscription.saved);
    byId.put(subscription.id, subscription);
    scheduleCheck(subscription);
    return view(subscription, instruction(subscription.saved, domain), null);
  }

  public synchronized List<DeliveryTlsSubscription> list() {
    return byId.values().stream().map(s -> view(s, null, s.saved.tlsSubscriptionId())).toList();
  }

  /**
   * By {@code tls_subscription_id}, as the paths name it; the subscription's {@code id} is another
   * identifier and finds nothing here.
   */
  public synchronized DeliveryTlsSubscription get(String tlsSubscriptionId) {
    return view(find(tlsSubscriptionId), null, null);
  }

  public synchronized void delete(String tlsSubscriptionId) {
    remove(find(tlsSubscriptionId));
  }

  synchronized void deleteForDomain(String domainId) {
    List.copyOf(byId.values()).stream()
        .filter(s -> s.saved.domainId().equals(domainId))
        .forEach(this::remove);
  }

  private Subscription find(String tlsSubscriptionId) {
    return byId.values().stream()
        .filter(s -> s.saved.tlsSubscriptionId().equals(tlsSubscriptionId))
        .findFirst()
        .orElseThrow(
            () ->
                DeliveryException.notFound(
                    "tls_subscription_id: no TLS subscription with id "
                        + tlsSubscriptionId
                        + " (the paths take the tls_subscription_id that list answers carry, not the id)"));
  }

  private void remove(Subscription subscription) {
    table.remove(subscription.id);
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
    SavedSubscription saved = subscription.saved;
    boolean recordInPlace =
        dns.cname(saved.recordName())
            .filter(record -> record.value().equalsIgnoreCase(saved.target()))
            .isPresent();
    String status = saved.status();
    Instant now = time.instant();
    if (DeliveryTlsSubscription.ISSUED.equals(status)) {
      if (saved.issued() != null
          && !now.isBefore(saved.issued().plus(clock.scaled(properties.tlsRenewAfter())))) {
        status = DeliveryTlsSubscription.RENEWING;
      }
    } else if (DeliveryTlsSubscription.RENEWING.equals(status)) {
      status = recordInPlace ? DeliveryTlsSubscription.ISSUED : status;
    } else {
      if (recordInPlace) {
        status =
            DeliveryTlsSubscription.PENDING.equals(status)
                ? DeliveryTlsSubscription.PROCESSING
                : DeliveryTlsSubscription.ISSUED;
      }
      if (!DeliveryTlsSubscription.ISSUED.equals(status) && !now.isBefore(saved.deadline())) {
        status = DeliveryTlsSubscription.FAILED;
      }
    }
    if (!status.equals(saved.status())) {
      subscription.saved = saved.withStatus(status, now);
      table.put(subscription.id, subscription.saved);
    }
    if (isChecked(status)) {
      scheduleCheck(subscription);
    }
  }

  /**
   * Failed is final, a failed subscription is not retried; an issued one is checked for its
   * renewal.
   */
  private static boolean isChecked(String status) {
    return !DeliveryTlsSubscription.FAILED.equals(status);
  }

  private static DeliveryTlsSubscription view(
      Subscription subscription, String message, String listedId) {
    SavedSubscription saved = subscription.saved;
    return new DeliveryTlsSubscription(
        subscription.id, saved.domainId(), saved.status(), saved.created(), message, listedId);
  }

  /**
   * The message's form is stable so that callers (and the product's processes) can read the record
   * from it.
   */
  private static String instruction(SavedSubscription subscription, PlaybackDomain domain) {
    return "Create a CNAME record "
        + subscription.recordName()
        + " pointing to "
        + subscription.target()
        + " to verify ownership of "
        + domain.domainName()
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
