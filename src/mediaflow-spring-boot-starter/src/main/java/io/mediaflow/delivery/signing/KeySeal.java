package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.regex.Pattern;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * How every key store keeps a private key at rest: AES-256-GCM under the master key, a fresh random
 * 96-bit nonce per seal, and the key id as associated data, so a sealed key copied to another key's
 * name (a file, a row) does not open. A sealed key is {@code MFK1 | nonce | ciphertext with tag}.
 * The stores differ only in where they put it.
 */
final class KeySeal {

  private static final byte[] MAGIC = "MFK1".getBytes(StandardCharsets.US_ASCII);
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final int MASTER_KEY_BYTES = 32;

  /** Key ids name files and rows: UUIDs and other simple ids, never a path. */
  private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  private final SecretKey masterKey;
  private final SecureRandom random = new SecureRandom();

  KeySeal(SecretKey masterKey) {
    this.masterKey = masterKey;
  }

  /**
   * The master key as {@code mediaflow.delivery.key-store.master-key} gives it: 32 bytes in base64.
   */
  public static KeySeal ofMasterKey(String base64) {
    byte[] key;
    try {
      key = Base64.getDecoder().decode(base64.strip());
    } catch (IllegalArgumentException e) {
      key = new byte[0];
    }
    if (key.length != MASTER_KEY_BYTES) {
      throw new IllegalStateException(
          "mediaflow.delivery.key-store.master-key: must be "
              + MASTER_KEY_BYTES
              + " bytes in base64 (AES-256), e.g. from: openssl rand -base64 32");
    }
    return new KeySeal(new SecretKeySpec(key, "AES"));
  }

  /** A master key made for this run only: what it seals cannot be opened after a restart. */
  static KeySeal forThisRun() {
    byte[] key = new byte[MASTER_KEY_BYTES];
    new SecureRandom().nextBytes(key);
    return new KeySeal(new SecretKeySpec(key, "AES"));
  }

  /**
   * {@code keyId}, if it is a simple id (letters, digits, {@code . _ -}, at most 128 characters).
   */
  static String checkedKeyId(String keyId) {
    if (keyId == null || !KEY_ID.matcher(keyId).matches()) {
      throw new IllegalArgumentException(
          "Signing key store: '" + keyId + "' is not a signing key id");
    }
    return keyId;
  }

  byte[] seal(String keyId, PrivateKeyPem privateKey) {
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    byte[] sealed =
        crypt(
            Cipher.ENCRYPT_MODE, keyId, nonce, privateKey.text().getBytes(StandardCharsets.UTF_8));
    return ByteBuffer.allocate(MAGIC.length + NONCE_BYTES + sealed.length)
        .put(MAGIC)
        .put(nonce)
        .put(sealed)
        .array();
  }

  PrivateKeyPem open(String keyId, byte[] content) {
    if (content.length < MAGIC.length + NONCE_BYTES
        || !Arrays.equals(MAGIC, 0, MAGIC.length, content, 0, MAGIC.length)) {
      throw new IllegalStateException(
          "Signing key store: what is stored for signing key " + keyId + " is not a sealed key");
    }
    byte[] nonce = Arrays.copyOfRange(content, MAGIC.length, MAGIC.length + NONCE_BYTES);
    byte[] sealed = Arrays.copyOfRange(content, MAGIC.length + NONCE_BYTES, content.length);
    return new PrivateKeyPem(
        new String(crypt(Cipher.DECRYPT_MODE, keyId, nonce, sealed), StandardCharsets.UTF_8));
  }

  private byte[] crypt(int mode, String keyId, byte[] nonce, byte[] input) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(mode, masterKey, new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(keyId.getBytes(StandardCharsets.UTF_8));
      return cipher.doFinal(input);
    } catch (AEADBadTagException e) {
      throw new IllegalStateException(
          "Signing key store: the key of signing key "
              + keyId
              + " does not decrypt: it was written with another master key, or altered");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "Signing key store: AES-256-GCM failed for signing key "
              + keyId
              + ": "
              + e.getClass().getSimpleName());
    }
  }
}
