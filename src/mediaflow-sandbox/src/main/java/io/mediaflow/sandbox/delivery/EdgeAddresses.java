package io.mediaflow.sandbox.delivery;

import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The two addresses the CDN edge serves a bucket at, as the sandbox lays them out under its own
 * base address:
 *
 * <ul>
 *   <li>{@code /sandbox/storage/<bucket>/<path>} stands in for the default address {@code
 *       https://<bucket>.media-storage.<region>.<storage_domain>/<path>}; tokens signed with a key
 *       of that bucket open it.
 *   <li>{@code /sandbox/domains/<domain_name>/<path>} stands in for {@code
 *       https://<domain_name>/<path>} of a {@code vod} playback domain and serves the domain's
 *       bucket; keys of that bucket and keys of that domain open it.
 * </ul>
 */
@Component
public class EdgeAddresses {

  public static final String STORAGE = "/sandbox/storage";
  public static final String DOMAINS = "/sandbox/domains";

  /**
   * What a request reaches: an object path inside a bucket, and the key bindings whose tokens open
   * it.
   */
  public record EdgeTarget(String bucket, String path, List<SigningKeyBinding> acceptedKeys) {}

  private final Domains domains;

  public EdgeAddresses(Domains domains) {
    this.domains = domains;
  }

  public EdgeTarget bucketAddress(String bucket, String path) {
    return new EdgeTarget(bucket, path, List.of(SigningKeyBinding.bucket(bucket)));
  }

  public EdgeTarget domainAddress(String domainName, String path) {
    PlaybackDomain domain =
        domains
            .byName(domainName)
            .filter(PlaybackDomain::isVod)
            .orElseThrow(
                () ->
                    DeliveryException.notFound(
                        "domain_name: no vod playback domain named "
                            + domainName
                            + " (live domains serve live playback)"));
    if (domain.bucketName() == null) {
      throw DeliveryException.notFound(
          "domain_name: the vod playback domain " + domainName + " exposes no bucket yet");
    }
    return new EdgeTarget(
        domain.bucketName(),
        path,
        List.of(
            SigningKeyBinding.bucket(domain.bucketName()), SigningKeyBinding.domain(domain.id())));
  }

  /** The target of a request path (without context path) under either address, if it is one. */
  public Optional<EdgeTarget> resolve(String requestPath) {
    for (String prefix : List.of(STORAGE, DOMAINS)) {
      if (requestPath.startsWith(prefix + "/")) {
        String rest = requestPath.substring(prefix.length() + 1);
        int slash = rest.indexOf('/');
        String host = slash < 0 ? rest : rest.substring(0, slash);
        String path = slash < 0 ? "" : rest.substring(slash);
        return Optional.of(
            prefix.equals(STORAGE) ? bucketAddress(host, path) : domainAddress(host, path));
      }
    }
    return Optional.empty();
  }
}
