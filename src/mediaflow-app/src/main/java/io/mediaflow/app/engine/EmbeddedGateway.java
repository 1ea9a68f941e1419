package io.mediaflow.app.engine;

import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.process.test.engine.EngineFactory;
import io.camunda.zeebe.stream.impl.StreamProcessor;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.process.test.engine.FailJobWithVariables;
import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * zeebe-process-test's in-memory engine behind a gateway that behaves like a real Zeebe gateway.
 *
 * <p>{@link EngineFactory} builds the engine's gRPC server itself: on every interface, and with gRPC's default
 * keepalive policy, which answers a client pinging more often than every 5 minutes with {@code GOAWAY
 * too_many_pings}; Camunda's clients ping every 45 s, so any call lasting about 90 s was cut. The server is only
 * built there, bound when the engine starts; so before that the engine is put together again from the same parts
 * around a server of our own, bound to the configured address and permitting pings as a real gateway does
 * ({@code permitKeepAliveTime} = its {@code minKeepAliveInterval}, none without a call in flight). Rebuilding from
 * the parts rather than copying {@link EngineFactory} keeps the engine's wiring (processors, clock, database)
 * exactly zeebe-process-test's, and the version pinned in the pom is what this is checked against. Its FailJob
 * drops the request's variables; that one call goes to {@link FailJobWithVariables} instead.
 */
final class EmbeddedGateway {

  private EmbeddedGateway() {}

  /** An engine, not started, whose gateway will listen on {@code address}; every call passes {@code access}. */
  static ZeebeTestEngine create(InetSocketAddress address, Duration minKeepAliveInterval, ServerInterceptor access) {
    ZeebeTestEngine built = EngineFactory.create(address.getPort());
    BindableService gateway = part(built, BindableService.class);
    Server server = NettyServerBuilder.forAddress(address)
        .permitKeepAliveTime(minKeepAliveInterval.toMillis(), TimeUnit.MILLISECONDS)
        .permitKeepAliveWithoutCalls(false)
        .addService(ServerInterceptors.intercept(withFailJobVariables(gateway), access))
        .build();
    return withServer(built, server);
  }

  /** The gateway's calls, but FailJob through {@link FailJobWithVariables}, which keeps the request's variables. */
  static ServerServiceDefinition withFailJobVariables(BindableService gateway) {
    ServerServiceDefinition calls = gateway.bindService();
    var failJob = new FailJobWithVariables(gateway);
    var routed = ServerServiceDefinition.builder(calls.getServiceDescriptor());
    for (ServerMethodDefinition<?, ?> call : calls.getMethods()) {
      if (call.getMethodDescriptor().getFullMethodName().equals(GatewayGrpc.getFailJobMethod().getFullMethodName())) {
        routed.addMethod(GatewayGrpc.getFailJobMethod(), ServerCalls.asyncUnaryCall(failJob::failJob));
      } else {
        routed.addMethod(call);
      }
    }
    return routed.build();
  }

  /** The same engine with another gRPC server: its one constructor takes each of its parts, all of distinct types. */
  private static ZeebeTestEngine withServer(ZeebeTestEngine engine, Server server) {
    Constructor<?> constructor = engine.getClass().getConstructors()[0];
    Object[] parts = Arrays.stream(constructor.getParameterTypes())
        .map(type -> type == Server.class ? server : part(engine, type))
        .toArray();
    try {
      return (ZeebeTestEngine) constructor.newInstance(parts);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot rebuild " + engine.getClass().getName() + " around its gateway", e);
    }
  }

  /** The engine's log, which {@link EngineLog} reads. */
  static LogStream logStream(ZeebeTestEngine engine) {
    return part(engine, LogStream.class);
  }

  /** The engine's stream processor, whose position {@link EngineLog} must not release past. */
  static StreamProcessor streamProcessor(ZeebeTestEngine engine) {
    return part(engine, StreamProcessor.class);
  }

  /** Whether Mediaflow's {@code InMemoryDbTransaction}, which iterates without copying the database, is loaded. */
  static boolean databaseIteratesInPlace() {
    try {
      Class.forName("io.camunda.zeebe.process.test.engine.db.InMemoryDbTransaction$Merged");
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  private static <T> T part(ZeebeTestEngine engine, Class<T> type) {
    for (Field field : engine.getClass().getDeclaredFields()) {
      if (!Modifier.isStatic(field.getModifiers()) && type.isAssignableFrom(field.getType())) {
        try {
          field.setAccessible(true);
          return type.cast(field.get(engine));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException("Cannot read the " + type.getSimpleName() + " of the in-memory engine", e);
        }
      }
    }
    throw new IllegalStateException("The in-memory engine " + engine.getClass().getName() + " has no "
        + type.getSimpleName() + ": zeebe-process-test changed, see EmbeddedGateway");
  }
}
