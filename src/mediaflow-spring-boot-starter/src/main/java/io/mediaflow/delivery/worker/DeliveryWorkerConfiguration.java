package io.mediaflow.delivery.worker;

import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.worker.internal.OperationHandlers;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The content delivery API's operation handlers, which the worker registry opens; imported by
 * {@code DeliveryConfiguration}. Declared here so that the handlers and their input records stay
 * package-private: applications see no type of the worker mechanism.
 */
@Configuration(proxyBeanMethods = false)
public class DeliveryWorkerConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "mediaflowDeliveryWorkers")
  OperationHandlers mediaflowDeliveryWorkers(
      DeliveryClient client, ManagedSigningKeys signingKeys, SignedUrls signedUrls) {
    return new DeliveryWorkers(client, signingKeys, signedUrls);
  }
}
