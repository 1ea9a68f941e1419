package io.mediaflow.app.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * What the embedded default keeps in its data folder beside its engine's state, so that instances
 * go on after a restart as they would have: the sandbox's state ({@code sandbox/}: its database and
 * files), so that the tasks, streams, keys and domains the instances refer to are still there; the
 * key that signs the workers' job bookkeeping and the key of callback URLs already handed to the
 * service, where a random key for each run would have made every job state and callback URL of an
 * earlier run invalid; and the signing key store (its folder and master key). Each key not
 * configured is made once, at random, and kept in {@code secrets/} (readable by its owner only; the
 * signing keys' private keys encrypted in {@code signing-keys/}). Nothing happens without an
 * embedded engine (a cluster elsewhere keeps the state; replicas are configured with shared secrets
 * instead), or for a value configured.
 */
class DataFolder implements EnvironmentPostProcessor {

  private static final int KEY_BYTES = 32;

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (!environment.getProperty("mediaflow.engine.embedded", Boolean.class, true)) {
      return;
    }
    Path data =
        Path.of(environment.getProperty("mediaflow.engine.data-directory", "data"))
            .toAbsolutePath();
    var kept = new LinkedHashMap<String, Object>();
    if (blank(environment, "mediaflow.sandbox.state.directory")) {
      kept.put("mediaflow.sandbox.state.directory", data.resolve("sandbox").toString());
    }
    keep(
        environment,
        kept,
        "mediaflow.worker.state-secret",
        data.resolve("secrets/worker-state-secret"));
    keep(environment, kept, "mediaflow.callbacks.secret", data.resolve("secrets/callback-secret"));
    keep(
        environment,
        kept,
        "mediaflow.documents.link-secret",
        data.resolve("secrets/document-link-secret"));
    if (blank(environment, "mediaflow.delivery.key-store.directory")
        && blank(environment, "mediaflow.delivery.key-store.master-key")) {
      kept.put("mediaflow.delivery.key-store.directory", data.resolve("signing-keys").toString());
      kept.put(
          "mediaflow.delivery.key-store.master-key",
          key(data.resolve("secrets/key-store-master-key")));
    }
    if (!kept.isEmpty()) {
      environment.getPropertySources().addFirst(new MapPropertySource("mediaflowDataFolder", kept));
    }
  }

  private static void keep(
      ConfigurableEnvironment environment, Map<String, Object> kept, String property, Path file) {
    if (blank(environment, property)) {
      kept.put(property, key(file));
    }
  }

  private static boolean blank(ConfigurableEnvironment environment, String property) {
    String value = environment.getProperty(property);
    return value == null || value.isBlank();
  }

  /**
   * The key in {@code file}, made (32 random bytes, Base64) on first use: written beside it and
   * moved in place, so that a crash never leaves half a key.
   */
  private static String key(Path file) {
    try {
      String kept =
          Files.exists(file) ? Files.readString(file, StandardCharsets.US_ASCII).strip() : "";
      if (!kept.isEmpty()) {
        return kept;
      }
      Files.createDirectories(file.getParent());
      byte[] key = new byte[KEY_BYTES];
      new SecureRandom().nextBytes(key);
      Path made =
          Files.createTempFile(
              file.getParent(),
              ".",
              ".key",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(made, Base64.getEncoder().encodeToString(key), StandardCharsets.US_ASCII);
      Files.move(made, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return Files.readString(file, StandardCharsets.US_ASCII).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot keep a key in the data folder: " + file, e);
    }
  }
}
