package io.mediaflow.worker;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Secrets from the worker's environment variables, only those that are secrets: {@code
 * {{secrets.DVR_SECRET_KEY}}} reads {@code MEDIAFLOW_SECRET_DVR_SECRET_KEY} ({@code
 * mediaflow.secrets.environment-prefix}), or {@code DVR_SECRET_KEY} itself when {@code
 * mediaflow.secrets.names} lists it. Nothing else in the environment ({@code JAVA_HOME}, a database
 * password, the key store's master key) can be named by a process.
 */
public class EnvironmentSecretProvider implements SecretProvider {

  private final String prefix;
  private final Set<String> names;
  private final Map<String, String> environment;

  /**
   * @param prefix put before a secret's name; must not be empty, or every variable would be a
   *     secret
   * @param names secrets read from the variable of exactly that name
   */
  public EnvironmentSecretProvider(
      String prefix, Collection<String> names, Map<String, String> environment) {
    if (prefix == null || prefix.isBlank()) {
      throw new IllegalArgumentException(
          "mediaflow.secrets.environment-prefix must not be empty: it is what keeps a"
              + " process from reading any environment variable of the worker; list exact names in mediaflow.secrets.names");
    }
    this.prefix = prefix;
    this.names = Set.copyOf(names);
    this.environment = environment;
  }

  @Override
  public Optional<String> secret(String name) {
    return Optional.ofNullable(environment.get(prefix + name))
        .or(
            () ->
                names.contains(name)
                    ? Optional.ofNullable(environment.get(name))
                    : Optional.empty());
  }
}
