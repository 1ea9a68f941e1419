package io.mediaflow.transcoding;

import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.transcoding.worker.TranscodingWorkerConfiguration;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The transcoding API's client and job workers, unless {@code mediaflow.transcoding.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "mediaflow.transcoding.enabled",
    havingValue = "true",
    matchIfMissing = true)
@EnableConfigurationProperties(TranscodingProperties.class)
@Import(TranscodingWorkerConfiguration.class)
public class TranscodingConfiguration {

  @Bean
  @ConditionalOnMissingBean
  TranscodingClient mediaflowTranscodingClient(
      TranscodingProperties properties, MediaflowHttpClient http, MediaflowMetrics metrics) {
    return new TranscodingClient(properties, http.okHttp(), Clock.systemUTC(), metrics);
  }
}
