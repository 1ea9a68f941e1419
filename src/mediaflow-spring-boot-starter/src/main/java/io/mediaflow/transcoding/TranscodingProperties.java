package io.mediaflow.transcoding;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the transcoding API is and how to call it.
 *
 * @param baseUrl document 3's {@code {base_url}}; the embedded default points it at the sandbox
 * @param apiKey the project's API key: from the environment ({@code MEDIAFLOW_TRANSCODING_API_KEY}) or a secret
 *     store, never from a process
 * @param uploadChunkSize bytes per TUS {@code PATCH}
 * @param renewTokenBefore how long before its {@code expire} a session token is replaced
 * @param timeout the longest wait for one HTTP answer
 */
@ConfigurationProperties("mediaflow.transcoding")
public record TranscodingProperties(
    @DefaultValue("http://localhost:8080/sandbox/transcoding") String baseUrl,
    @DefaultValue("sandbox-api-key") String apiKey,
    @DefaultValue("2000000") int uploadChunkSize,
    @DefaultValue("5m") Duration renewTokenBefore,
    @DefaultValue("30s") Duration timeout) {

  @Override
  public String toString() {
    return "TranscodingProperties[baseUrl=" + baseUrl + ", apiKey=***, uploadChunkSize=" + uploadChunkSize + "]";
  }
}
