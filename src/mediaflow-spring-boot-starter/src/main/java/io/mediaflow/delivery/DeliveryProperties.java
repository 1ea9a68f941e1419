package io.mediaflow.delivery;

import io.mediaflow.api.BaseUrl;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the content delivery API is, how to call it, and where signed URLs point. Bound and checked
 * only while the API is enabled.
 *
 * @param enabled open the content delivery API's client and job workers
 * @param baseUrl document 1's {@code {cdn_base_url}}; required (the embedded default points it at
 *     the sandbox)
 * @param apiKey the project's API key, required: from the environment ({@code
 *     MEDIAFLOW_DELIVERY_API_KEY}) or a secret store, never from a process
 * @param renewTokenBefore how long before its 24 hours run out an access token is replaced
 * @param timeout the longest wait for one HTTP answer
 * @param storageUrl required: the default address of an object, with {@code {bucket}}, {@code
 *     {path}} and optionally {@code {region}}: for the real service {@code
 *     https://{bucket}.media-storage.{region}.<storage_domain>/{path}}
 * @param domainUrl the address of an object behind a {@code vod} playback domain, with {@code
 *     {domain}} and {@code {path}}: {@code https://{domain}/{path}} (the real service's) unless set
 * @param region the storage region in {@code storageUrl}: {@code us-west} or {@code eu-central}
 */
@ConfigurationProperties("mediaflow.delivery")
@Validated
public record DeliveryProperties(
    @DefaultValue("true") boolean enabled,
    @BaseUrl String baseUrl,
    @NotBlank String apiKey,
    @DefaultValue("5m") Duration renewTokenBefore,
    @DefaultValue("30s") Duration timeout,
    @BaseUrl(
            message =
                "must be set to an object's http:// or https:// address, with the placeholders bucket and path")
        String storageUrl,
    @DefaultValue("https://{domain}/{path}") String domainUrl,
    String region) {

  @Override
  public String toString() {
    return "DeliveryProperties[baseUrl="
        + baseUrl
        + ", apiKey=***, storageUrl="
        + storageUrl
        + ", domainUrl="
        + domainUrl
        + ", region="
        + region
        + "]";
  }
}
