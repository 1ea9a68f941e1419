package io.mediaflow.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The sandbox alone over real HTTP, as a client of the service sees it: a Spring Boot application
 * with nothing but the sandbox on the classpath, on a free port. One context, shared by every test
 * class.
 */
@SpringBootTest(
    classes = SandboxTest.SandboxOnly.class,
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
public abstract class SandboxTest {

  static final int HTTP_PORT = FreePorts.take();
  protected static final Duration PATIENCE = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * An application that adds nothing: what it serves comes from the sandbox's auto-configuration.
   */
  @SpringBootApplication(scanBasePackages = "io.mediaflow.sandbox.none")
  static class SandboxOnly {}

  protected final HttpClient http = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void sandbox(DynamicPropertyRegistry registry) {
    registry.add("server.port", () -> HTTP_PORT);
    registry.add("mediaflow.sandbox.enabled", () -> "true");
    registry.add("mediaflow.sandbox.test-controls", () -> "true");
    registry.add("mediaflow.sandbox.public-url", () -> baseUrl() + "/sandbox");
    // The tests' own media servers (TestServer) listen on localhost.
    registry.add("mediaflow.sandbox.transcoding.local-sources", () -> "http://localhost");
    // The sandbox's jobs and timeouts take a hundredth of their nominal time.
    registry.add("mediaflow.sandbox.time-scale", () -> "0.01");
    // A TLS subscription is processing for one DNS check interval: 3 s rather than the default's
    // 0.3 s, so a test polling its status sees it even when a poll stalls, as one did for 0.6 s on
    // a loaded machine.
    registry.add("mediaflow.sandbox.delivery.tls-check-interval", () -> "300s");
    // Under the variations where a change reaches the CDN's edge late (DeliveryVariationsTest),
    // 5 s: far longer than a test's first look after the change, however loaded the machine.
    registry.add("mediaflow.sandbox.delivery.edge-delay", () -> "500s");
  }

  protected static String baseUrl() {
    return "http://localhost:" + HTTP_PORT;
  }

  protected HttpResponse<String> get(String path) {
    return send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).GET().build());
  }

  protected HttpResponse<String> post(String path, Object body) {
    try {
      return send(
          HttpRequest.newBuilder(URI.create(baseUrl() + path))
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
              .build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  protected HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  protected static JsonNode json(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Polls until {@code probe} yields a value; fails after {@link #PATIENCE}. */
  protected static <T> T await(String what, Supplier<Optional<T>> probe) {
    return Awaitility.await(what)
        .atMost(PATIENCE)
        .pollInterval(Duration.ofMillis(25))
        .until(probe::get, Optional::isPresent)
        .orElseThrow();
  }
}
