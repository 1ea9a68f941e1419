package io.mediaflow.live.worker;

import io.camunda.client.CamundaClient;
import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.LiveProperties;
import io.mediaflow.live.SweepProperties;
import io.mediaflow.live.internal.DvrStorage;
import io.mediaflow.live.internal.PlaybackCheck;
import io.mediaflow.worker.WorkerProperties;
import io.mediaflow.worker.internal.OperationHandlers;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The live streaming API's operation handlers, which the worker registry opens, and the sweep that
 * stops the streams of ended instances, unless {@code mediaflow.live.sweep.enabled=false}; imported
 * by {@code LiveConfiguration}. Declared here so that the handlers and their input records stay
 * package-private: applications see no type of the worker mechanism.
 */
@Configuration(proxyBeanMethods = false)
public class LiveWorkerConfiguration {

  @Bean
  @ConditionalOnMissingBean
  CreatingInstances mediaflowCreatingInstances(WorkerProperties worker) {
    return new CreatingInstances(worker.stateSecret(), Clock.systemUTC());
  }

  @Bean
  @ConditionalOnMissingBean(name = "mediaflowLiveWorkers")
  OperationHandlers mediaflowLiveWorkers(
      LiveClient client,
      CallbackUrls callbacks,
      DvrStorage dvrStorage,
      CreatingInstances creators,
      MediaflowHttpClient http,
      LiveProperties properties) {
    return new LiveWorkers(
        client,
        callbacks,
        dvrStorage,
        creators,
        new PlaybackCheck(http.okHttp(), properties.playbackDomainUrl()),
        properties.statusTimeZone());
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
