package io.mediaflow.delivery.signing.internal;

import io.mediaflow.delivery.DeliveryProperties;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.web.util.UriUtils;

/**
 * Where an object of a bucket is read, the one place that maps a bucket or a playback domain and a
 * path to a URL:
 *
 * <ul>
 *   <li>the default address, {@code mediaflow.delivery.storage-url}: for the real service {@code
 *       https://{bucket}.media-storage.{region}.<storage_domain>/{path}}, for the sandbox {@code
 *       {publicUrl}/storage/{bucket}/{path}};
 *   <li>a {@code vod} playback domain, {@code mediaflow.delivery.domain-url}: for the real service
 *       {@code https://{domain}/{path}}, for the sandbox {@code
 *       {publicUrl}/domains/{domain}/{path}}.
 * </ul>
 *
 * A signed URL is either address with the token in the {@code auth} query parameter.
 */
public class ContentAddresses {

  /** Document 1: the regions of the default address. */
  public static final List<String> REGIONS = List.of("us-west", "eu-central");

  private final String storageUrl;
  private final String domainUrl;

  public ContentAddresses(DeliveryProperties properties) {
    this.domainUrl = properties.domainUrl();
    String template = properties.storageUrl();
    if (template.contains("{region}")) {
      // List.of refuses to look for null, and an unset region is the likeliest mistake.
      if (properties.region() == null || !REGIONS.contains(properties.region())) {
        throw new IllegalStateException(
            "mediaflow.delivery.region: must be one of "
                + String.join(", ", REGIONS)
                + ", since mediaflow.delivery.storage-url names {region}");
      }
      template = template.replace("{region}", properties.region());
    }
    this.storageUrl = template;
  }

  /** The object's default address. */
  public String ofBucket(String bucket, String path) {
    return storageUrl
        .replace("{bucket}", UriUtils.encodePathSegment(bucket, StandardCharsets.UTF_8))
        .replace("{path}", encodedPath(path));
  }

  /** The object's address behind a {@code vod} playback domain. */
  public String ofDomain(String domain, String path) {
    return domainUrl
        .replace("{domain}", UriUtils.encodePathSegment(domain, StandardCharsets.UTF_8))
        .replace("{path}", encodedPath(path));
  }

  /** The address with a signed token. */
  public static String signed(String address, String token) {
    return address + (address.contains("?") ? "&" : "?") + "auth=" + token;
  }

  /**
   * The path inside the bucket as the addresses and tokens use it: without blanks around it or
   * leading slashes.
   */
  public static String objectPath(String path) {
    String trimmed = path == null ? "" : path.strip();
    while (trimmed.startsWith("/")) {
      trimmed = trimmed.substring(1);
    }
    return trimmed;
  }

  /** Each segment percent-encoded, the slashes kept. */
  private static String encodedPath(String path) {
    return UriUtils.encodePath(objectPath(path), StandardCharsets.UTF_8);
  }
}
