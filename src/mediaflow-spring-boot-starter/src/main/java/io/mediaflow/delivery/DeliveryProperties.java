package io.mediaflow.delivery;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the content delivery API is, how to call it, and where signed URLs point.
 *
 * @param baseUrl document 1's {@code {cdn_base_url}}; the embedded default points it at the sandbox
 * @param apiKey the project's API key: from the environment ({@code MEDIAFLOW_DELIVERY_API_KEY}) or a secret store,
 *     never from a process
 * @param renewTokenBefore how long before its 24 hours run out an access token is replaced
 * @param timeout the longest wait for one HTTP answer
 * @param storageUrl the default address of an object, with {@code {bucket}}, {@code {path}} and optionally
 *     {@code {region}}: for the real service {@code https://{bucket}.media-storage.{region}.<storage_domain>/{path}}
 * @param domainUrl the address of an object behind a {@code vod} playback domain, with {@code {domain}} and
 *     {@code {path}}: for the real service {@code https://{domain}/{path}}
 * @param region the storage region in {@code storageUrl}: {@code us-west} or {@code eu-central}
 */
@ConfigurationProperties("mediaflow.delivery")
public record DeliveryProperties(
    @DefaultValue("http://localhost:8080/sandbox/cdn") String baseUrl,
    @DefaultValue("sandbox-api-key") String apiKey,
    @DefaultValue("5m") Duration renewTokenBefore,
    @DefaultValue("30s") Duration timeout,
    @DefaultValue("http://localhost:8080/sandbox/storage/{bucket}/{path}") String storageUrl,
    @DefaultValue("http://localhost:8080/sandbox/domains/{domain}/{path}") String domainUrl,
    String region) {

  @Override
  public String toString() {
    return "DeliveryProperties[baseUrl=" + baseUrl + ", apiKey=***, storageUrl=" + storageUrl + ", domainUrl="
        + domainUrl + ", region=" + region + "]";
  }
}
