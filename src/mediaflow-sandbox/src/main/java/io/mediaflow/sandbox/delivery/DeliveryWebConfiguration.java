package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.AccessTokens;
import io.mediaflow.sandbox.BearerAuthentication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.filter.OrderedFormContentFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The content delivery API's address ({@code cdn_base_url} = {@code {publicUrl}/cdn}) and its
 * bearer check, and the CDN edge's preflight answers.
 */
@Configuration(proxyBeanMethods = false)
class DeliveryWebConfiguration implements WebMvcConfigurer {

  /**
   * Every endpoint of document 1 lives under this path, the sandbox's {@code {cdn_base_url}/v1}.
   */
  static final String API = "/sandbox/cdn/v1";

  private final AccessTokens tokens;
  private final ObjectMapper json;

  DeliveryWebConfiguration(AccessTokens tokens, ObjectMapper json) {
    this.tokens = tokens;
    this.json = json;
  }

  @Bean
  FilterRegistrationBean<CorsPreflightFilter> corsPreflightFilter(
      EdgeAddresses addresses, BucketControls controls) {
    var registration =
        new FilterRegistrationBean<>(new CorsPreflightFilter(addresses, controls, json));
    registration.addUrlPatterns(EdgeAddresses.STORAGE + "/*", EdgeAddresses.DOMAINS + "/*");
    return registration;
  }

  /** Before Spring's form filter, which would otherwise consume the body of a storage PUT. */
  @Bean
  FilterRegistrationBean<FormTypedPutFilter> formTypedPutFilter() {
    var registration = new FilterRegistrationBean<>(new FormTypedPutFilter());
    registration.addUrlPatterns(EdgeAddresses.STORAGE + "/*");
    registration.setOrder(OrderedFormContentFilter.DEFAULT_ORDER - 1);
    return registration;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    BearerAuthentication.protect(registry, tokens, "cdn", json);
  }
}
