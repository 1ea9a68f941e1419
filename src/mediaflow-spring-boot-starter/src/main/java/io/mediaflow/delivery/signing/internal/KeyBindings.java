package io.mediaflow.delivery.signing.internal;

import io.mediaflow.api.ApiException;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.Domain;
import io.mediaflow.delivery.GetSigningKey;
import io.mediaflow.delivery.ListDomains;
import io.mediaflow.delivery.SigningKey;
import java.util.Map;
import java.util.Objects;

/**
 * What a signing key can open. Document 1: "A signing key is bound to exactly one of: a playback
 * domain, a live stream, a bucket. A key for a bucket cannot be used for another bucket." A token
 * signed with a key bound elsewhere is well formed and every viewer is refused, so signing checks
 * the key's binding (read from the service, which is the only place that knows it) first and
 * refuses with {@link #BOUND_ELSEWHERE}, naming the key, what it is bound to and what the URLs
 * need.
 */
class KeyBindings {

  /** The BPMN error of a key that cannot open the URLs asked for. */
  static final String BOUND_ELSEWHERE = "SIGNING_KEY_BOUND_ELSEWHERE";

  private final DeliveryClient client;

  KeyBindings(DeliveryClient client) {
    this.client = client;
  }

  /**
   * Requires that key {@code keyId} opens objects of {@code bucketName} at its default address, or
   * (when {@code domainName} is given) behind that {@code vod} domain: a key bound to the bucket
   * the URLs are in, or to that domain.
   */
  void requireServesObjects(String keyId, String bucketName, String domainName) {
    SigningKey key = client.getSigningKey(new GetSigningKey(keyId));
    if (domainName == null) {
      if (!Objects.equals(key.bucketName(), bucketName)) {
        throw boundElsewhere(key, "objects of bucket " + bucketName + " at its default address");
      }
      return;
    }
    Domain domain =
        client.listDomains(new ListDomains(Domain.VOD)).stream()
            .filter(candidate -> domainName.equalsIgnoreCase(candidate.domainName()))
            .findFirst()
            .orElseThrow(
                () ->
                    new ApiException.Rejected(
                        "NOT_FOUND",
                        "domainName: the account has no vod playback domain named " + domainName,
                        Map.of("domainName", domainName)));
    boolean servesDomain = domain.id().equals(key.domainId());
    boolean servesItsBucket =
        key.bucketName() != null && key.bucketName().equals(domain.bucketName());
    if (!servesDomain && !servesItsBucket) {
      throw boundElsewhere(
          key,
          "objects of bucket "
              + domain.bucketName()
              + " behind vod domain "
              + domainName
              + " (a key bound to that bucket or that domain)");
    }
  }

  /**
   * Requires that key {@code keyId} can open live playback: a key bound to a bucket opens only that
   * bucket's objects.
   */
  void requireServesLivePlayback(String keyId) {
    SigningKey key = client.getSigningKey(new GetSigningKey(keyId));
    if (key.bucketName() != null) {
      throw boundElsewhere(
          key, "live playback (a key bound to the stream or to its live playback domain)");
    }
  }

  private static ApiException.Rejected boundElsewhere(SigningKey key, String needed) {
    return new ApiException.Rejected(
        BOUND_ELSEWHERE,
        "Signing key "
            + key.id()
            + " is bound to "
            + binding(key)
            + ", and a key serves exactly one bucket, domain or stream: it cannot sign URLs for "
            + needed,
        Map.of("signingKeyId", key.id(), "boundTo", binding(key)));
  }

  private static String binding(SigningKey key) {
    if (key.bucketName() != null) {
      return "bucket " + key.bucketName();
    }
    if (key.domainId() != null) {
      return "playback domain " + key.domainId();
    }
    if (key.streamId() != null) {
      return "live stream " + key.streamId();
    }
    return "nothing the service shows (no bucket_name, domain_id or stream_id)";
  }
}
