package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Private keys in files, one per signing key, encrypted at rest with AES-256-GCM under a master key: a fresh random
 * 96-bit nonce per write, and the key id as associated data, so a file copied or renamed to another key's name does
 * not decrypt. A file is {@code MFK1 | nonce | ciphertext with tag}; it is written to a temporary file first and
 * moved into place, and readable by the owner only where the file system has POSIX permissions.
 */
public final class FileSigningKeyStore implements SigningKeyStore, AutoCloseable {

  private static final byte[] MAGIC = "MFK1".getBytes(StandardCharsets.US_ASCII);
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final String SUFFIX = ".key";
  /** Key ids become file names: UUIDs and other simple ids, never a path. */
  private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
  private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

  private final Path directory;
  private final SecretKey masterKey;
  private final boolean deleteOnClose;
  private final SecureRandom random = new SecureRandom();

  /**
   * @param deleteOnClose remove the directory and its files when the application stops: for a store whose master
   *     key lives only as long as this run, so nothing unreadable is left behind
   */
  public FileSigningKeyStore(Path directory, SecretKey masterKey, boolean deleteOnClose) {
    this.directory = directory;
    this.masterKey = masterKey;
    this.deleteOnClose = deleteOnClose;
    try {
      Files.createDirectories(directory);
      if (POSIX) {
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Signing key store: cannot create the directory " + directory, e);
    }
  }

  @Override
  public void save(String keyId, PrivateKeyPem privateKey) {
    Path file = file(keyId);
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    byte[] sealed = crypt(Cipher.ENCRYPT_MODE, keyId, nonce, privateKey.text().getBytes(StandardCharsets.UTF_8));
    byte[] content = ByteBuffer.allocate(MAGIC.length + NONCE_BYTES + sealed.length).put(MAGIC).put(nonce).put(sealed).array();
    try {
      Path temporary = Files.createTempFile(directory, ".", ".tmp");
      try {
        if (POSIX) {
          Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
        }
        Files.write(temporary, content);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temporary);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Signing key store: cannot write the key of signing key " + keyId, e);
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
      throw new UncheckedIOException("Signing key store: cannot read the key of signing key " + keyId, e);
    }
    if (content.length < MAGIC.length + NONCE_BYTES || !Arrays.equals(MAGIC, 0, MAGIC.length, content, 0, MAGIC.length)) {
      throw new IllegalStateException("Signing key store: the file of signing key " + keyId + " is not a key file");
    }
    byte[] nonce = Arrays.copyOfRange(content, MAGIC.length, MAGIC.length + NONCE_BYTES);
    byte[] sealed = Arrays.copyOfRange(content, MAGIC.length + NONCE_BYTES, content.length);
    return Optional.of(new PrivateKeyPem(new String(crypt(Cipher.DECRYPT_MODE, keyId, nonce, sealed), StandardCharsets.UTF_8)));
  }

  @Override
  public void delete(String keyId) {
    try {
      Files.deleteIfExists(file(keyId));
    } catch (IOException e) {
      throw new UncheckedIOException("Signing key store: cannot delete the key of signing key " + keyId, e);
    }
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
    if (keyId == null || !KEY_ID.matcher(keyId).matches()) {
      throw new IllegalArgumentException("Signing key store: '" + keyId + "' is not a signing key id");
    }
    return directory.resolve(keyId + SUFFIX);
  }

  private byte[] crypt(int mode, String keyId, byte[] nonce, byte[] input) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(mode, masterKey, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(keyId.getBytes(StandardCharsets.UTF_8));
      return cipher.doFinal(input);
    } catch (AEADBadTagException e) {
      throw new IllegalStateException("Signing key store: the key of signing key " + keyId
          + " does not decrypt: it was written with another master key, or altered");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Signing key store: AES-256-GCM failed for signing key " + keyId + ": "
          + e.getClass().getSimpleName());
    }
  }
}
