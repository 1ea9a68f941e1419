package io.mediaflow.sandbox.delivery;

import io.mediaflow.sandbox.storage.MediaStorage;
import io.mediaflow.sandbox.storage.MediaStorage.StoredObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The CDN cache in front of the media storage, so purges have an observable effect: the edge
 * answers {@code X-Cache: MISS} when it fetched an object from storage and {@code HIT} when it
 * served its cached copy. An entry holds the object version it fetched; a new version written to
 * storage is fetched afresh (the sandbox's storage notifies its CDN), and a purge drops entries so
 * the next request is a miss again. Being a cache, it is kept in memory only: after a restart every
 * object's first request is a miss, as after a purge.
 */
@Component
public class CdnCache {

  private final Map<String, Map<String, StoredObject>> buckets = new ConcurrentHashMap<>();

  /** True when {@code object} was served from the cache; caches it otherwise. */
  public boolean serve(StoredObject object) {
    Map<String, StoredObject> entries =
        buckets.computeIfAbsent(object.bucket(), bucket -> new ConcurrentHashMap<>());
    return object.equals(entries.put(object.path(), object));
  }

  public void purgeAll(String bucket) {
    buckets.remove(bucket);
  }

  /**
   * Purges one object; {@code path} is its path inside the bucket, with or without a leading slash.
   */
  public void purge(String bucket, String path) {
    Map<String, StoredObject> entries = buckets.get(bucket);
    if (entries != null) {
      entries.remove(MediaStorage.normalize(path));
    }
  }
}
