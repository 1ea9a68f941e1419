package io.mediaflow;

import io.mediaflow.api.CredentialsHealthIndicator;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.live.LiveClient;
import io.mediaflow.transcoding.TranscodingClient;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.CompositeHealthContributor;
import org.springframework.boot.actuate.health.HealthContributor;
import org.springframework.boot.actuate.health.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * {@code /actuator/health/mediaflow}: one indicator per API enabled ({@code transcoding}, {@code
 * live}, {@code delivery}), each fetching a token with the configured key. With Spring Boot's
 * actuator in the application; off with {@code management.health.mediaflow.enabled=false}.
 *
 * <p>The group of the same name ({@link MediaflowHealthGroup}) shows it on its own. It is not part
 * of the readiness group: a service outage fails jobs with retries and incidents, and taking every
 * replica out of the cluster for it would only stop the engine's other work too.
 */
@AutoConfiguration(after = MediaflowAutoConfiguration.class)
@ConditionalOnClass(
    name =
        "org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator")
public class MediaflowHealthAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "mediaflowHealthContributor")
  @ConditionalOnEnabledHealthIndicator("mediaflow")
  HealthContributor mediaflowHealthContributor(
      ObjectProvider<TranscodingClient> transcoding,
      ObjectProvider<LiveClient> live,
      ObjectProvider<DeliveryClient> delivery) {
    Map<String, HealthContributor> apis = new LinkedHashMap<>();
    transcoding.ifAvailable(
        client ->
            apis.put("transcoding", new CredentialsHealthIndicator(client::verifyCredentials)));
    live.ifAvailable(
        client -> apis.put("live", new CredentialsHealthIndicator(client::verifyCredentials)));
    delivery.ifAvailable(
        client -> apis.put("delivery", new CredentialsHealthIndicator(client::verifyCredentials)));
    return CompositeHealthContributor.fromMap(apis);
  }

  /**
   * Under the contributor's own switch: a group of a contributor that is off would show nothing.
   */
  @Bean
  @ConditionalOnEnabledHealthIndicator("mediaflow")
  HealthEndpointGroupsPostProcessor mediaflowHealthGroup() {
    return MediaflowHealthGroup::addTo;
  }
}
