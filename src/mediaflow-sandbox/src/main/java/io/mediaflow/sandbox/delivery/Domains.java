package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.PlaybackDomainDirectory;
import io.mediaflow.sandbox.SandboxClock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The account's playback domains, with the service's rules: FQDN names that exist once, {@code live} or
 * {@code vod} fixed at creation, a bucket for {@code vod} domains only, and at most {@code maxDomains} of them.
 * Also the directory the live sandbox asks whether a stream's {@code playback_domain} is a known live domain.
 */
@Component
public class Domains implements PlaybackDomainDirectory {

  private final SandboxClock clock;
  private final int maxDomains;
  private final Map<String, Domain> byId = new LinkedHashMap<>();

  public Domains(SandboxClock clock, SandboxDeliveryProperties properties) {
    this.clock = clock;
    this.maxDomains = properties.maxDomains();
  }

  public synchronized Domain create(String name, String type, String bucketName) {
    String domainName = Fqdn.hostName("name", name);
    if (!Domain.isType(type)) {
      throw DeliveryException.invalid("type: required, one of live, vod");
    }
    String bucket = bucketFor(type, bucketName);
    if (byName(domainName).isPresent()) {
      throw DeliveryException.conflict("name: the domain " + domainName + " exists already");
    }
    if (byId.size() >= maxDomains) {
      throw DeliveryException.conflict("domains: at most " + maxDomains + " playback domains per account;"
          + " delete one first (the service raises the limit on request to support)");
    }
    var domain = new Domain(UUID.randomUUID().toString(), type, domainName, clock.timestamp(), bucket);
    byId.put(domain.id(), domain);
    return domain;
  }

  /** Only a {@code vod} domain's bucket can change; anything else means deleting and creating the domain. */
  public synchronized Domain updateBucket(String id, String bucketName) {
    Domain domain = get(id);
    if (!domain.isVod()) {
      throw DeliveryException.conflict("type: a live domain cannot be updated; delete it and create a new one");
    }
    Domain updated = domain.withBucket(BucketName.require("bucket_name", bucketName));
    byId.put(id, updated);
    return updated;
  }

  public synchronized Domain get(String id) {
    Domain domain = byId.get(id);
    if (domain == null) {
      throw DeliveryException.notFound("domain_id: no domain with id " + id);
    }
    return domain;
  }

  public synchronized List<Domain> list(Optional<String> type) {
    return byId.values().stream()
        .filter(domain -> type.map(domain.type()::equals).orElse(true))
        .toList();
  }

  public synchronized void delete(String id) {
    if (byId.remove(id) == null) {
      throw DeliveryException.notFound("domain_id: no domain with id " + id);
    }
  }

  public synchronized Optional<Domain> byName(String domainName) {
    return byId.values().stream().filter(domain -> domain.domainName().equalsIgnoreCase(domainName)).findFirst();
  }

  @Override
  public Optional<String> typeOf(String domainName) {
    return byName(domainName).map(Domain::type);
  }

  private static String bucketFor(String type, String bucketName) {
    if (Domain.VOD.equals(type)) {
      return BucketName.require("bucket_name", bucketName);
    }
    if (bucketName != null) {
      throw DeliveryException.invalid("bucket_name: not allowed for live domains (only vod domains expose a bucket)");
    }
    return null;
  }
}
