package io.mediaflow;

import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.observability.internal.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.okhttp3.OkHttpObservationInterceptor;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What operators see of the plugin, as the application has it: meters in its {@link MeterRegistry}
 * when it has one, observations (and so traces) in its {@link ObservationRegistry} when it has one,
 * and each job in the log context. Without Micrometer on the classpath, or without a registry, the
 * plugin records nothing and runs the same. Both registries are looked up when the beans are made,
 * so the order of the application's auto-configurations does not matter.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ObservabilityProperties.class)
public class ObservabilityConfiguration {

  /**
   * The name of the observation of each HTTP call to the service, a child of its job's:
   * Micrometer's own OkHttp instrumentation, under the plugin's prefix.
   */
  static final String HTTP_CALLS = "mediaflow.http.client.requests";

  @Bean
  @ConditionalOnMissingBean
  LogContext mediaflowLogContext(ObservabilityProperties properties) {
    return new LogContext(properties.logContext().enabled());
  }

  /** Without micrometer-core on the classpath: nothing is recorded. */
  @Bean
  @ConditionalOnMissingBean
  MediaflowMetrics mediaflowMetrics() {
    return MediaflowMetrics.NONE;
  }

  /** Only loaded where micrometer-core is, which the starter does not bring. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(MeterRegistry.class)
  static class WithMicrometer {

    @Bean
    @ConditionalOnMissingBean
    MediaflowMetrics mediaflowMetrics(ObjectProvider<MeterRegistry> registry) {
      MeterRegistry meters = registry.getIfUnique();
      return meters == null ? MediaflowMetrics.NONE : new MicrometerMetrics(meters);
    }

    /**
     * Every {@link MediaflowHttpClient}, the starter's or the application's own, gets Micrometer's
     * OkHttp interceptor when the application has an {@link ObservationRegistry}: each call is an
     * observation within its job's, and a tracer there sends the trace context ({@code
     * traceparent}) with it. The host is kept as {@code target.host} only; the URL is no key of it
     * (a token request's path holds the API key), and nor is the path, which holds ids.
     */
    @Bean
    static BeanPostProcessor mediaflowHttpClientObservation(
        ObjectProvider<ObservationRegistry> observations) {
      return new BeanPostProcessor() {
        @Override
        public Object postProcessAfterInitialization(Object bean, String name) {
          ObservationRegistry registry;
          if (!(bean instanceof MediaflowHttpClient http)
              || (registry = observations.getIfUnique()) == null) {
            return bean;
          }
          return new MediaflowHttpClient(
              http.okHttp()
                  .newBuilder()
                  .addInterceptor(
                      OkHttpObservationInterceptor.builder(registry, HTTP_CALLS)
                          .includeHostTag(false)
                          .build())
                  .build());
        }
      };
    }
  }
}
