package io.mediaflow.app.engine.gateway;

import io.mediaflow.app.engine.EngineProperties;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The embedded engine's gateway, which the engine is opened with, and the commands through it that
 * the REST API sends.
 */
@Configuration(proxyBeanMethods = false)
class GatewayConfiguration {

  /**
   * How long a command written to the log waits for its outcome: as long as the client waits for an
   * answer.
   */
  static final String REQUEST_TIMEOUT = "${camunda.client.request-timeout:10s}";

  /** Closed by the engine, which closes it before its server stops. */
  @Bean(destroyMethod = "")
  EngineGateway engineGateway(EngineProperties properties) {
    return new EngineGateway(properties.port());
  }

  @Bean
  CommandGateway commandGateway(EngineGateway gateway) {
    return gateway.commands();
  }

  @Bean
  EngineCommands engineCommands(
      EngineGateway gateway, EngineRecordFeed feed, @Value(REQUEST_TIMEOUT) Duration timeout) {
    return new EngineCommands(gateway.commandLog(), feed, timeout);
  }
}
