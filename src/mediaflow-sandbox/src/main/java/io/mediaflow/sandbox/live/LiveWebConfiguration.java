package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.AccessTokens;
import io.mediaflow.sandbox.BearerAuthentication;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Bearer authentication in front of the live streaming API (not its control and playback
 * endpoints).
 */
@Configuration(proxyBeanMethods = false)
class LiveWebConfiguration implements WebMvcConfigurer {

  /** Where the API lives: {@code live_base_url} is {@code {publicUrl}/live}. */
  static final String API = "/sandbox/live/v1";

  private final AccessTokens tokens;
  private final ObjectMapper json;

  LiveWebConfiguration(AccessTokens tokens, ObjectMapper json) {
    this.tokens = tokens;
    this.json = json;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    BearerAuthentication.protect(registry, tokens, "live", json);
  }
}
