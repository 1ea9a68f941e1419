package io.mediaflow.sandbox.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A TLS subscription's deadline across a restart: the one it got at creation, not a fresh one. */
class TlsSubscriptionsRestartTest {

  /** A thousandth of the nominal time: checks every 10 ms, a deadline of 86.4 s after creation. */
  private static final SandboxProperties SANDBOX =
      new SandboxProperties(
          true, "http://localhost/sandbox", 0.001, List.of("key"), Duration.ofHours(24));

  private static final SandboxDeliveryProperties DELIVERY =
      new SandboxDeliveryProperties(
          20,
          Duration.ofSeconds(10),
          Duration.ofHours(24),
          "acme.test.invalid",
          Duration.ofDays(60),
          Duration.ofMinutes(2));
  private static final Pattern TARGET = Pattern.compile("pointing to (\\S+) ");
  private static final Instant CREATED = Instant.parse("2026-01-01T00:00:00Z");

  @TempDir Path directory;

  private final SandboxClock clock = new SandboxClock(SANDBOX);
  private SandboxDatabase database;

  @AfterEach
  void close() {
    clock.close();
    if (database != null) {
      database.destroy();
    }
  }

  @Test
  void aSubscriptionWhoseDeadlinePassedWhileTheSandboxWasDownFails() {
    DeliveryTlsSubscription created = createAndStop();

    database = new SandboxDatabase(new SandboxStateProperties(directory));
    // well within a fresh deadline, past the one the subscription got
    var restarted =
        subscriptions(clock, new DnsZone(database), CREATED.plus(Duration.ofSeconds(87)));

    Awaitility.await("the subscription fails")
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> restarted.get(listedId(restarted, created)).status(),
            DeliveryTlsSubscription.FAILED::equals);
  }

  @Test
  void aSubscriptionWithinItsDeadlineGoesOnBeingChecked() {
    DeliveryTlsSubscription created = createAndStop();

    database = new SandboxDatabase(new SandboxStateProperties(directory));
    var dns = new DnsZone(database);
    var restarted = subscriptions(clock, dns, CREATED.plus(Duration.ofSeconds(86)));
    String tlsSubscriptionId = listedId(restarted, created);
    assertThat(restarted.get(tlsSubscriptionId).status())
        .isEqualTo(DeliveryTlsSubscription.PENDING);
    Matcher instruction = TARGET.matcher(created.message());
    assertThat(instruction.find()).isTrue();
    dns.put("CNAME", TlsSubscriptions.CHALLENGE_LABEL + "tls.example.com", instruction.group(1));

    Awaitility.await("the subscription is issued")
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> restarted.get(tlsSubscriptionId).status(),
            DeliveryTlsSubscription.ISSUED::equals);
  }

  @Test
  void theSubscriptionsOfADomainDeletedJustBeforeAStopAreGoneAfterIt() {
    createAndStop();
    database = new SandboxDatabase(new SandboxStateProperties(directory));
    var domains = new Domains(clock, DELIVERY, database);
    // the API deletes the domain, then its subscriptions: a stop comes in between
    domains.delete(domains.list(Optional.empty()).getFirst().id());
    database.destroy();

    database = new SandboxDatabase(new SandboxStateProperties(directory));

    assertThat(subscriptions(clock, new DnsZone(database), CREATED).list()).isEmpty();
    assertThat(database.table("tls_subscriptions", TlsSubscriptions.SavedSubscription.class).all())
        .isEmpty();
  }

  /** A pending subscription made at {@link #CREATED}, by a sandbox that then stops. */
  private DeliveryTlsSubscription createAndStop() {
    database = new SandboxDatabase(new SandboxStateProperties(directory));
    var stopping = new SandboxClock(SANDBOX);
    var domains = new Domains(stopping, DELIVERY, database);
    String domainId = domains.create("tls.example.com", PlaybackDomain.LIVE, null).id();
    DeliveryTlsSubscription created =
        subscriptions(stopping, new DnsZone(database), CREATED).create(domainId);
    stopping.close();
    database.destroy();
    return created;
  }

  private TlsSubscriptions subscriptions(SandboxClock sandboxClock, DnsZone dns, Instant now) {
    return new TlsSubscriptions(
        new Domains(sandboxClock, DELIVERY, database),
        dns,
        sandboxClock,
        Clock.fixed(now, ZoneOffset.UTC),
        DELIVERY,
        database);
  }

  private static String listedId(TlsSubscriptions subscriptions, DeliveryTlsSubscription created) {
    return subscriptions.list().stream()
        .filter(s -> s.id().equals(created.id()))
        .findFirst()
        .orElseThrow()
        .tlsSubscriptionId();
  }
}
