package io.mediaflow.sandbox.storage;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.springframework.stereotype.Component;

/**
 * The sandbox's media storage: buckets of objects, kept in memory. Transcoding outputs and DVR recordings whose
 * destination is an {@code s3://<bucket>/<path>} land here, and the content delivery sandbox serves them under
 * {@code /sandbox/storage/<bucket>/<path>}.
 */
@Component
public class MediaStorage {

  public record StoredObject(String bucket, String path, byte[] content, String contentType, Instant created) {}

  private final Map<String, ConcurrentSkipListMap<String, StoredObject>> buckets = new ConcurrentHashMap<>();

  public StoredObject put(String bucket, String path, byte[] content, String contentType) {
    String key = normalize(path);
    var object = new StoredObject(bucket, key, content, contentType, Instant.now());
    buckets.computeIfAbsent(bucket, name -> new ConcurrentSkipListMap<>()).put(key, object);
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
}
