package io.mediaflow.delivery.signing;

import io.mediaflow.delivery.signing.KeyStoreProperties.Type;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The default {@link SigningKeyStore}, unless the application declares its own: the JDBC store when
 * {@link KeyStoreProperties#prefersDataSource()} and the application has one {@code DataSource}
 * (see {@link JdbcSigningKeyStoreConfiguration}, imported first so this configuration backs off
 * from it); else files under {@code mediaflow.delivery.key-store.directory}, sealed under {@code
 * master-key}. With neither set (the embedded default) the keys live in a temporary directory under
 * a master key made for this run, and are gone after a restart, as the sandbox's signing keys are.
 * A half-given configuration is refused at start-up: keys written that way could not be read after
 * a restart, which would only show much later.
 */
@Configuration(proxyBeanMethods = false)
@Import(JdbcSigningKeyStoreConfiguration.class)
public class SigningKeyStoreConfiguration {

  @Bean
  @ConditionalOnMissingBean(SigningKeyStore.class)
  FileSigningKeyStore mediaflowSigningKeyStore(KeyStoreProperties properties) {
    if (properties.type() == Type.JDBC) {
      throw new IllegalStateException(
          "mediaflow.delivery.key-store.type=jdbc: the application has no DataSource"
              + " bean to keep signing keys in (add spring-boot-starter-jdbc and spring.datasource.url, or declare one"
              + " DataSource; with several, mark one @Primary)");
    }
    if (properties.prefersDataSource()) {
      throw new IllegalStateException(
          "mediaflow.delivery.key-store: master-key is set without a directory, and the"
              + " application has no DataSource to keep signing keys in; set directory (MEDIAFLOW_KEY_STORE_DIRECTORY)"
              + " for the file store, or give the application a DataSource for the JDBC store");
    }
    if (properties.hasDirectory() && properties.hasMasterKey()) {
      return new FileSigningKeyStore(
          Path.of(properties.directory()), KeySeal.ofMasterKey(properties.masterKey()), false);
    }
    if (properties.hasDirectory() || properties.hasMasterKey()) {
      throw new IllegalStateException(
          "mediaflow.delivery.key-store: set both directory and master-key"
              + " (MEDIAFLOW_KEY_STORE_DIRECTORY, MEDIAFLOW_KEY_STORE_MASTER_KEY) to keep signing keys across restarts,"
              + " or neither for keys that last this run only; "
              + (properties.hasDirectory() ? "master-key" : "directory")
              + " is missing");
    }
    Path directory;
    try {
      directory = Files.createTempDirectory("mediaflow-signing-keys-");
    } catch (IOException e) {
      throw new UncheckedIOException("Signing key store: cannot create a temporary directory", e);
    }
    // io.mediaflow.ReplicaCheck warns that these keys last this run only, or stops the start where
    // replicas run.
    return new FileSigningKeyStore(directory, KeySeal.forThisRun(), true);
  }
}
