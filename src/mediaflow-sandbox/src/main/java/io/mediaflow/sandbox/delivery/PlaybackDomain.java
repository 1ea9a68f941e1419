package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A playback domain as the service answers it: the request's {@code name} comes back as {@code
 * domain_name}, and {@code bucket_name} appears only on {@code vod} domains.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlaybackDomain(
    @JsonProperty("id") String id,
    @JsonProperty("type") String type,
    @JsonProperty("domain_name") String domainName,
    @JsonProperty("created") String created,
    @JsonProperty("bucket_name") String bucketName) {

  public static final String LIVE = "live";
  public static final String VOD = "vod";

  public static boolean isType(String value) {
    return LIVE.equals(value) || VOD.equals(value);
  }

  @JsonIgnore // not a field of the service's domain
  public boolean isVod() {
    return VOD.equals(type);
  }

  PlaybackDomain withBucket(String bucket) {
    return new PlaybackDomain(id, type, domainName, created, bucket);
  }
}
