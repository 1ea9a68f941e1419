package io.mediaflow.transcoding;

import io.mediaflow.api.BaseUrl;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the transcoding API is and how to call it. Bound and checked only while the API is enabled.
 *
 * @param enabled open the transcoding API's client and job workers
 * @param baseUrl document 3's {@code {base_url}}; required (the embedded default points it at the
 *     sandbox)
 * @param apiKey the project's API key, required: from the environment ({@code
 *     MEDIAFLOW_TRANSCODING_API_KEY}) or a secret store, never from a process
 * @param uploadChunkSize bytes per TUS {@code PATCH}
 * @param renewTokenBefore how long before its {@code expire} a session token is replaced
 * @param timeout the longest wait for one HTTP answer
 * @param localSourceDirectory the one folder on this machine a process may upload files from;
 *     unset, a source given as a local path is refused
 * @param taskTokensSeparator what separates several tokens in {@code /v1/status}'s {@code
 *     task_tokens}: a comma, as the spec's README says of the real service (document 3 does not)
 * @param profilesSeparator what separates several profile ids in {@code /v1/start_encode}'s {@code
 *     profiles}: a comma, a guess (no document shows the form), changeable here without a release
 */
@ConfigurationProperties("mediaflow.transcoding")
@Validated
public record TranscodingProperties(
    @DefaultValue("true") boolean enabled,
    @BaseUrl String baseUrl,
    @NotBlank String apiKey,
    @DefaultValue("2000000") int uploadChunkSize,
    @DefaultValue("5m") Duration renewTokenBefore,
    @DefaultValue("30s") Duration timeout,
    String localSourceDirectory,
    @DefaultValue(",") @NotEmpty String taskTokensSeparator,
    @DefaultValue(",") @NotEmpty String profilesSeparator) {

  @Override
  public String toString() {
    return "TranscodingProperties[baseUrl="
        + baseUrl
        + ", apiKey=***, uploadChunkSize="
        + uploadChunkSize
        + "]";
  }
}
