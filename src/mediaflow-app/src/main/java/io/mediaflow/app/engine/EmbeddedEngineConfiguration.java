package io.mediaflow.app.engine;

import io.camunda.client.CamundaClient;
import io.camunda.client.CredentialsProvider;
import io.mediaflow.app.engine.clock.EngineClock;
import io.mediaflow.app.security.AccessProperties;
import io.mediaflow.app.security.GatewayAccess;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The embedded default's Zeebe engine ({@link DurableEngine}), opened with the gateway above it
 * ({@link Gateway}), its state in its data folder so that a restart or a crash loses nothing it
 * acknowledged, listening on the gateway address the client connects to: loopback unless configured
 * otherwise, and then only with credentials, which every call must present. There is no other kind
 * of embedded engine: the tests run this one too, each Spring context in a data folder of its own.
 */
@Configuration(proxyBeanMethods = false)
class EmbeddedEngineConfiguration {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEngineConfiguration.class);
  static final String ENGINE_BEAN = "embeddedZeebeEngine";

  @Bean(name = ENGINE_BEAN)
  DurableEngine embeddedZeebeEngine(
      EngineProperties properties, AccessProperties access, Gateway gateway) {
    var address = address(properties, access);
    DurableEngine engine =
        DurableEngine.open(
            properties.dataDirectory(),
            address,
            properties.minKeepAliveInterval(),
            GatewayAccess.server(access),
            properties.snapshotPeriod(),
            properties.snapshotLogGrowth().toBytes(),
            properties.logSegmentSize().toBytes(),
            gateway);
    LOG.info(
        "Embedded Zeebe engine: gateway on {}:{}{}",
        address.getHostString(),
        address.getPort(),
        access.configured() ? ", credentials required" : "");
    return engine;
  }

  @Bean
  EngineClock engineClock(DurableEngine engine) {
    return engine.clock();
  }

  private static InetSocketAddress address(EngineProperties properties, AccessProperties access) {
    access.requireForAddress("mediaflow.engine.address", properties.address());
    return new InetSocketAddress(properties.address(), properties.port());
  }

  /**
   * This application's own client presents the credentials its gateway and its REST API ask for
   * (the live sweep asks the REST API whether an instance is still active).
   */
  @Bean
  CredentialsProvider embeddedGatewayCredentials(AccessProperties access) {
    return GatewayAccess.credentials(access);
  }

  /**
   * The client must not come up before the engine it talks to, or the workers' first polls fail.
   */
  @Bean
  static BeanFactoryPostProcessor clientsDependOnEmbeddedEngine() {
    return beanFactory -> {
      for (String name : beanFactory.getBeanNamesForType(CamundaClient.class, true, false)) {
        var definition = beanFactory.getBeanDefinition(name);
        String[] dependsOn =
            definition.getDependsOn() == null ? new String[0] : definition.getDependsOn();
        if (!Arrays.asList(dependsOn).contains(ENGINE_BEAN)) {
          definition.setDependsOn(
              Stream.concat(Arrays.stream(dependsOn), Stream.of(ENGINE_BEAN))
                  .toArray(String[]::new));
        }
      }
    };
  }
}
