package io.mediaflow.delivery.signing;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The default key store of signing keys' private keys. Set both to keep keys across restarts; leave both unset (the
 * embedded default) for keys that live as long as this run, like the sandbox's own keys.
 *
 * @param directory where the encrypted key files are written ({@code MEDIAFLOW_KEY_STORE_DIRECTORY})
 * @param masterKey the AES-256 key that encrypts them: 32 bytes in base64, e.g. {@code openssl rand -base64 32}, from
 *     the environment ({@code MEDIAFLOW_KEY_STORE_MASTER_KEY}) or a secret store
 */
@ConfigurationProperties("mediaflow.delivery.key-store")
public record KeyStoreProperties(String directory, String masterKey) {

  @Override
  public String toString() {
    return "KeyStoreProperties[directory=" + directory + ", masterKey=***]";
  }
}
