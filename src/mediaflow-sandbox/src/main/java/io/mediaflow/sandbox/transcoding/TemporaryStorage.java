package io.mediaflow.sandbox.transcoding;

import io.mediaflow.sandbox.SandboxClock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Outputs of jobs without a destination, downloadable from the sandbox for 24 hours (nominal, so scaled by the
 * time scale), then gone: a task's files are dropped together and its address answers 410 from then on.
 */
@Component
class TemporaryStorage {

  record StoredFile(byte[] content, String contentType) {}

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

  TemporaryStorage(SandboxClock clock, SandboxTranscodingProperties properties) {
    this.clock = clock;
    this.properties = properties;
  }

  void put(String taskToken, String path, byte[] content, String contentType) {
    tasks.computeIfAbsent(taskToken, token -> {
      clock.after(properties.temporaryStorageLifetime(), () -> expire(token));
      return new ConcurrentHashMap<>();
    }).put(path, new StoredFile(content, contentType));
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
    tasks.remove(taskToken);
  }
}
