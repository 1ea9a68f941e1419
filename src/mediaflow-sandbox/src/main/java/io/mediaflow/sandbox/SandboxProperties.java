package io.mediaflow.sandbox;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox: a local implementation of the three APIs, off unless {@code enabled} is set (the
 * embedded default sets it).
 *
 * @param enabled serve the sandbox under {@code /sandbox/}; read by {@link
 *     SandboxAutoConfiguration}, which creates none of the sandbox when it is false
 * @param publicUrl the address at which the sandbox is reached, used in the URLs it hands out
 *     (upload, status, playback, storage)
 * @param timeScale how long the service's work takes here: 1.0 gives the nominal durations (seconds
 *     for a transcoding job, 120 s for a stream timeout); tests use a small fraction
 * @param apiKeys the project API keys the sandbox accepts, for all three APIs
 * @param sessionTokenLifetime how long a transcoding session token or an access token stays valid
 */
@ConfigurationProperties("mediaflow.sandbox")
public record SandboxProperties(
    @DefaultValue("false") boolean enabled,
    @DefaultValue("http://localhost:8080/sandbox") String publicUrl,
    @DefaultValue("1.0") double timeScale,
    @DefaultValue("sandbox-api-key") List<String> apiKeys,
    @DefaultValue("24h") Duration sessionTokenLifetime) {

  public boolean acceptsApiKey(String apiKey) {
    return apiKey != null && apiKeys.contains(apiKey);
  }
}
