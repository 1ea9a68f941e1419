package io.mediaflow;

import io.camunda.client.CamundaClient;
import io.camunda.client.spring.configuration.CamundaAutoConfiguration;
import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.callback.CallbackConfiguration;
import io.mediaflow.callback.CallbackProperties;
import io.mediaflow.delivery.DeliveryConfiguration;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.live.LiveConfiguration;
import io.mediaflow.transcoding.TranscodingConfiguration;
import io.mediaflow.worker.WorkerConfiguration;
import io.mediaflow.worker.WorkerProperties;
import io.mediaflow.worker.internal.StuckStreamCloseGuard;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The plugin in a user's Spring Boot + Camunda application: for each API enabled ({@code
 * mediaflow.<api>.enabled}, on unless switched off) its client and one job worker per operation,
 * the callback receiver and the signing key store, and what operators see of them (metrics,
 * observations, log context). Every bean is declared here or in the configurations imported, each
 * backing off when the application declares its own; nothing of the application is scanned. After
 * the application's DataSource is configured, so the signing key store can keep its keys there.
 */
@AutoConfiguration(
    after = CamundaAutoConfiguration.class,
    afterName = "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration")
@ConditionalOnBean(CamundaClient.class)
@EnableConfigurationProperties(ReplicaProperties.class)
@Import({
  ObservabilityConfiguration.class,
  WorkerConfiguration.class,
  CallbackConfiguration.class,
  TranscodingConfiguration.class,
  LiveConfiguration.class,
  DeliveryConfiguration.class
})
public class MediaflowAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  MediaflowHttpClient mediaflowHttpClient(CamundaClient camunda) {
    return MediaflowHttpClient.standard(
        camunda.getConfiguration().getNumJobWorkerExecutionThreads());
  }

  @Bean
  @ConditionalOnMissingBean
  ReplicaCheck mediaflowReplicaCheck(
      ReplicaProperties replicas,
      WorkerProperties worker,
      CallbackProperties callbacks,
      ObjectProvider<SigningKeyStore> keyStore) {
    return new ReplicaCheck(replicas, worker, callbacks, keyStore);
  }

  /** A stop that stops, whatever state the client's job streams are in. */
  @Bean
  StuckStreamCloseGuard mediaflowStuckStreamCloseGuard(ApplicationContext context) {
    return new StuckStreamCloseGuard(context);
  }
}
