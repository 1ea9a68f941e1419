package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.mediaflow.MediaflowTest;
import io.mediaflow.app.engine.gateway.EngineGateway;
import io.mediaflow.app.security.AccessProperties;
import io.mediaflow.app.security.GatewayAccess;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/**
 * The embedded engine's gateway alone (its engine in a temporary folder), as a client on this
 * machine meets it.
 */
class EmbeddedGatewayTest {

  private static final AccessProperties NO_CREDENTIALS = new AccessProperties(null, null, null);

  private final List<AutoCloseable> opened = new ArrayList<>();
  @TempDir Path data;

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable closeable : opened.reversed()) {
      closeable.close();
    }
  }

  /**
   * A call held open while the client pings at the gateway's minimum interval: gRPC's default
   * policy (a ping at most every 5 minutes) answers the third early ping with GOAWAY
   * too_many_pings, about 30 s in with gRPC's shortest client keepalive, 10 s; Camunda's clients
   * ping every 45 s against the real 30 s minimum, the same rule.
   */
  @Test
  void aCallOutlivesTheClientsKeepalivePings() {
    int port = start(Duration.ofSeconds(10), GatewayAccess.server(NO_CREDENTIALS));
    CamundaClient pinging = client(port, Duration.ofSeconds(10), NO_CREDENTIALS);
    pinging
        .newDeployResourceCommand()
        .addProcessModel(
            Bpmn.createExecutableProcess("wait")
                .startEvent()
                .intermediateCatchEvent("go")
                .message(m -> m.name("go").zeebeCorrelationKeyExpression("key"))
                .endEvent()
                .done(),
            "wait.bpmn")
        .send()
        .join();

    var result =
        pinging
            .newCreateInstanceCommand()
            .bpmnProcessId("wait")
            .latestVersion()
            .variables(Map.of("key", "k"))
            .withResult()
            .requestTimeout(Duration.ofSeconds(60))
            .send();
    sleep(Duration.ofSeconds(35));
    // Another connection, so that nothing but pings crosses the first while it waits.
    client(port, Duration.ofSeconds(45), NO_CREDENTIALS)
        .newPublishMessageCommand()
        .messageName("go")
        .correlationKey("k")
        .send()
        .join();

    assertThat(result.join().getVariablesAsMap()).containsEntry("key", "k");
  }

  @Test
  void credentialsAreAskedForOnceConfigured() {
    var access = new AccessProperties(null, null, "gateway-token");
    int port = start(Duration.ofSeconds(30), GatewayAccess.server(access));

    assertThatThrownBy(
            () ->
                client(port, Duration.ofSeconds(45), NO_CREDENTIALS)
                    .newTopologyRequest()
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ClientStatusException.class,
            e -> assertThat(e.getStatusCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    assertThatThrownBy(
            () ->
                client(port, Duration.ofSeconds(45), new AccessProperties(null, null, "wrong"))
                    .newTopologyRequest()
                    .send()
                    .join())
        .isInstanceOfSatisfying(
            ClientStatusException.class,
            e -> assertThat(e.getStatusCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    assertThat(
            client(port, Duration.ofSeconds(45), access)
                .newTopologyRequest()
                .send()
                .join()
                .getBrokers())
        .hasSize(1);
  }

  private int start(Duration minKeepAliveInterval, ServerInterceptor access) {
    int port = MediaflowTest.freePort();
    opened.add(
        DurableEngine.open(
            data.resolve("engine-" + port),
            new InetSocketAddress("127.0.0.1", port),
            minKeepAliveInterval,
            access,
            Duration.ofMinutes(5),
            DataSize.ofMegabytes(4).toBytes(),
            DataSize.ofMegabytes(64).toBytes(),
            new EngineGateway(port)));
    return port;
  }

  private CamundaClient client(int port, Duration keepAlive, AccessProperties credentials) {
    CamundaClient client =
        CamundaClient.newClientBuilder()
            .grpcAddress(URI.create("http://127.0.0.1:" + port))
            .preferRestOverGrpc(false)
            .keepAlive(keepAlive)
            .withInterceptors(GatewayAccess.client(credentials))
            .build();
    opened.add(client);
    return client;
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
