package io.mediaflow.app.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ServerInterceptor;
import io.mediaflow.MediaflowTest;
import io.mediaflow.app.engine.gateway.EngineGateway;
import io.mediaflow.app.security.AccessProperties;
import io.mediaflow.app.security.GatewayAccess;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One engine per data folder: a second one would delete the first one's runtime state on opening
 * (two applications started in the same directory, two test contexts given the same folder).
 */
class DataFolderLockTest {

  private static final ServerInterceptor ANYONE =
      GatewayAccess.server(new AccessProperties(null, null, null));

  @TempDir Path data;

  @Test
  void aSecondEngineIsRefusedTheFolderTheFirstHolds() throws Exception {
    try (DurableEngine first = open(data)) {
      Path runtime = data.resolve("runtime");
      assertThat(runtime).isDirectory();

      assertThatThrownBy(() -> open(data))
          .hasMessageContaining(data.toAbsolutePath().toString())
          .hasMessageContaining("in use by another engine");
      assertThat(runtime).as("the first engine's state, untouched").isDirectory();
      assertThat(Files.list(runtime).count()).isPositive();
    }
    // Closed, the folder is free again: the next engine recovers from it.
    open(data).close();
  }

  private static DurableEngine open(Path folder) {
    int port = MediaflowTest.freePort();
    return DurableEngine.open(
        folder,
        new InetSocketAddress("127.0.0.1", port),
        Duration.ofSeconds(30),
        ANYONE,
        Duration.ofMinutes(5),
        4 << 20,
        64 << 20,
        new EngineGateway(port));
  }
}
