package io.mediaflow.worker;

import java.util.Optional;

/**
 * Where the worker finds the secret an input names as {@code {{secrets.NAME}}}, the convention of
 * Camunda's connectors. The default reads environment variables ({@link
 * EnvironmentSecretProvider}); an application that keeps its secrets elsewhere (a vault, a cloud
 * secret manager) declares its own bean of this type.
 */
@FunctionalInterface
public interface SecretProvider {

  /** The secret's value, or empty when there is none by that name. */
  Optional<String> secret(String name);
}
