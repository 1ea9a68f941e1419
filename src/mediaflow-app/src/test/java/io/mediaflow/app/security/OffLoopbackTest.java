package io.mediaflow.app.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.mediaflow.MediaflowTest;
import io.mediaflow.api.ApiJson;
import io.mediaflow.app.MediaflowApplication;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application listening beyond loopback: only with credentials, and then asking every caller
 * for them. Each test starts an application of its own, on all interfaces and free ports.
 */
class OffLoopbackTest {

  private static final String USERNAME = "editor";
  private static final String PASSWORD = "correct horse";
  private static final String TOKEN = "a-long-random-token";

  private final HttpClient http = HttpClient.newHttpClient();

  /** The engine's data folder of the application each test starts, deleted after the test. */
  @TempDir Path engineData;

  @Test
  void withoutCredentialsTheHttpPortStaysOnLoopback() {
    assertThatThrownBy(() -> start(Map.of("server.address", "0.0.0.0")).close())
        .rootCause()
        .hasMessageContaining("server.address=0.0.0.0")
        .hasMessageContaining("mediaflow.app.security.username");
  }

  @Test
  void withoutCredentialsTheGatewayStaysOnLoopback() {
    assertThatThrownBy(() -> start(Map.of("mediaflow.engine.address", "0.0.0.0")).close())
        .rootCause()
        .hasMessageContaining("mediaflow.engine.address=0.0.0.0")
        .hasMessageContaining("mediaflow.app.security.username");
  }

  @Test
  void withCredentialsEveryCallerPresentsThem() throws Exception {
    int httpPort = MediaflowTest.freePort();
    int enginePort = MediaflowTest.freePort();
    String base = "http://127.0.0.1:" + httpPort;
    // Asks for readiness while the application starts; once UP, a process is started at once.
    CompletableFuture<Long> startedOnceReady =
        CompletableFuture.supplyAsync(
            () -> {
              awaitReadiness(base);
              try (CamundaClient client =
                  client(enginePort, new AccessProperties(USERNAME, PASSWORD, null))) {
                return client
                    .newCreateInstanceCommand()
                    .bpmnProcessId("transcode-with-approval")
                    .latestVersion()
                    .variables(
                        Map.of(
                            "source",
                            "https://example.com/in.mp4",
                            "ladder",
                            List.of(Map.of("resolution", 720, "quality", 99))))
                    .send()
                    .join()
                    .getProcessInstanceKey();
              }
            });

    try (var app =
        start(
            Map.of(
                "server.address",
                "0.0.0.0",
                "server.port",
                httpPort,
                "mediaflow.engine.address",
                "0.0.0.0",
                "mediaflow.engine.port",
                enginePort,
                "mediaflow.app.security.username",
                USERNAME,
                "mediaflow.app.security.password",
                PASSWORD,
                "mediaflow.app.security.token",
                TOKEN))) {
      // The application's own client presented the credentials to its gateway: the models are
      // deployed.
      assertThat(startedOnceReady.get()).isPositive();
      // And to its REST API, which only REST answers (the live sweep asks it whether an instance is
      // still active). (Awaited: the REST API shows an instance once the engine's records have
      // reached it.)
      long started = startedOnceReady.get();
      Awaitility.await("the instance, through the application's own client over REST")
          .atMost(Duration.ofMinutes(1))
          .ignoreExceptionsInstanceOf(ProblemException.class)
          .until(
              () ->
                  app.getBean(CamundaClient.class)
                      .newProcessInstanceGetRequest(started)
                      .send()
                      .join()
                      .getProcessInstanceKey(),
              key -> key == started);

      assertThat(send(base + "/actuator", null).statusCode()).isEqualTo(401);
      assertThat(send(base + "/actuator", null).headers().firstValue("WWW-Authenticate"))
          .hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Basic"));
      assertThat(
              send(base + "/actuator", AccessPropertiesTest.basic(USERNAME, "wrong")).statusCode())
          .isEqualTo(401);
      assertThat(
              send(base + "/actuator", AccessPropertiesTest.basic(USERNAME, PASSWORD)).statusCode())
          .isEqualTo(200);
      assertThat(send(base + "/actuator", "Bearer " + TOKEN).statusCode()).isEqualTo(200);
      // The engine's clock, which tests move: only with the credentials.
      assertThat(send(base + "/actuator/clock", null).statusCode()).isEqualTo(401);
      assertThat(send(base + "/actuator/clock", "Bearer " + TOKEN).statusCode()).isEqualTo(200);
      // Camunda's REST API: behind the credentials too, and it names the caller by them.
      assertThat(send(base + "/v2/status", null).statusCode()).isEqualTo(401);
      assertThat(send(base + "/v2/status", "Bearer " + TOKEN).statusCode()).isEqualTo(204);
      assertThat(send(base + "/v2/authentication/me", null).statusCode()).isEqualTo(401);
      var me = send(base + "/v2/authentication/me", AccessPropertiesTest.basic(USERNAME, PASSWORD));
      assertThat(ApiJson.MAPPER.readTree(me.body()).path("username").asText())
          .as(me.body())
          .isEqualTo(USERNAME);
      var program = send(base + "/v2/authentication/me", "Bearer " + TOKEN);
      assertThat(ApiJson.MAPPER.readTree(program.body()).path("apiUser").asBoolean())
          .as(program.body())
          .isTrue();
      // The sandbox answers this machine (the workers call it so), and asks anyone else for the
      // credentials.
      assertThat(send(base + "/sandbox/samples", null).statusCode()).isEqualTo(200);
      String fromElsewhere = "http://" + nonLoopbackAddress() + ":" + httpPort;
      assertThat(send(fromElsewhere + "/sandbox/samples", null).statusCode()).isEqualTo(401);
      assertThat(send(fromElsewhere + "/sandbox/transcoding/control", null).statusCode())
          .isEqualTo(401);
      assertThat(
              send(
                      fromElsewhere + "/sandbox/samples",
                      AccessPropertiesTest.basic(USERNAME, PASSWORD))
                  .statusCode())
          .isEqualTo(200);
      // A document link carries its own protection (signed, expiring): anyone holding it reads
      // the document without credentials, from anywhere; the document's own path asks for them.
      CamundaClient own = app.getBean(CamundaClient.class);
      var document =
          own.newCreateDocumentCommand().content("a clip").fileName("clip.txt").send().join();
      URI link = URI.create(own.newCreateDocumentLinkCommand(document).send().join().getUrl());
      assertThat(
              send(
                      base
                          + "/v2/documents/"
                          + document.getDocumentId()
                          + "?contentHash="
                          + document.getContentHash(),
                      null)
                  .statusCode())
          .isEqualTo(401);
      var linked = send(fromElsewhere + link.getRawPath() + "?" + link.getRawQuery(), null);
      assertThat(linked.statusCode()).isEqualTo(200);
      assertThat(linked.body()).isEqualTo("a clip");
      // The sandbox's test controls (faults, lost answers) exist only where they are switched on,
      // as the tests do.
      assertThat(send(base + "/sandbox/transcoding/control", null).statusCode()).isEqualTo(404);
      assertThat(send(base + "/actuator/health/readiness", null).statusCode()).isEqualTo(200);

      try (CamundaClient anonymous = client(enginePort, new AccessProperties(null, null, null))) {
        assertThatThrownBy(() -> anonymous.newTopologyRequest().send().join())
            .hasMessageContaining("mediaflow.app.security");
      }
    }
  }

  /**
   * As {@code java -jar} with these {@code --key=value} arguments, which take precedence over
   * application.yml.
   */
  private ConfigurableApplicationContext start(Map<String, Object> properties) {
    var all = new HashMap<String, Object>();
    all.put("server.port", MediaflowTest.freePort());
    all.put("mediaflow.engine.port", MediaflowTest.freePort());
    all.put("mediaflow.sandbox.time-scale", "0.01");
    all.put("mediaflow.engine.data-directory", engineData);
    all.putAll(properties);
    return new SpringApplicationBuilder(MediaflowApplication.class)
        .run(
            all.entrySet().stream()
                .map(e -> "--" + e.getKey() + "=" + e.getValue())
                .toArray(String[]::new));
  }

  private void awaitReadiness(String base) {
    // Until the HTTP port is open, the request fails (IllegalStateException): not ready yet either.
    Awaitility.await("readiness")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptionsInstanceOf(IllegalStateException.class)
        .until(() -> send(base + "/actuator/health/readiness", null).statusCode() == 200);
  }

  private HttpResponse<String> send(String url, String authorization) {
    var request = HttpRequest.newBuilder(URI.create(url)).GET();
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * An address of this machine that is not loopback: a request to it comes from a non-loopback
   * address.
   */
  private static String nonLoopbackAddress() throws SocketException {
    return NetworkInterface.networkInterfaces()
        .flatMap(NetworkInterface::inetAddresses)
        .filter(
            address ->
                address instanceof Inet4Address
                    && !address.isLoopbackAddress()
                    && !address.isLinkLocalAddress())
        .map(InetAddress::getHostAddress)
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("this machine has no non-loopback IPv4 address to call from"));
  }

  private static CamundaClient client(int port, AccessProperties credentials) {
    return CamundaClient.newClientBuilder()
        .grpcAddress(URI.create("http://127.0.0.1:" + port))
        .preferRestOverGrpc(false)
        .withInterceptors(GatewayAccess.client(credentials))
        .build();
  }
}
