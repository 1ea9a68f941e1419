package io.mediaflow.delivery.signing;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where signing keys' private keys are kept, sealed under the master key. By default ({@code
 * type=auto}): in files when a directory is given; else in a table of the application's {@code
 * DataSource} when it has one and a master key is given; with nothing set (the embedded default) in
 * files for this run only, like the sandbox's own keys.
 *
 * @param type {@code auto}, {@code file} or {@code jdbc}: the store to use, or how {@code auto}
 *     chooses
 * @param directory where the file store writes its key files ({@code
 *     MEDIAFLOW_KEY_STORE_DIRECTORY})
 * @param masterKey the AES-256 key that seals the private keys: 32 bytes in base64, e.g. {@code
 *     openssl rand -base64 32}, from the environment ({@code MEDIAFLOW_KEY_STORE_MASTER_KEY}) or a
 *     secret store; the same on every replica
 * @param table the JDBC store's table, created at start when missing
 */
@ConfigurationProperties("mediaflow.delivery.key-store")
public record KeyStoreProperties(
    @DefaultValue("auto") Type type,
    String directory,
    String masterKey,
    @DefaultValue("mediaflow_signing_keys") String table) {

  /** The store to use. */
  public enum Type {
    /**
     * Files when a directory is given, else the application's DataSource when it has one and a
     * master key is set.
     */
    AUTO,
    /**
     * Files under the directory, or for this run only when neither directory nor master key is set.
     */
    FILE,
    /** A table of the application's DataSource. */
    JDBC
  }

  /**
   * Whether the application's DataSource should hold the keys if it has one: asked for, or {@code
   * auto} with a master key and no directory. The one place the precedence between the two stores
   * is decided.
   */
  public boolean prefersDataSource() {
    return type == Type.JDBC || (type == Type.AUTO && !hasDirectory() && hasMasterKey());
  }

  boolean hasDirectory() {
    return directory != null && !directory.isBlank();
  }

  boolean hasMasterKey() {
    return masterKey != null && !masterKey.isBlank();
  }

  @Override
  public String toString() {
    return "KeyStoreProperties[type="
        + type
        + ", directory="
        + directory
        + ", masterKey=***, table="
        + table
        + "]";
  }
}
