package io.mediaflow.live;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the live streaming API is and how to call it.
 *
 * @param baseUrl document 2's {@code {live_base_url}}; the embedded default points it at the sandbox
 * @param apiKey the live streaming project's API key: from the environment ({@code MEDIAFLOW_LIVE_API_KEY}) or a
 *     secret store, never from a process
 * @param renewTokenBefore how long before its 24 hours an access token is replaced
 * @param timeout the longest wait for one HTTP answer
 */
@ConfigurationProperties("mediaflow.live")
public record LiveProperties(
    @DefaultValue("http://localhost:8080/sandbox/live") String baseUrl,
    @DefaultValue("sandbox-api-key") String apiKey,
    @DefaultValue("1h") Duration renewTokenBefore,
    @DefaultValue("30s") Duration timeout) {

  @Override
  public String toString() {
    return "LiveProperties[baseUrl=" + baseUrl + ", apiKey=***, renewTokenBefore=" + renewTokenBefore
        + ", timeout=" + timeout + "]";
  }
}
