package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;

/**
 * Outputs of jobs without a destination, downloadable from the sandbox for 24 hours (nominal, so scaled by the
 * time scale), then gone: a task's files are dropped together and its address answers 410 from then on. The files
 * are kept on disk, not in memory, so that a day of outputs does not grow the application's heap (a rendition of
 * a few seconds is already half a megabyte), and are served from there.
 */
@Component
class TemporaryStorage implements DisposableBean {

  /** A stored output: its file in the storage's own folder. */
  record StoredFile(Path file, String contentType) {}

  /** What a download address finds. */
  sealed interface Lookup {
    record Found(StoredFile file) implements Lookup {}

    record Expired() implements Lookup {}

    record Missing() implements Lookup {}
  }

  private final Map<String, Map<String, StoredFile>> tasks = new ConcurrentHashMap<>();
  private final Set<String> expired = ConcurrentHashMap.newKeySet();
  private final SandboxClock clock;
  private final SandboxTranscodingProperties properties;
  private final Path directory;

  TemporaryStorage(SandboxClock clock, SandboxTranscodingProperties properties) throws IOException {
    this.clock = clock;
    this.properties = properties;
    this.directory = Files.createTempDirectory("mediaflow-outputs-");
  }

  /**
   * Takes {@code file} over: moves it into the storage's folder, which is on the job folders' file system (both are
   * temporary folders), so nothing is copied; on another file system the move copies it and deletes the original.
   */
  void put(String taskToken, String path, Path file, String contentType) {
    Path kept;
    try {
      kept = Files.move(file, directory.resolve(UUID.randomUUID().toString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    tasks.computeIfAbsent(taskToken, token -> {
      clock.after(properties.temporaryStorageLifetime(), () -> expire(token));
      return new ConcurrentHashMap<>();
    }).put(path, new StoredFile(kept, contentType));
  }

  Lookup get(String taskToken, String path) {
    if (expired.contains(taskToken)) {
      return new Lookup.Expired();
    }
    StoredFile file = Optional.ofNullable(tasks.get(taskToken)).map(files -> files.get(path)).orElse(null);
    return file == null ? new Lookup.Missing() : new Lookup.Found(file);
  }

  private void expire(String taskToken) {
    expired.add(taskToken);
    Map<String, StoredFile> files = tasks.remove(taskToken);
    if (files != null) {
      files.values().forEach(stored -> {
        try {
          Files.deleteIfExists(stored.file());
        } catch (IOException ignored) {
          // the temporary directory is removed at shutdown anyway
        }
      });
    }
  }

  @Override
  public void destroy() throws IOException {
    FileSystemUtils.deleteRecursively(directory);
  }
}
