package io.mediaflow.delivery.signing;

import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The {@link JdbcSigningKeyStore} on the application's own {@code DataSource}, as Spring Session
 * and Spring Batch keep their state: when spring-jdbc is there, the application has one {@code
 * DataSource} (or one marked {@code @Primary}), and {@link KeyStoreProperties#prefersDataSource()}.
 * Replicas on one database then share their signing keys with nothing more to set up than the
 * master key.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.jdbc.core.JdbcTemplate")
@ConditionalOnSingleCandidate(DataSource.class)
@Conditional(JdbcSigningKeyStoreConfiguration.DataSourcePreferred.class)
class JdbcSigningKeyStoreConfiguration {

  @Bean
  @ConditionalOnMissingBean(SigningKeyStore.class)
  JdbcSigningKeyStore mediaflowSigningKeyStore(
      KeyStoreProperties properties, DataSource dataSource) {
    if (!properties.hasMasterKey()) {
      throw new IllegalStateException(
          "mediaflow.delivery.key-store.master-key is missing: the signing key store on"
              + " the application's DataSource (type=jdbc) seals private keys under it; set it to the same value on every"
              + " replica (MEDIAFLOW_KEY_STORE_MASTER_KEY, e.g. from: openssl rand -base64 32)");
    }
    return new JdbcSigningKeyStore(
        dataSource, KeySeal.ofMasterKey(properties.masterKey()), properties.table());
  }

  /**
   * {@link KeyStoreProperties#prefersDataSource()}, read before the properties are bound as a bean.
   */
  static class DataSourcePreferred extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(
        ConditionContext context, AnnotatedTypeMetadata metadata) {
      KeyStoreProperties properties =
          Binder.get(context.getEnvironment())
              .bindOrCreate("mediaflow.delivery.key-store", KeyStoreProperties.class);
      return properties.prefersDataSource()
          ? ConditionOutcome.match(
              "mediaflow.delivery.key-store prefers the application's DataSource")
          : ConditionOutcome.noMatch(
              "mediaflow.delivery.key-store has a directory, no master key, or type=file");
    }
  }
}
