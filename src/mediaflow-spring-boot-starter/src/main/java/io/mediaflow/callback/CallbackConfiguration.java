package io.mediaflow.callback;

import io.camunda.client.CamundaClient;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Callback URLs for the operations that hand one to the service, and the receiver that turns
 * callbacks into messages: in a servlet web application with callbacks enabled only, since the
 * service must be able to reach it.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CallbackProperties.class)
public class CallbackConfiguration {

  @Bean
  @ConditionalOnMissingBean
  CallbackUrls mediaflowCallbackUrls(CallbackProperties properties) {
    return new CallbackUrls(properties, Clock.systemUTC());
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
  @ConditionalOnProperty(
      name = "mediaflow.callbacks.enabled",
      havingValue = "true",
      matchIfMissing = true)
  CallbackReceiver mediaflowCallbackReceiver(
      CallbackUrls urls,
      CamundaClient camunda,
      CallbackProperties properties,
      MediaflowMetrics metrics,
      LogContext logs) {
    return new CallbackReceiver(urls, camunda, properties, metrics, logs);
  }
}
