package io.mediaflow.delivery;

import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.api.StorageAddresses;
import io.mediaflow.delivery.signing.KeyStoreProperties;
import io.mediaflow.delivery.signing.SigningKeyStore;
import io.mediaflow.delivery.signing.SigningKeyStoreConfiguration;
import io.mediaflow.delivery.signing.internal.ContentAddresses;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.delivery.worker.DeliveryWorkerConfiguration;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The content delivery API's client and job workers, signed URLs and the store of signing keys'
 * private keys, unless {@code mediaflow.delivery.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(
    name = "mediaflow.delivery.enabled",
    havingValue = "true",
    matchIfMissing = true)
@EnableConfigurationProperties({DeliveryProperties.class, KeyStoreProperties.class})
@Import({SigningKeyStoreConfiguration.class, DeliveryWorkerConfiguration.class})
public class DeliveryConfiguration {

  @Bean
  @ConditionalOnMissingBean
  DeliveryClient mediaflowDeliveryClient(
      DeliveryProperties properties, MediaflowHttpClient http, MediaflowMetrics metrics) {
    return new DeliveryClient(properties, http.okHttp(), Clock.systemUTC(), metrics);
  }

  @Bean
  @ConditionalOnMissingBean
  ContentAddresses mediaflowContentAddresses(DeliveryProperties properties) {
    return new ContentAddresses(properties);
  }

  /**
   * The default address of a bucket's objects, for those who read outputs (the rendition check).
   */
  @Bean
  @ConditionalOnMissingBean
  StorageAddresses mediaflowStorageAddresses(ContentAddresses addresses) {
    return addresses::ofBucket;
  }

  @Bean
  @ConditionalOnMissingBean
  SignedUrls mediaflowSignedUrls(
      SigningKeyStore store,
      ContentAddresses addresses,
      DeliveryClient client,
      MediaflowMetrics metrics) {
    return new SignedUrls(store, addresses, client, Clock.systemUTC(), metrics);
  }

  @Bean
  @ConditionalOnMissingBean
  ManagedSigningKeys mediaflowManagedSigningKeys(
      DeliveryClient client, SigningKeyStore store, MediaflowMetrics metrics) {
    return new ManagedSigningKeys(client, store, metrics);
  }
}
