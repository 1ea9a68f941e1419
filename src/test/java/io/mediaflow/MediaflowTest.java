package io.mediaflow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole application as it runs by default (embedded engine, sandbox, workers, processes), on free ports so a
 * running demo does not collide with the tests. One context, shared by every test class.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
public abstract class MediaflowTest {

  static final int HTTP_PORT = freePort();
  static final int ENGINE_PORT = freePort();

  @DynamicPropertySource
  static void ports(DynamicPropertyRegistry registry) {
    registry.add("server.port", () -> HTTP_PORT);
    registry.add("mediaflow.engine.port", () -> ENGINE_PORT);
    // The sandbox's jobs and timeouts take a hundredth of their nominal time.
    registry.add("mediaflow.sandbox.time-scale", () -> "0.01");
  }

  protected static String baseUrl() {
    return "http://localhost:" + HTTP_PORT;
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
