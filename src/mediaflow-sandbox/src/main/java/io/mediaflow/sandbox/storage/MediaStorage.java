package io.mediaflow.sandbox.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;

/**
 * The sandbox's media storage: buckets of objects. Transcoding outputs whose destination is an
 * {@code s3://<bucket>/<path>} and objects uploaded by the storage control endpoint land here, and the content
 * delivery sandbox serves them under
 * {@code /sandbox/storage/<bucket>/<path>}. The index is in memory, the content in files of a temporary folder
 * (gone when the sandbox stops, which forgets its buckets): objects are media, and a few renditions of a large
 * source would otherwise fill the application's heap. Content comes in as a stream, so a file or a request body
 * is copied to disk without being held whole in memory.
 */
@Component
public class MediaStorage implements DisposableBean {

  /** An object; its content is {@link #file()}, {@link #size()} bytes. */
  public record StoredObject(String bucket, String path, Path file, long size, String contentType,
      Instant created) {}

  private final Map<String, ConcurrentSkipListMap<String, StoredObject>> buckets = new ConcurrentHashMap<>();
  private final Path directory;

  public MediaStorage() throws IOException {
    this.directory = Files.createTempDirectory("mediaflow-storage-");
  }

  /** Stores {@code content}, read to its end (the caller closes it), replacing any object at {@code path}. */
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
    StoredObject replaced = buckets.computeIfAbsent(bucket, name -> new ConcurrentSkipListMap<>()).put(key, object);
    if (replaced != null) {
      // a download of the old version already under way keeps reading it: the system frees it once closed
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
    return objects.tailMap(from, true).values().stream().takeWhile(o -> o.path().startsWith(from)).toList();
  }

  /** The key form of an object path: no surrounding blanks, no leading slashes. */
  public static String normalize(String path) {
    String trimmed = path == null ? "" : path.strip();
    while (trimmed.startsWith("/")) {
      trimmed = trimmed.substring(1);
    }
    return trimmed;
  }

  @Override
  public void destroy() throws IOException {
    FileSystemUtils.deleteRecursively(directory);
  }
}
