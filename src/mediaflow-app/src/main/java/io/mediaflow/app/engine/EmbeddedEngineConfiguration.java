package io.mediaflow.app.engine;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.grpc.ClientInterceptor;
import io.mediaflow.app.security.AccessProperties;
import io.mediaflow.app.security.GatewayAccess;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The in-memory Zeebe engine of the embedded default, listening on the gateway address the client connects to:
 * loopback unless configured otherwise, and then only with credentials, which every call must present.
 *
 * <p>The two kinds of engine are imported rather than annotated as configurations of their own: component scanning
 * would find a nested {@code @Configuration} by itself, without this class's condition, and start an engine (and its
 * data folder) in an application that connects to a cluster elsewhere.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "mediaflow.engine.embedded", havingValue = "true", matchIfMissing = true)
@Import({EmbeddedEngineConfiguration.InMemory.class, EmbeddedEngineConfiguration.Persistent.class})
class EmbeddedEngineConfiguration {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEngineConfiguration.class);
  static final String ENGINE_BEAN = "embeddedZeebeEngine";
  /** How long a command written to the log waits for its outcome: as long as the client waits for an answer. */
  private static final String REQUEST_TIMEOUT = "${camunda.client.request-timeout:10s}";

  /** The engine in memory, as zeebe-process-test builds it: for tests that need no durability. */
  @ConditionalOnProperty(name = "mediaflow.engine.persistent", havingValue = "false", matchIfMissing = true)
  static class InMemory {

    @Bean(name = ENGINE_BEAN, destroyMethod = "stop")
    ZeebeTestEngine embeddedZeebeEngine(EngineProperties properties, AccessProperties access) {
      var address = address(properties, access);
      ZeebeTestEngine engine = EmbeddedGateway.create(address, properties.minKeepAliveInterval(),
          GatewayAccess.server(access));
      engine.start();
      if (!EmbeddedGateway.databaseIteratesInPlace()) {
        LOG.warn("The in-memory engine's database copies all its state on every iteration (Mediaflow's"
            + " InMemoryDbTransaction is not first on the class path): its cost per step grows with the state held");
      }
      LOG.info("Embedded Zeebe engine, in memory: gateway on {}:{}{}", address.getHostString(), address.getPort(),
          access.configured() ? ", credentials required" : "");
      return engine;
    }

    @Bean
    EngineRecordFeed.RecordSource engineRecords(ZeebeTestEngine engine) {
      return EngineLog.of(engine);
    }

    @Bean
    EngineCommands engineCommands(ZeebeTestEngine engine, EngineRecordFeed feed,
        @Value(REQUEST_TIMEOUT) Duration timeout) {
      return new EngineCommands(EmbeddedGateway.logStream(engine), feed, timeout);
    }

    @Bean
    EngineClock engineClock(ZeebeTestEngine engine) {
      return new EngineClock(EmbeddedGateway.streamProcessor(engine));
    }
  }

  /** The engine in its data folder, as the embedded default runs it: a restart or a crash loses nothing. */
  @ConditionalOnProperty(name = "mediaflow.engine.persistent", havingValue = "true")
  static class Persistent {

    @Bean(name = ENGINE_BEAN)
    DurableEngine embeddedZeebeEngine(EngineProperties properties, AccessProperties access) {
      var address = address(properties, access);
      DurableEngine engine = DurableEngine.open(properties.dataDirectory(), address,
          properties.minKeepAliveInterval(), GatewayAccess.server(access), properties.snapshotPeriod(),
          properties.snapshotLogGrowth().toBytes(), properties.logSegmentSize().toBytes());
      LOG.info("Embedded Zeebe engine, persistent: gateway on {}:{}{}", address.getHostString(), address.getPort(),
          access.configured() ? ", credentials required" : "");
      return engine;
    }

    /** The REST API's history, kept beside the log so that the log can be deleted below a snapshot. */
    @Bean
    HistoryStore historyStore(EngineProperties properties) {
      return new HistoryStore(properties.dataDirectory().resolve("history"));
    }

    /** The log after what the kept history already holds. */
    @Bean
    EngineRecordFeed.RecordSource engineRecords(DurableEngine engine, HistoryStore history) {
      return engine.recordsAfter(history.position());
    }

    @Bean
    EngineCommands engineCommands(DurableEngine engine, EngineRecordFeed feed, @Value(REQUEST_TIMEOUT) Duration timeout) {
      return new EngineCommands(engine.logStream(), feed, timeout);
    }

    @Bean
    EngineClock engineClock(DurableEngine engine) {
      return engine.clock();
    }

    /** No log segment is deleted before the history has kept what it read from it. */
    @Bean
    SmartInitializingSingleton historyBoundsLogDeletion(DurableEngine engine, ProcessHistory history) {
      return () -> engine.keepLogFrom(history::keep);
    }
  }

  private static InetSocketAddress address(EngineProperties properties, AccessProperties access) {
    access.requireForAddress("mediaflow.engine.address", properties.address());
    return new InetSocketAddress(properties.address(), properties.port());
  }

  /** This application's own client presents the credentials its gateway asks for. */
  @Bean
  ClientInterceptor embeddedGatewayCredentials(AccessProperties access) {
    return GatewayAccess.client(access);
  }

  /** The client must not come up before the engine it talks to, or the workers' first polls fail. */
  @Bean
  static BeanFactoryPostProcessor clientsDependOnEmbeddedEngine() {
    return beanFactory -> {
      for (String name : beanFactory.getBeanNamesForType(CamundaClient.class, true, false)) {
        var definition = beanFactory.getBeanDefinition(name);
        String[] dependsOn = definition.getDependsOn() == null ? new String[0] : definition.getDependsOn();
        if (!Arrays.asList(dependsOn).contains(ENGINE_BEAN)) {
          definition.setDependsOn(Stream.concat(Arrays.stream(dependsOn), Stream.of(ENGINE_BEAN)).toArray(String[]::new));
        }
      }
    };
  }
}
