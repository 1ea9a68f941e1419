package io.mediaflow.worker;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The secret provider: environment variables unless the application declares its own {@link SecretProvider}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SecretsConfiguration.SecretsProperties.class)
public class SecretsConfiguration {

  /** @param environmentPrefix put before a secret's name to find its environment variable; empty for none */
  @ConfigurationProperties("mediaflow.secrets")
  public record SecretsProperties(@DefaultValue("") String environmentPrefix) {}

  @Bean
  @ConditionalOnMissingBean(SecretProvider.class)
  SecretProvider mediaflowSecretProvider(SecretsProperties properties) {
    return new EnvironmentSecretProvider(properties.environmentPrefix(), System.getenv());
  }
}
