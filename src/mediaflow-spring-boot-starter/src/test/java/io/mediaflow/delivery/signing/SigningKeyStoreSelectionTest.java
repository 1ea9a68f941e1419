package io.mediaflow.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.delivery.PrivateKeyPem;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Which signing key store the application gets: its own bean, else the JDBC store on its DataSource
 * when a master key is set without a directory (or {@code type=jdbc}), else files; every half-given
 * configuration stops the start with the property to set.
 */
class SigningKeyStoreSelectionTest {

  private final String masterKey = TestKeys.masterKey();

  /**
   * The application's configurations come first, as they do before auto-configurations
   * (ReplicaCheckTest runs the starter's with the DataSource Spring Boot configures).
   */
  private final ApplicationContextRunner withoutDataSource =
      new ApplicationContextRunner()
          .withUserConfiguration(Properties.class, SigningKeyStoreConfiguration.class);

  private final ApplicationContextRunner withDataSource =
      new ApplicationContextRunner()
          .withUserConfiguration(
              Properties.class, ApplicationDataSource.class, SigningKeyStoreConfiguration.class);

  @TempDir Path directory;

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(KeyStoreProperties.class)
  static class Properties {}

  @Configuration(proxyBeanMethods = false)
  static class ApplicationDataSource {
    @Bean
    DataSource dataSource() {
      var dataSource = new JdbcDataSource();
      dataSource.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
      return dataSource;
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnStore {
    @Bean
    SigningKeyStore vaultKeys() {
      return new SigningKeyStore() {
        @Override
        public void save(String keyId, PrivateKeyPem privateKey) {}

        @Override
        public Optional<PrivateKeyPem> find(String keyId) {
          return Optional.empty();
        }

        @Override
        public void delete(String keyId) {}
      };
    }
  }

  @Test
  void aMasterKeyWithoutADirectoryKeepsTheKeysInTheApplicationsDatabase() {
    withDataSource
        .withPropertyValues("mediaflow.delivery.key-store.master-key=" + masterKey)
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(SigningKeyStore.class)
                    .getBean(SigningKeyStore.class)
                    .isInstanceOf(JdbcSigningKeyStore.class));
  }

  @Test
  void anExplicitDirectoryKeepsTheFileStore() {
    withDataSource
        .withPropertyValues(
            "mediaflow.delivery.key-store.master-key=" + masterKey,
            "mediaflow.delivery.key-store.directory=" + directory)
        .run(
            context ->
                assertThat(context.getBean(SigningKeyStore.class))
                    .isInstanceOf(FileSigningKeyStore.class));
  }

  @Test
  void typeFileNeverTouchesTheDatabase() {
    withDataSource
        .withPropertyValues(
            "mediaflow.delivery.key-store.type=file",
            "mediaflow.delivery.key-store.master-key=" + masterKey)
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageEndingWith("directory is missing"));
  }

  @Test
  void nothingSetKeepsTheKeysForThisRunOnlyEvenWithADataSource() {
    withDataSource.run(
        context ->
            assertThat(context.getBean(SigningKeyStore.class))
                .isInstanceOfSatisfying(
                    FileSigningKeyStore.class,
                    store -> assertThat(store.keptForThisRunOnly()).isTrue()));
  }

  @Test
  void theApplicationsOwnStoreWins() {
    new ApplicationContextRunner()
        .withUserConfiguration(
            Properties.class,
            ApplicationDataSource.class,
            OwnStore.class,
            SigningKeyStoreConfiguration.class)
        .withPropertyValues("mediaflow.delivery.key-store.master-key=" + masterKey)
        .run(
            context ->
                assertThat(context).hasSingleBean(SigningKeyStore.class).hasBean("vaultKeys"));
  }

  @Test
  void typeJdbcNeedsAMasterKey() {
    withDataSource
        .withPropertyValues("mediaflow.delivery.key-store.type=jdbc")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageStartingWith(
                        "mediaflow.delivery.key-store.master-key is missing: the signing key store on"
                            + " the application's DataSource"));
  }

  @Test
  void typeJdbcNeedsADataSource() {
    withoutDataSource
        .withPropertyValues(
            "mediaflow.delivery.key-store.type=jdbc",
            "mediaflow.delivery.key-store.master-key=" + masterKey)
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageStartingWith(
                        "mediaflow.delivery.key-store.type=jdbc: the application has no DataSource bean"));
  }

  @Test
  void withoutSpringJdbcADataSourceIsNotUsed() {
    withDataSource
        .withClassLoader(new FilteredClassLoader("org.springframework.jdbc"))
        .withPropertyValues("mediaflow.delivery.key-store.master-key=" + masterKey)
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContaining(
                        "master-key is set without a directory, and the application has no DataSource"));
  }

  @Test
  void theTableIsConfigurable() {
    withDataSource
        .withPropertyValues(
            "mediaflow.delivery.key-store.master-key=" + masterKey,
            "mediaflow.delivery.key-store.table=studio_signing_keys")
        .run(
            context -> {
              DataSource dataSource = context.getBean(DataSource.class);
              try (var connection = dataSource.getConnection();
                  var tables =
                      connection.getMetaData().getTables(null, null, "STUDIO_SIGNING_KEYS", null)) {
                assertThat(tables.next()).isTrue();
              }
            });
  }
}
