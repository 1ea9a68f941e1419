package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.PrivateKeyPem;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * RSA key pairs and their private keys in the block forms a service may send; master keys of the
 * key stores.
 */
public final class TestKeys {

  private TestKeys() {}

  public static KeyPair rsa() {
    try {
      var generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return generator.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  public static PrivateKeyPem pkcs8(KeyPair pair) {
    return new PrivateKeyPem(pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
  }

  /**
   * A fresh master key as {@code mediaflow.delivery.key-store.master-key} takes it: 32 random bytes
   * in base64.
   */
  public static String masterKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }

  public static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }
}
