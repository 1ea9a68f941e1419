package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Puts the test control's faults in front of the transcoding API and the upload host. */
@Configuration(proxyBeanMethods = false)
class TranscodingWebConfiguration implements WebMvcConfigurer {

  private final FaultInjector faults;
  private final ObjectMapper json;
  private final Tasks tasks;

  TranscodingWebConfiguration(FaultInjector faults, ObjectMapper json, Tasks tasks) {
    this.faults = faults;
    this.json = json;
    this.tasks = tasks;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry
        .addInterceptor(new FaultInterceptor(faults, json, tasks))
        .addPathPatterns(
            "/sandbox/transcoding/v1/**", "/sandbox/transcoding/master/**", "/sandbox/upload/**");
  }
}
