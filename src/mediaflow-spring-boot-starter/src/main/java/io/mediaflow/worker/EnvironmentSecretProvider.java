package io.mediaflow.worker;

import java.util.Map;
import java.util.Optional;

/**
 * Secrets from the worker's environment variables: {@code {{secrets.DVR_SECRET_KEY}}} reads
 * {@code DVR_SECRET_KEY}, or {@code <prefix>DVR_SECRET_KEY} with {@code mediaflow.secrets.environment-prefix} set
 * (so a process can name only the variables meant for it).
 */
public class EnvironmentSecretProvider implements SecretProvider {

  private final String prefix;
  private final Map<String, String> environment;

  public EnvironmentSecretProvider(String prefix, Map<String, String> environment) {
    this.prefix = prefix == null ? "" : prefix;
    this.environment = environment;
  }

  @Override
  public Optional<String> secret(String name) {
    return Optional.ofNullable(environment.get(prefix + name));
  }
}
