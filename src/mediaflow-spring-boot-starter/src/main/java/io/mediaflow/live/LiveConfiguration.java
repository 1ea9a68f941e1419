package io.mediaflow.live;

import io.camunda.client.CamundaClient;
import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.api.internal.ApiHttp;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.live.dvr.DvrStorage;
import io.mediaflow.live.worker.CreatingInstances;
import io.mediaflow.live.worker.EndedInstanceStreams;
import io.mediaflow.live.worker.LiveWorkers;
import io.mediaflow.worker.WorkerProperties;
import java.net.URI;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The live streaming API's client and job workers, unless {@code mediaflow.live.enabled=false}, and
 * the sweep that stops the streams of ended instances, unless {@code
 * mediaflow.live.sweep.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "mediaflow.live.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties({LiveProperties.class, SweepProperties.class})
public class LiveConfiguration {

  @Bean
  @ConditionalOnMissingBean
  LiveClient mediaflowLiveClient(LiveProperties properties, MediaflowHttpClient http) {
    return new LiveClient(properties, http.okHttp(), Clock.systemUTC());
  }

  @Bean
  @ConditionalOnMissingBean
  DvrStorage mediaflowDvrStorage(LiveProperties properties, MediaflowHttpClient http) {
    return new DvrStorage(
        new ApiHttp(http.okHttp()),
        URI.create(properties.dvrStorageUrl()),
        properties.dvrStorageRegion(),
        Clock.systemUTC());
  }

  @Bean
  @ConditionalOnMissingBean
  CreatingInstances mediaflowCreatingInstances(WorkerProperties worker) {
    return new CreatingInstances(worker.stateSecret(), Clock.systemUTC());
  }

  @Bean
  @ConditionalOnMissingBean
  LiveWorkers mediaflowLiveWorkers(
      LiveClient client,
      CallbackUrls callbacks,
      DvrStorage dvrStorage,
      CreatingInstances creators) {
    return new LiveWorkers(client, callbacks, dvrStorage, creators);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(
      name = "mediaflow.live.sweep.enabled",
      havingValue = "true",
      matchIfMissing = true)
  EndedInstanceStreams mediaflowEndedInstanceStreams(
      LiveClient client,
      CamundaClient camunda,
      CreatingInstances creators,
      SweepProperties properties) {
    return new EndedInstanceStreams(client, camunda, creators, properties, Clock.systemUTC());
  }
}
