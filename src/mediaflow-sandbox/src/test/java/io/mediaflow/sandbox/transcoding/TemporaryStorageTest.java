package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/** Outputs without a destination are kept on disk, and gone once their 24 hours (nominal) have passed. */
class TemporaryStorageTest {

  @Test
  void filesExpireAfterTheScaledLifetime() throws IOException {
    // 24 h at a time scale of 1e-5: about 0.9 s
    var sandbox = new SandboxProperties(true, "http://localhost/sandbox", 1e-5, List.of("k"), Duration.ofHours(24));
    var properties = new SandboxTranscodingProperties(20, 2, Duration.ZERO, Duration.ZERO, Duration.ZERO,
        Duration.ofHours(24), Duration.ofSeconds(1), DataSize.ofMegabytes(1), List.of());
    try (var clock = new SandboxClock(sandbox)) {
      var storage = new TemporaryStorage(clock, properties);
      Path output = Files.write(Files.createTempDirectory("mediaflow-job-").resolve("output.mp4"), new byte[] {1});
      storage.put("task", "a.mp4", output, "video/mp4");
      assertThat(output).as("taken over from the job's folder").doesNotExist();
      Files.delete(output.getParent());
      Path file = ((TemporaryStorage.Lookup.Found) storage.get("task", "a.mp4")).file().file();
      assertThat(file).as("kept on disk, not in memory").hasBinaryContent(new byte[] {1});
      assertThat(storage.get("task", "b.mp4")).isInstanceOf(TemporaryStorage.Lookup.Missing.class);
      assertThat(storage.get("other", "a.mp4")).isInstanceOf(TemporaryStorage.Lookup.Missing.class);
      Await.until("expiry", () -> storage.get("task", "a.mp4"), TemporaryStorage.Lookup.Expired.class::isInstance);
      // Expiry marks the task expired before it deletes its files, so lookups never see them half gone.
      Await.until("deleted when it expires", () -> Files.exists(file), exists -> !exists);
      storage.destroy();
    }
  }
}
