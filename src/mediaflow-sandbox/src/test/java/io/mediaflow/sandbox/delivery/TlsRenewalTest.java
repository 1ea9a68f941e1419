package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Document 1: an issued certificate "is renewed automatically afterwards", and {@code renewing} is
 * one of the subscription's states. Here a certificate is due for renewal soon after its issue, so
 * the subscription shows it.
 */
class TlsRenewalTest {

  /**
   * A thousandth of the nominal time: checks every 10 ms, a certificate due for renewal 200 ms
   * after its issue.
   */
  private static final SandboxProperties SANDBOX =
      new SandboxProperties(
          true, "http://localhost/sandbox", 0.001, List.of("key"), Duration.ofHours(24));

  private static final SandboxDeliveryProperties DELIVERY =
      new SandboxDeliveryProperties(
          20,
          Duration.ofSeconds(10),
          Duration.ofHours(24),
          "acme.test.invalid",
          Duration.ofSeconds(200),
          Duration.ofMinutes(2));
  private static final Pattern TARGET = Pattern.compile("pointing to (\\S+) ");

  @TempDir Path directory;

  private final SandboxClock clock = new SandboxClock(SANDBOX);
  private SandboxDatabase database;

  @AfterEach
  void close() {
    clock.close();
    database.destroy();
  }

  @Test
  void anIssuedCertificateIsRenewedAndStaysRenewingWhileTheRecordIsMissing() {
    database = new SandboxDatabase(new SandboxStateProperties(directory));
    var domains = new Domains(clock, DELIVERY, database);
    var dns = new DnsZone(database);
    var subscriptions = new TlsSubscriptions(domains, dns, clock, DELIVERY, database);
    DeliveryTlsSubscription created =
        subscriptions.create(domains.create("renew.example.com", PlaybackDomain.LIVE, null).id());
    String id = subscriptions.list().getFirst().tlsSubscriptionId();
    Matcher instruction = TARGET.matcher(created.message());
    org.assertj.core.api.Assertions.assertThat(instruction.find()).isTrue();
    String record = TlsSubscriptions.CHALLENGE_LABEL + "renew.example.com";
    dns.put("CNAME", record, instruction.group(1));

    Awaitility.await("renewal due")
        .atMost(Duration.ofSeconds(10))
        .until(() -> subscriptions.get(id).status(), DeliveryTlsSubscription.RENEWING::equals);
    dns.delete(record);
    Awaitility.await("stays renewing without the record")
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(10))
        .until(() -> subscriptions.get(id).status(), DeliveryTlsSubscription.RENEWING::equals);
    dns.put("CNAME", record, instruction.group(1));
    Awaitility.await("renewed")
        .pollInterval(Duration.ofMillis(10))
        .atMost(Duration.ofSeconds(10))
        .until(() -> subscriptions.get(id).status(), DeliveryTlsSubscription.ISSUED::equals);
  }
}
