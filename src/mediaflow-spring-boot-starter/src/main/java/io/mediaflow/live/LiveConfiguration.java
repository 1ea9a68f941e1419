package io.mediaflow.live;

import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.live.internal.DvrStorage;
import io.mediaflow.live.worker.LiveWorkerConfiguration;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.net.URI;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The live streaming API's client and job workers, unless {@code mediaflow.live.enabled=false}, and
 * the sweep that stops the streams of ended instances, unless {@code
 * mediaflow.live.sweep.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "mediaflow.live.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties({LiveProperties.class, SweepProperties.class})
@Import(LiveWorkerConfiguration.class)
public class LiveConfiguration {

  @Bean
  @ConditionalOnMissingBean
  LiveClient mediaflowLiveClient(
      LiveProperties properties, MediaflowHttpClient http, MediaflowMetrics metrics) {
    return new LiveClient(properties, http.okHttp(), Clock.systemUTC(), metrics);
  }

  @Bean
  @ConditionalOnMissingBean
  DvrStorage mediaflowDvrStorage(LiveProperties properties, MediaflowHttpClient http) {
    return new DvrStorage(
        http.okHttp(),
        URI.create(properties.dvrStorageUrl()),
        properties.dvrStorageRegion(),
        Clock.systemUTC());
  }
}
