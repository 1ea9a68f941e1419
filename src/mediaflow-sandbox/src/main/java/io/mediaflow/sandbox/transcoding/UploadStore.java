package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxFolders;
import io.mediaflow.sandbox.state.Table;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.stereotype.Component;

/**
 * The files of TUS uploads, on disk in the sandbox's {@code uploads} folder (uploads may be large).
 * An upload belongs to one task, grows by PATCH requests, and keeps every byte that arrived even
 * when the client is cut off mid-request, so the next HEAD reports the true offset to resume from.
 * Uploads expire with the temporary storage.
 *
 * <p>What an upload is (its task, length and expiry) is kept in the sandbox's database; how far it
 * got is the length of its file, written by the same write that stores the bytes. A stored offset
 * would be behind the file after a crash in the middle of a PATCH, and an upload resumes after a
 * restart exactly where its bytes end.
 */
@Component
class UploadStore {

  /**
   * How long a PATCH waits for the previous PATCH of the same upload (one cut off, not yet noticed)
   * to end.
   */
  private static final long LOCK_WAIT_SECONDS = 10;

  static final class Upload {
    final String id;
    final String taskToken;
    final long length;
    final Path file;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile long offset;

    Upload(String id, String taskToken, long length, Path file, long offset) {
      this.id = id;
      this.taskToken = taskToken;
      this.length = length;
      this.file = file;
      this.offset = offset;
    }

    long offset() {
      return offset;
    }

    boolean complete() {
      return offset == length;
    }
  }

  /** Why a PATCH was refused. */
  enum Refusal {
    OFFSET_MISMATCH,
    BUSY,
    TOO_LONG
  }

  /** The outcome of a PATCH: the new offset, or why nothing was written. */
  record Patched(long offset, Refusal refusal) {}

  /** An upload as the database keeps it; its file is named by its id. */
  record Saved(String taskToken, long length, Instant expiry) {}

  private final Map<String, Upload> uploads = new ConcurrentHashMap<>();
  private final SandboxClock clock;
  private final SandboxTranscodingProperties properties;
  private final Table<Saved> table;
  private final Path directory;

  UploadStore(
      SandboxClock clock,
      SandboxTranscodingProperties properties,
      SandboxDatabase database,
      SandboxFolders folders) {
    this.clock = clock;
    this.properties = properties;
    this.table = database.table("transcoding_uploads", Saved.class);
    this.directory = folders.folder("uploads");
    table
        .all()
        .forEach(
            (id, saved) -> {
              Path file = directory.resolve(id);
              try {
                keep(
                    new Upload(id, saved.taskToken(), saved.length(), file, Files.size(file)),
                    saved.expiry());
              } catch (IOException gone) {
                // its file was removed from the data folder by hand: there is nothing to resume
                table.remove(id);
              }
            });
  }

  long maxSize() {
    return properties.maxSourceSize().toBytes();
  }

  Upload create(String taskToken, long length) {
    String id = UUID.randomUUID().toString();
    Path file = directory.resolve(id);
    try {
      Files.createFile(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var upload = new Upload(id, taskToken, length, file, 0);
    Instant expiry = clock.deadline(properties.temporaryStorageLifetime());
    table.put(id, new Saved(taskToken, length, expiry));
    keep(upload, expiry);
    return upload;
  }

  private void keep(Upload upload, Instant expiry) {
    uploads.put(upload.id, upload);
    clock.at(expiry, () -> expire(upload));
  }

  Optional<Upload> find(String taskToken, String id) {
    Upload upload = uploads.get(id);
    return upload != null && upload.taskToken.equals(taskToken)
        ? Optional.of(upload)
        : Optional.empty();
  }

  /** The file of a finished upload of {@code taskToken}, the source {@code tus:<id>} of its job. */
  Optional<Path> completed(String taskToken, String id) {
    return find(taskToken, id).filter(Upload::complete).map(upload -> upload.file);
  }

  /**
   * Appends the body at {@code offset}. Bytes are stored as they arrive: if the client goes away
   * mid-request, what arrived stays and the offset says how much.
   *
   * @param declaredLength the request's Content-Length, or -1 when unknown (chunked)
   */
  Patched patch(Upload upload, long offset, long declaredLength, InputStream body) {
    try {
      if (!upload.lock.tryLock(LOCK_WAIT_SECONDS, TimeUnit.SECONDS)) {
        return new Patched(upload.offset, Refusal.BUSY);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Patched(upload.offset, Refusal.BUSY);
    }
    try {
      if (offset != upload.offset) {
        return new Patched(upload.offset, Refusal.OFFSET_MISMATCH);
      }
      if (declaredLength >= 0 && offset + declaredLength > upload.length) {
        return new Patched(upload.offset, Refusal.TOO_LONG);
      }
      write(upload, body);
      return new Patched(upload.offset, null);
    } finally {
      upload.lock.unlock();
    }
  }

  // Only the holder of upload.lock (patch) updates the offset; it is volatile for the HEADs that
  // read it meanwhile.
  @SuppressWarnings("NonAtomicVolatileUpdate")
  private static void write(Upload upload, InputStream body) {
    byte[] buffer = new byte[64 * 1024];
    try (var channel = FileChannel.open(upload.file, StandardOpenOption.WRITE)) {
      channel.position(upload.offset);
      while (upload.offset < upload.length) {
        int read =
            body.read(buffer, 0, (int) Math.min(buffer.length, upload.length - upload.offset));
        if (read < 0) {
          break;
        }
        channel.write(ByteBuffer.wrap(buffer, 0, read));
        upload.offset += read;
      }
    } catch (IOException cutOff) {
      // The client went away (or the disk failed): keep what was written; HEAD tells the client
      // where to resume.
    }
  }

  private void expire(Upload upload) {
    uploads.remove(upload.id);
    table.remove(upload.id);
    try {
      Files.deleteIfExists(upload.file);
    } catch (IOException ignored) {
      // nothing refers to the file any more: left behind, it only takes space
    }
  }
}
