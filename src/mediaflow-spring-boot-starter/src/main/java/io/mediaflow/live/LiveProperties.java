package io.mediaflow.live;

import io.mediaflow.api.BaseUrl;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import java.time.ZoneId;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the live streaming API is and how to call it. Bound and checked only while the API is
 * enabled.
 *
 * @param enabled open the live streaming API's client and job workers
 * @param baseUrl document 2's {@code {live_base_url}}; required (the embedded default points it at
 *     the sandbox)
 * @param apiKey the live streaming project's API key, required: from the environment ({@code
 *     MEDIAFLOW_LIVE_API_KEY}) or a secret store, never from a process
 * @param renewTokenBefore how long before its 24 hours an access token is replaced
 * @param timeout the longest wait for one HTTP answer
 * @param dvrStorageUrl the S3-compatible storage that {@code s3://} DVR destinations are in, listed
 *     to find what a stream recorded ({@code https://s3.amazonaws.com} by default; the embedded
 *     default points it at the sandbox)
 * @param dvrStorageRegion the region requests to that storage are signed for
 * @param playbackDomainUrl where a stream's playback under its custom live playback domain is
 *     fetched to check that it plays, with {@code {domain}} and {@code {path}}: the domain itself
 *     ({@code https://{domain}/{path}}, the default) for the real service; the embedded default
 *     points it at the sandbox's stand-in for the domain
 * @param statusTimeZone the zone of the service's status timestamps ({@code YYYY-MM-DD HH:MM:SS},
 *     document 2 gives none), for setting the end of a show against the times its recordings were
 *     stored; UTC, as the service's own clock is assumed to run
 */
@ConfigurationProperties("mediaflow.live")
@Validated
public record LiveProperties(
    @DefaultValue("true") boolean enabled,
    @BaseUrl String baseUrl,
    @NotBlank String apiKey,
    @DefaultValue("1h") Duration renewTokenBefore,
    @DefaultValue("30s") Duration timeout,
    @DefaultValue("https://s3.amazonaws.com") @BaseUrl String dvrStorageUrl,
    @DefaultValue("us-east-1") @NotBlank String dvrStorageRegion,
    @DefaultValue("https://{domain}/{path}") @NotBlank String playbackDomainUrl,
    @DefaultValue("UTC") ZoneId statusTimeZone) {

  @Override
  public String toString() {
    return "LiveProperties[baseUrl="
        + baseUrl
        + ", apiKey=***, renewTokenBefore="
        + renewTokenBefore
        + ", timeout="
        + timeout
        + ", dvrStorageUrl="
        + dvrStorageUrl
        + ", dvrStorageRegion="
        + dvrStorageRegion
        + ", playbackDomainUrl="
        + playbackDomainUrl
        + ", statusTimeZone="
        + statusTimeZone
        + "]";
  }
}
