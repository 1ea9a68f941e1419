package io.mediaflow.app.engine.gateway;

import io.mediaflow.app.engine.EngineProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The embedded engine's gateway, which the engine is opened with, and its commands. */
@Configuration(proxyBeanMethods = false)
class GatewayConfiguration {

  /** Closed by the engine, which closes it before its server stops. */
  @Bean(destroyMethod = "")
  EngineGateway engineGateway(EngineProperties properties) {
    return new EngineGateway(properties.port());
  }

  @Bean
  CommandGateway commandGateway(EngineGateway gateway) {
    return gateway.commands();
  }
}
