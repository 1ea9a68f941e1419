package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProperties;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxFolders;
import io.mediaflow.sandbox.state.SandboxStateProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/**
 * Outputs without a destination are kept on disk, and gone once their 24 hours (nominal) have
 * passed; a restart of the sandbox changes neither.
 */
class TemporaryStorageTest {

  private static final SandboxTranscodingProperties PROPERTIES =
      new SandboxTranscodingProperties(
          20,
          2,
          Duration.ZERO,
          Duration.ZERO,
          Duration.ZERO,
          Duration.ofHours(24),
          Duration.ofSeconds(1),
          DataSize.ofMegabytes(1),
          List.of());

  @TempDir Path job;

  /**
   * The storage and what it stands on, opened over one state directory (or none) and closed as the
   * sandbox does.
   */
  private record Sandbox(
      SandboxClock clock,
      SandboxDatabase database,
      SandboxFolders folders,
      TemporaryStorage storage)
      implements AutoCloseable {

    /**
     * @param timeScale 24 h at 1e-5 are about 0.9 s
     */
    static Sandbox open(Path directory, double timeScale) throws IOException {
      var clock =
          new SandboxClock(
              new SandboxProperties(
                  true, "http://localhost/sandbox", timeScale, List.of("k"), Duration.ofHours(24)));
      var state = new SandboxStateProperties(directory);
      var database = new SandboxDatabase(state);
      var folders = new SandboxFolders(state);
      return new Sandbox(
          clock, database, folders, new TemporaryStorage(clock, PROPERTIES, database, folders));
    }

    @Override
    public void close() throws IOException {
      clock.close();
      folders.destroy();
      database.destroy();
    }
  }

  @Test
  void filesExpireAfterTheScaledLifetime() throws IOException {
    try (var sandbox = Sandbox.open(null, 1e-5)) {
      TemporaryStorage storage = sandbox.storage();
      Path output = Files.write(job.resolve("output.mp4"), new byte[] {1});
      storage.put("task", "a.mp4", output, "video/mp4");
      assertThat(output).as("taken over from the job's folder").doesNotExist();
      Path file = ((TemporaryStorage.Lookup.Found) storage.get("task", "a.mp4")).file();
      assertThat(file).as("kept on disk, not in memory").hasBinaryContent(new byte[] {1});
      assertThat(storage.get("task", "b.mp4")).isInstanceOf(TemporaryStorage.Lookup.Missing.class);
      assertThat(storage.get("other", "a.mp4")).isInstanceOf(TemporaryStorage.Lookup.Missing.class);
      Await.until(
          "expiry",
          () -> storage.get("task", "a.mp4"),
          TemporaryStorage.Lookup.Expired.class::isInstance);
      // Expiry marks the task expired before it deletes its files, so lookups never see them half
      // gone.
      Await.until("deleted when it expires", () -> Files.exists(file), exists -> !exists);
    }
  }

  @Test
  void afterARestartTheFilesAreThereUntilTheirExpiryAndThenAnswerGone(@TempDir Path state)
      throws IOException {
    // 24 h at 5e-5: about 4.3 s, ample for a restart
    try (var before = Sandbox.open(state, 5e-5)) {
      before
          .storage()
          .put(
              "task",
              "folder/a.m3u8",
              Files.write(job.resolve("a.m3u8"), new byte[] {7}),
              "application/vnd.apple.mpegurl");
    }

    Path file;
    try (var after = Sandbox.open(state, 5e-5)) {
      var found = (TemporaryStorage.Lookup.Found) after.storage().get("task", "folder/a.m3u8");
      file = found.file();
      assertThat(file).hasBinaryContent(new byte[] {7}).startsWith(state);
      assertThat(found.contentType()).isEqualTo("application/vnd.apple.mpegurl");
      Await.until(
          "expiry, at the instant set before the restart",
          () -> after.storage().get("task", "folder/a.m3u8"),
          TemporaryStorage.Lookup.Expired.class::isInstance);
      Await.until("deleted when it expires", () -> Files.exists(file), exists -> !exists);
    }

    try (var again = Sandbox.open(state, 5e-5)) {
      assertThat(again.storage().get("task", "folder/a.m3u8"))
          .as("an expired task still answers 410")
          .isInstanceOf(TemporaryStorage.Lookup.Expired.class);
    }
  }
}
