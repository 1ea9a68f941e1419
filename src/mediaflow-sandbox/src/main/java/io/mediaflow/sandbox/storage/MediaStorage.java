package io.mediaflow.sandbox.storage;

import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.SandboxFolders;
import io.mediaflow.sandbox.state.Table;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * The sandbox's media storage: buckets of objects. Transcoding outputs whose destination is an
 * {@code s3://<bucket>/<path>} and objects uploaded by the storage control endpoint land here, and
 * the content delivery sandbox serves them under {@code /sandbox/storage/<bucket>/<path>}. The
 * index is in the sandbox's database (and in memory), the content in files of the sandbox's folder
 * {@code storage}: objects are media, and a few renditions of a large source would otherwise fill
 * the application's heap. Content comes in as a stream, so a file or a request body is copied to
 * disk without being held whole in memory.
 */
@Component
public class MediaStorage {

  /** An object; its content is {@link #file()}, {@link #size()} bytes. */
  public record StoredObject(
      String bucket, String path, Path file, long size, String contentType, Instant created) {}

  /**
   * The index row of an object, under {@code <bucket>/<path>}: {@code file} is its file's name in
   * the folder.
   */
  record SavedObject(
      String bucket, String path, String file, long size, String contentType, Instant created) {}

  private final Map<String, ConcurrentSkipListMap<String, StoredObject>> buckets =
      new ConcurrentHashMap<>();
  private final Path directory;
  private final Table<SavedObject> index;

  public MediaStorage(SandboxDatabase database, SandboxFolders folders) {
    this.directory = folders.folder("storage");
    this.index = database.table("storage_objects", SavedObject.class);
    index
        .all()
        .values()
        .forEach(
            saved ->
                objects(saved.bucket())
                    .put(
                        saved.path(),
                        new StoredObject(
                            saved.bucket(),
                            saved.path(),
                            directory.resolve(saved.file()),
                            saved.size(),
                            saved.contentType(),
                            saved.created())));
    removeUnindexedFiles();
  }

  /**
   * Stores {@code content}, read to its end (the caller closes it), replacing any object at {@code
   * path}.
   */
  public StoredObject put(String bucket, String path, InputStream content, String contentType) {
    String key = normalize(path);
    Path file = directory.resolve(UUID.randomUUID().toString());
    long size;
    try {
      size = Files.copy(content, file);
    } catch (IOException e) {
      file.toFile().delete();
      throw new UncheckedIOException("Cannot store " + bucket + "/" + key, e);
    }
    var object = new StoredObject(bucket, key, file, size, contentType, Instant.now());
    StoredObject replaced;
    // one writer at a time, so the index and the working copy name the same file for every path
    synchronized (this) {
      index.put(
          bucket + "/" + key,
          new SavedObject(
              bucket, key, file.getFileName().toString(), size, contentType, object.created()));
      replaced = objects(bucket).put(key, object);
    }
    if (replaced != null) {
      // a download of the old version already under way keeps reading it: the system frees it once
      // closed
      replaced.file().toFile().delete();
    }
    return object;
  }

  public Optional<StoredObject> get(String bucket, String path) {
    var objects = buckets.get(bucket);
    return objects == null ? Optional.empty() : Optional.ofNullable(objects.get(normalize(path)));
  }

  /** Objects of {@code bucket} whose path starts with {@code prefix}, in path order. */
  public List<StoredObject> list(String bucket, String prefix) {
    var objects = buckets.get(bucket);
    if (objects == null) {
      return List.of();
    }
    String from = normalize(prefix);
    return objects.tailMap(from, true).values().stream()
        .takeWhile(o -> o.path().startsWith(from))
        .toList();
  }

  /** The key form of an object path: no surrounding blanks, no leading slashes. */
  public static String normalize(String path) {
    String trimmed = path == null ? "" : path.strip();
    while (trimmed.startsWith("/")) {
      trimmed = trimmed.substring(1);
    }
    return trimmed;
  }

  private ConcurrentSkipListMap<String, StoredObject> objects(String bucket) {
    return buckets.computeIfAbsent(bucket, name -> new ConcurrentSkipListMap<>());
  }

  /**
   * A stop between writing an object's file and indexing it, or between indexing a new version and
   * deleting the old one's file, leaves a file no object refers to: removed at start, before
   * anything is stored.
   */
  private void removeUnindexedFiles() {
    Set<Path> indexed = new HashSet<>();
    buckets
        .values()
        .forEach(objects -> objects.values().forEach(object -> indexed.add(object.file())));
    try (Stream<Path> files = Files.list(directory)) {
      files.filter(file -> !indexed.contains(file)).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the storage folder " + directory, e);
    }
  }
}
