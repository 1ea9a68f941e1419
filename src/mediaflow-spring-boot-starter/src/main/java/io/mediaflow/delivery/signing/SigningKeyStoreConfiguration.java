package io.mediaflow.delivery.signing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The default {@link SigningKeyStore}: files under {@code mediaflow.delivery.key-store.directory}, encrypted with
 * {@code mediaflow.delivery.key-store.master-key}. With neither set (the embedded default) the keys live in a
 * temporary directory under a master key made for this run, and are gone after a restart, as the sandbox's signing
 * keys are. Setting only one of the two is refused at start-up: keys written that way could not be read after a
 * restart, which would only show much later.
 */
@Configuration(proxyBeanMethods = false)
public class SigningKeyStoreConfiguration {

  private static final Logger LOG = LoggerFactory.getLogger(SigningKeyStoreConfiguration.class);
  private static final int MASTER_KEY_BYTES = 32;

  @Bean
  @ConditionalOnMissingBean(SigningKeyStore.class)
  FileSigningKeyStore mediaflowSigningKeyStore(KeyStoreProperties properties) {
    boolean hasDirectory = properties.directory() != null && !properties.directory().isBlank();
    boolean hasMasterKey = properties.masterKey() != null && !properties.masterKey().isBlank();
    if (hasDirectory && hasMasterKey) {
      return new FileSigningKeyStore(Path.of(properties.directory()), masterKey(properties.masterKey()), false);
    }
    if (hasDirectory || hasMasterKey) {
      throw new IllegalStateException("mediaflow.delivery.key-store: set both directory and master-key"
          + " (MEDIAFLOW_KEY_STORE_DIRECTORY, MEDIAFLOW_KEY_STORE_MASTER_KEY) to keep signing keys across restarts,"
          + " or neither for keys that last this run only; " + (hasDirectory ? "master-key" : "directory") + " is missing");
    }
    Path directory;
    try {
      directory = Files.createTempDirectory("mediaflow-signing-keys-");
    } catch (IOException e) {
      throw new UncheckedIOException("Signing key store: cannot create a temporary directory", e);
    }
    LOG.warn("No signing key store configured (mediaflow.delivery.key-store.directory and master-key): private keys"
        + " of signing keys are kept encrypted in {} with a master key made for this run, and do NOT survive a restart",
        directory);
    byte[] key = new byte[MASTER_KEY_BYTES];
    new SecureRandom().nextBytes(key);
    return new FileSigningKeyStore(directory, new SecretKeySpec(key, "AES"), true);
  }

  private static SecretKey masterKey(String base64) {
    byte[] key;
    try {
      key = Base64.getDecoder().decode(base64.strip());
    } catch (IllegalArgumentException e) {
      key = new byte[0];
    }
    if (key.length != MASTER_KEY_BYTES) {
      throw new IllegalStateException("mediaflow.delivery.key-store.master-key: must be " + MASTER_KEY_BYTES
          + " bytes in base64 (AES-256), e.g. from: openssl rand -base64 32");
    }
    return new SecretKeySpec(key, "AES");
  }
}
