package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxFolders;
import io.mediaflow.sandbox.state.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Outputs of jobs without a destination, downloadable from the sandbox for 24 hours (nominal, so
 * scaled by the time scale), then gone: a task's files are dropped together and its address answers
 * 410 from then on. The files are kept on disk, not in memory, so that a day of outputs does not
 * grow the application's heap (a rendition of a few seconds is already half a megabyte), and are
 * served from there.
 *
 * <p>The files are in the sandbox's {@code outputs} folder and their index in its database, each
 * task's with the instant its files expire: after a restart they are downloadable until then, and a
 * task whose files have expired still answers 410.
 */
@Component
class TemporaryStorage {

  /** A stored output: its file, by its name in the storage's folder. */
  record StoredFile(String name, String contentType) {}

  /** A task's outputs, as the database keeps them: gone from {@code expiry} on. */
  record Outputs(Instant expiry, Map<String, StoredFile> files) {}

  /** What a download address finds. */
  sealed interface Lookup {
    record Found(Path file, String contentType) implements Lookup {}

    record Expired() implements Lookup {}

    record Missing() implements Lookup {}
  }

  private final Map<String, Outputs> tasks = new ConcurrentHashMap<>();
  private final SandboxClock clock;
  private final SandboxTranscodingProperties properties;
  private final Table<Outputs> table;
  private final Path directory;

  TemporaryStorage(
      SandboxClock clock,
      SandboxTranscodingProperties properties,
      SandboxDatabase database,
      SandboxFolders folders) {
    this.clock = clock;
    this.properties = properties;
    this.table = database.table("transcoding_temporary_outputs", Outputs.class);
    this.directory = folders.folder("outputs");
    table
        .all()
        .forEach(
            (taskToken, outputs) ->
                tasks.put(taskToken, armed(taskToken, outputs.expiry(), outputs.files())));
  }

  /**
   * Takes {@code file} over: moves it into the storage's folder, which is on the job folders' file
   * system (both are the sandbox's folders), so nothing is copied; on another file system the move
   * copies it and deletes the original.
   */
  void put(String taskToken, String path, Path file, String contentType) {
    String name = UUID.randomUUID().toString();
    try {
      Files.move(file, directory.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Outputs outputs =
        tasks.computeIfAbsent(
            taskToken,
            token -> armed(token, clock.deadline(properties.temporaryStorageLifetime()), Map.of()));
    synchronized (outputs) {
      outputs.files().put(path, new StoredFile(name, contentType));
      table.put(taskToken, outputs);
    }
  }

  Lookup get(String taskToken, String path) {
    Outputs outputs = tasks.get(taskToken);
    if (outputs == null) {
      return new Lookup.Missing();
    }
    if (!outputs.expiry().isAfter(Instant.now())) {
      return new Lookup.Expired();
    }
    StoredFile file = outputs.files().get(path);
    return file == null
        ? new Lookup.Missing()
        : new Lookup.Found(directory.resolve(file.name()), file.contentType());
  }

  /** A task's outputs, to expire at {@code expiry}. */
  private Outputs armed(String taskToken, Instant expiry, Map<String, StoredFile> files) {
    var outputs = new Outputs(expiry, new ConcurrentHashMap<>(files));
    clock.at(expiry, () -> expire(taskToken, outputs));
    return outputs;
  }

  /**
   * Deletes the files once lookups answer 410, so they never see them half gone; the task stays,
   * expired.
   */
  private void expire(String taskToken, Outputs outputs) {
    synchronized (outputs) {
      if (outputs.files().isEmpty()) {
        // expired before this start: deleted then
        return;
      }
      outputs
          .files()
          .values()
          .forEach(
              stored -> {
                try {
                  Files.deleteIfExists(directory.resolve(stored.name()));
                } catch (IOException ignored) {
                  // nothing refers to the file any more: left behind, it only takes space
                }
              });
      outputs.files().clear();
      table.put(taskToken, outputs);
    }
  }
}
