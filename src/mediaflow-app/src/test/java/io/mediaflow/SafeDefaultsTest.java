package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The embedded default as it starts with nothing configured: reachable from this machine only, and
 * honest.
 */
class SafeDefaultsTest extends MediaflowTest {

  private static final String IPV4_LOOPBACK = "0100007F";
  private static final String IPV6_LOOPBACK = "00000000000000000000000001000000";

  /** ::ffff:127.0.0.1, where Java's dual-stack sockets listen when asked for 127.0.0.1. */
  private static final String IPV4_MAPPED_LOOPBACK = "0000000000000000FFFF00000100007F";

  @Test
  void bothPortsListenOnLoopbackOnly() {
    Path tcp = Path.of("/proc/net/tcp");
    assumeTrue(Files.isReadable(tcp), "the listening sockets are read from Linux's /proc/net/tcp");

    for (int port : List.of(HTTP_PORT, ENGINE_PORT)) {
      List<String> addresses = ListeningSockets.addresses(port);
      assertThat(addresses)
          .as("addresses listening on port %d", port)
          .isNotEmpty()
          .allMatch(
              address ->
                  List.of(IPV4_LOOPBACK, IPV6_LOOPBACK, IPV4_MAPPED_LOOPBACK).contains(address));
    }
  }

  @Test
  void readyMeansTheProcessesCanBeStarted() {
    var readiness = get("/actuator/health/readiness");
    assertThat(readiness.statusCode()).isEqualTo(200);
    assertThat(json(readiness).path("status").asText()).isEqualTo("UP");

    long key =
        start(
            "transcode-with-approval",
            Map.of(
                "source",
                "https://example.com/in.mp4",
                "ladder",
                List.of(Map.of("resolution", 720, "quality", 99))));
    assertThat(key).isPositive();
  }
}
