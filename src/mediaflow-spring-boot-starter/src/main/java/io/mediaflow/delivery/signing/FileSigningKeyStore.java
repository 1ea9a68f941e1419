package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Private keys in files, one per signing key, sealed by {@link KeySeal} (AES-256-GCM under the
 * master key, the key id bound in, so a file copied or renamed to another key's name does not
 * decrypt). A file is written to a temporary file first and moved into place, and readable by the
 * owner only where the file system has POSIX permissions.
 */
public final class FileSigningKeyStore implements SigningKeyStore, AutoCloseable {

  private static final String SUFFIX = ".key";
  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

  private final Path directory;
  private final KeySeal seal;
  private final boolean deleteOnClose;

  /**
   * @param deleteOnClose remove the directory and its files when the application stops: for a store
   *     whose master key lives only as long as this run, so nothing unreadable is left behind
   */
  public FileSigningKeyStore(Path directory, KeySeal seal, boolean deleteOnClose) {
    this.directory = directory;
    this.seal = seal;
    this.deleteOnClose = deleteOnClose;
    try {
      Files.createDirectories(directory);
      if (POSIX) {
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Signing key store: cannot create the directory " + directory, e);
    }
  }

  @Override
  public void save(String keyId, PrivateKeyPem privateKey) {
    Path file = file(keyId);
    byte[] content = seal.seal(keyId, privateKey);
    try {
      Path temporary = Files.createTempFile(directory, ".", ".tmp");
      try {
        if (POSIX) {
          Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
        }
        Files.write(temporary, content);
        Files.move(
            temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temporary);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Signing key store: cannot write the key of signing key " + keyId, e);
    }
  }

  @Override
  public Optional<PrivateKeyPem> find(String keyId) {
    Path file = file(keyId);
    byte[] content;
    try {
      if (!Files.exists(file)) {
        return Optional.empty();
      }
      content = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Signing key store: cannot read the key of signing key " + keyId, e);
    }
    return Optional.of(seal.open(keyId, content));
  }

  @Override
  public void delete(String keyId) {
    try {
      Files.deleteIfExists(file(keyId));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Signing key store: cannot delete the key of signing key " + keyId, e);
    }
  }

  /**
   * Whether this store's keys are gone after this run (no directory was configured): another
   * replica cannot sign with them, nor this one after a restart.
   */
  public boolean keptForThisRunOnly() {
    return deleteOnClose;
  }

  Path directory() {
    return directory;
  }

  @Override
  public void close() throws IOException {
    if (!deleteOnClose || !Files.exists(directory)) {
      return;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  private Path file(String keyId) {
    return directory.resolve(KeySeal.checkedKeyId(keyId) + SUFFIX);
  }
}
