package io.mediaflow.worker;

import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The secret provider: environment variables unless the application declares its own {@link
 * SecretProvider}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SecretsConfiguration.SecretsProperties.class)
public class SecretsConfiguration {

  /**
   * @param environmentPrefix put before a secret's name to find its environment variable: only
   *     variables named so are secrets
   * @param names secrets read from the environment variable of exactly that name (for variables
   *     that cannot be renamed)
   */
  @ConfigurationProperties("mediaflow.secrets")
  public record SecretsProperties(
      @DefaultValue("MEDIAFLOW_SECRET_") String environmentPrefix,
      @DefaultValue List<String> names) {}

  @Bean
  @ConditionalOnMissingBean(SecretProvider.class)
  SecretProvider mediaflowSecretProvider(SecretsProperties properties) {
    return new EnvironmentSecretProvider(
        properties.environmentPrefix(), properties.names(), System.getenv());
  }
}
