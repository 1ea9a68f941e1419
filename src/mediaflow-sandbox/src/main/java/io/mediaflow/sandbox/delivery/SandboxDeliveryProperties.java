package io.mediaflow.sandbox.delivery;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The content delivery sandbox's limits and TLS timing. Durations are nominal: the sandbox clock
 * scales them.
 *
 * @param maxDomains playback domains per account (the service's documented limit is 20)
 * @param tlsCheckInterval how often a pending TLS subscription looks for its DNS CNAME record
 * @param tlsVerificationDeadline how long a TLS subscription waits for its CNAME record before it
 *     fails
 * @param validationDomain the zone under which TLS subscriptions' CNAME targets are generated
 * @param tlsRenewAfter how long after it is issued a certificate is renewed (ACME certificates last
 *     90 days and are renewed in their last 30): the subscription is {@code renewing} until its
 *     CNAME record is found again
 * @param edgeDelay how long a change takes to reach the CDN's edge where a variation says it does
 *     not at once: a new signing key ({@code signed-url-not-yet-propagated}), a bucket's access
 *     policy ({@code policy-applies-late})
 */
@ConfigurationProperties("mediaflow.sandbox.delivery")
public record SandboxDeliveryProperties(
    @DefaultValue("20") int maxDomains,
    @DefaultValue("30s") Duration tlsCheckInterval,
    @DefaultValue("15m") Duration tlsVerificationDeadline,
    @DefaultValue("acme.cdn-sandbox.mediaflow.invalid") String validationDomain,
    @DefaultValue("60d") Duration tlsRenewAfter,
    @DefaultValue("2m") Duration edgeDelay) {}
