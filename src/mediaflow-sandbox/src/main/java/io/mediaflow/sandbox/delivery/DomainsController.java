package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaflow.sandbox.StatusBody;
import java.util.List;
import java.util.Optional;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Playback domains: {@code /v1/domains}. */
@RestController
@RequestMapping(DeliveryWebConfiguration.API + "/domains")
class DomainsController {

  record DomainRequest(
      @JsonProperty("name") String name,
      @JsonProperty("type") String type,
      @JsonProperty("bucket_name") String bucketName,
      @JsonProperty("domain_name") String domainName) {}

  record DomainResponse(@JsonProperty("domain") PlaybackDomain domain) {}

  record DomainsResponse(@JsonProperty("domains") List<PlaybackDomain> domains) {}

  private final Domains domains;
  private final TlsSubscriptions subscriptions;

  DomainsController(Domains domains, TlsSubscriptions subscriptions) {
    this.domains = domains;
    this.subscriptions = subscriptions;
  }

  @PostMapping
  DomainResponse create(@RequestBody(required = false) DomainRequest request) {
    DomainRequest body = orEmpty(request);
    if (body.name() == null && body.domainName() != null) {
      throw DeliveryException.invalid(
          "name: required; the request field is name (domain_name is the response field)");
    }
    return new DomainResponse(domains.create(body.name(), body.type(), body.bucketName()));
  }

  @GetMapping
  DomainsResponse list() {
    return new DomainsResponse(domains.list(Optional.empty()));
  }

  /**
   * {@code /v1/domains/live} and {@code /v1/domains/vod} list by type, anything else is a domain
   * id: the two documented GETs share one path shape, and ids are UUIDs, so the literal type names
   * decide.
   */
  @GetMapping("/{segment}")
  Object typeOrDomain(@PathVariable String segment) {
    return PlaybackDomain.isType(segment)
        ? new DomainsResponse(domains.list(Optional.of(segment)))
        : new DomainResponse(domains.get(segment));
  }

  @PutMapping("/{domainId}")
  DomainResponse update(
      @PathVariable String domainId, @RequestBody(required = false) DomainRequest request) {
    DomainRequest body = orEmpty(request);
    PlaybackDomain current = domains.get(domainId);
    if (changes(body.name(), current.domainName())
        || changes(body.domainName(), current.domainName())) {
      throw DeliveryException.invalid(
          "name: cannot be changed; delete the domain and create a new one");
    }
    if (changes(body.type(), current.type())) {
      throw DeliveryException.invalid(
          "type: fixed at creation; delete the domain and create a new one");
    }
    return new DomainResponse(domains.updateBucket(domainId, body.bucketName()));
  }

  /**
   * Deleting a domain also ends its TLS subscriptions: a certificate for a domain the CDN no longer
   * serves.
   */
  @DeleteMapping("/{domainId}")
  StatusBody delete(@PathVariable String domainId) {
    domains.delete(domainId);
    subscriptions.deleteForDomain(domainId);
    return StatusBody.OK;
  }

  private static DomainRequest orEmpty(DomainRequest request) {
    return request != null ? request : new DomainRequest(null, null, null, null);
  }

  private static boolean changes(String requested, String current) {
    return requested != null && !requested.equalsIgnoreCase(current);
  }
}
