package io.mediaflow.sandbox.live;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Bearer authentication in front of the live streaming API (not its control and playback endpoints). */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "mediaflow.sandbox.enabled", havingValue = "true", matchIfMissing = true)
class LiveWebConfiguration implements WebMvcConfigurer {

  /** Where the API lives: {@code live_base_url} is {@code {publicUrl}/live}. */
  static final String API = "/sandbox/live/v1";

  private final BearerAuthentication authentication;

  LiveWebConfiguration(BearerAuthentication authentication) {
    this.authentication = authentication;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(authentication).addPathPatterns(API + "/**").excludePathPatterns(API + "/access_token/**");
  }
}
