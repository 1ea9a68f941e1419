package io.mediaflow.transcoding;

import io.camunda.client.CamundaClient;
import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.internal.DocumentSources;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.transcoding.internal.MetadataOutputs;
import io.mediaflow.transcoding.worker.MetadataWorkers;
import io.mediaflow.transcoding.worker.TranscodingWorkers;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The transcoding API's client and job workers, unless {@code mediaflow.transcoding.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "mediaflow.transcoding.enabled",
    havingValue = "true",
    matchIfMissing = true)
@EnableConfigurationProperties(TranscodingProperties.class)
public class TranscodingConfiguration {

  @Bean
  @ConditionalOnMissingBean
  TranscodingClient mediaflowTranscodingClient(
      TranscodingProperties properties, MediaflowHttpClient http) {
    return new TranscodingClient(properties, http.okHttp(), Clock.systemUTC());
  }

  @Bean
  @ConditionalOnMissingBean
  TranscodingWorkers mediaflowTranscodingWorkers(
      TranscodingClient client,
      CallbackUrls callbacks,
      TranscodingProperties properties,
      ObjectProvider<CamundaClient> camunda) {
    return new TranscodingWorkers(
        client,
        callbacks,
        new LocalSources(properties.localSourceDirectory()),
        new DocumentSources(camunda.getIfAvailable()));
  }

  @Bean
  @ConditionalOnMissingBean
  MetadataWorkers mediaflowMetadataWorkers(
      TranscodingProperties properties, MediaflowHttpClient http) {
    return new MetadataWorkers(
        new MetadataOutputs(http.okHttp().newBuilder().callTimeout(properties.timeout()).build()));
  }
}
