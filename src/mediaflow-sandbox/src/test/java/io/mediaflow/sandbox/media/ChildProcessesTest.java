package io.mediaflow.sandbox.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mediaflow.sandbox.FreePorts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A program the sandbox started ends with it even when the JVM is killed with {@code kill -9},
 * which runs no shutdown hook: its RTMP port is free again at once, not when a timeout of the
 * program's own runs out.
 */
class ChildProcessesTest {

  @Test
  void aListenerEndsWhenTheJvmThatStartedItIsKilled() throws Exception {
    int port = FreePorts.take();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process jvm =
        new ProcessBuilder(
                List.of(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    KilledParent.class.getName(),
                    Integer.toString(port)))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      long listener;
      try (var out =
          new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
        String line = out.readLine();
        while (!line.startsWith("pid=")) { // the JVM may log before it
          line = out.readLine();
        }
        listener = Long.parseLong(line.substring("pid=".length()).strip());
        await().atMost(Duration.ofSeconds(30)).until(() -> listening(port));

        jvm.destroyForcibly(); // SIGKILL: kill -9
        jvm.waitFor();
      }

      await().atMost(Duration.ofSeconds(10)).until(() -> gone(listener));
      assertThat(listening(port)).as("the RTMP port is free").isFalse();
    } finally {
      jvm.destroyForcibly();
    }
  }

  /**
   * Gone, or a zombie waiting for a parent to reap it: either way it runs no more and holds no
   * port.
   */
  private static boolean gone(long pid) throws IOException {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (!Files.exists(stat)) {
      return true;
    }
    String text = Files.readString(stat);
    return text.substring(text.lastIndexOf(')') + 2).startsWith("Z");
  }

  /**
   * Whether a socket listens on {@code port}, read from Linux's {@code /proc/net/tcp{,6}}:
   * connecting to find out would be the listener's one connection, and it would end by itself.
   */
  private static boolean listening(int port) throws IOException {
    String hexPort = String.format(":%04X ", port);
    for (Path table : List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"))) {
      for (String line : Files.readAllLines(table)) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length > 3 && (fields[1] + " ").endsWith(hexPort) && fields[3].equals("0A")) {
          return true;
        }
      }
    }
    return false;
  }
}
