package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.PlaybackDomainDirectory;
import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The account's playback domains, with the service's rules: FQDN names that exist once, {@code
 * live} or {@code vod} fixed at creation, a bucket for {@code vod} domains only, and at most {@code
 * maxDomains} of them. Also the directory the live sandbox asks whether a stream's {@code
 * playback_domain} is a known live domain. Every domain is kept in the sandbox's database, which
 * gives them back in the creation order that lists answer in.
 *
 * <p>Document 1 shows a {@code vod} domain's {@code bucket_name} "in responses once set", and does
 * not show whether the create sets it: by default it does; under the variation {@value
 * #WITHOUT_BUCKET} the create checks {@code bucket_name} but does not take it, and the domain
 * exposes no bucket (the edge serves nothing under it) until an update ({@code PUT
 * /v1/domains/<id>}) sets one.
 */
@Component
public class Domains implements PlaybackDomainDirectory {

  /** The row of one domain, under its id. */
  record SavedDomain(String type, String domainName, String created, String bucketName) {

    static SavedDomain of(PlaybackDomain domain) {
      return new SavedDomain(
          domain.type(), domain.domainName(), domain.created(), domain.bucketName());
    }

    PlaybackDomain domain(String id) {
      return new PlaybackDomain(id, type, domainName, created, bucketName);
    }
  }

  /** The variation of a create that does not set a vod domain's bucket. */
  static final String WITHOUT_BUCKET = "vod-domain-without-bucket";

  private final SandboxClock clock;
  private final int maxDomains;
  private final SandboxProfile profile;

  /** In creation order, the order lists answer in. */
  private final Map<String, PlaybackDomain> byId = new LinkedHashMap<>();

  private final Table<SavedDomain> table;

  public Domains(
      SandboxClock clock, SandboxDeliveryProperties properties, SandboxDatabase database) {
    this(clock, properties, database, new SandboxProfile(Set.of()));
  }

  @Autowired
  public Domains(
      SandboxClock clock,
      SandboxDeliveryProperties properties,
      SandboxDatabase database,
      SandboxProfile profile) {
    this.profile = profile;
    this.clock = clock;
    this.maxDomains = properties.maxDomains();
    this.table = database.table("domains", SavedDomain.class);
    table.all().forEach((id, saved) -> byId.put(id, saved.domain(id)));
  }

  public synchronized PlaybackDomain create(String name, String type, String bucketName) {
    String domainName = Fqdn.hostName("name", name);
    if (!PlaybackDomain.isType(type)) {
      throw DeliveryException.invalid("type: required, one of live, vod");
    }
    String bucket = bucketFor(type, bucketName);
    if (byName(domainName).isPresent()) {
      throw DeliveryException.conflict("name: the domain " + domainName + " exists already");
    }
    if (byId.size() >= maxDomains) {
      throw DeliveryException.conflict(
          "domains: at most "
              + maxDomains
              + " playback domains per account;"
              + " delete one first (the service raises the limit on request to support)");
    }
    var domain =
        new PlaybackDomain(
            UUID.randomUUID().toString(),
            type,
            domainName,
            clock.timestamp(),
            profile.varies(WITHOUT_BUCKET) ? null : bucket);
    save(domain);
    return domain;
  }

  /**
   * Only a {@code vod} domain's bucket can change; anything else means deleting and creating the
   * domain.
   */
  public synchronized PlaybackDomain updateBucket(String id, String bucketName) {
    PlaybackDomain domain = get(id);
    if (!domain.isVod()) {
      throw DeliveryException.conflict(
          "type: a live domain cannot be updated; delete it and create a new one");
    }
    PlaybackDomain updated = domain.withBucket(BucketName.require("bucket_name", bucketName));
    save(updated);
    return updated;
  }

  public synchronized PlaybackDomain get(String id) {
    PlaybackDomain domain = byId.get(id);
    if (domain == null) {
      throw DeliveryException.notFound("domain_id: no domain with id " + id);
    }
    return domain;
  }

  synchronized boolean exists(String id) {
    return byId.containsKey(id);
  }

  public synchronized List<PlaybackDomain> list(Optional<String> type) {
    return byId.values().stream()
        .filter(domain -> type.map(domain.type()::equals).orElse(true))
        .toList();
  }

  public synchronized void delete(String id) {
    if (byId.remove(id) == null) {
      throw DeliveryException.notFound("domain_id: no domain with id " + id);
    }
    table.remove(id);
  }

  public synchronized Optional<PlaybackDomain> byName(String domainName) {
    return byId.values().stream()
        .filter(domain -> domain.domainName().equalsIgnoreCase(domainName))
        .findFirst();
  }

  @Override
  public Optional<String> typeOf(String domainName) {
    return byName(domainName).map(PlaybackDomain::type);
  }

  private void save(PlaybackDomain domain) {
    table.put(domain.id(), SavedDomain.of(domain));
    byId.put(domain.id(), domain);
  }

  private static String bucketFor(String type, String bucketName) {
    if (PlaybackDomain.VOD.equals(type)) {
      return BucketName.require("bucket_name", bucketName);
    }
    if (bucketName != null) {
      throw DeliveryException.invalid(
          "bucket_name: not allowed for live domains (only vod domains expose a bucket)");
    }
    return null;
  }
}
