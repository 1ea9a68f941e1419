package io.mediaflow.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {{secrets.NAME}} from environment variables that are secrets: a prefix, or names listed one by
 * one.
 */
class EnvironmentSecretProviderTest {

  private final Map<String, String> environment =
      Map.of(
          "DVR_SECRET_KEY",
          "plain",
          "MEDIAFLOW_SECRET_DVR_SECRET_KEY",
          "prefixed",
          "JAVA_HOME",
          "/usr/lib/jvm",
          "LEGACY_TOKEN",
          "listed");

  @Test
  void onlyVariablesAfterThePrefixOrListedByNameAreSecrets() {
    var provider =
        new EnvironmentSecretProvider("MEDIAFLOW_SECRET_", List.of("LEGACY_TOKEN"), environment);

    assertThat(provider.secret("DVR_SECRET_KEY")).contains("prefixed");
    assertThat(provider.secret("LEGACY_TOKEN")).contains("listed");
    assertThat(provider.secret("JAVA_HOME")).as("any other variable of the worker").isEmpty();
    assertThat(provider.secret("PATH")).isEmpty();
  }

  @Test
  void anEmptyPrefixWouldMakeEveryVariableASecretAndIsRefused() {
    assertThatThrownBy(() -> new EnvironmentSecretProvider("", List.of(), environment))
        .hasMessageStartingWith("mediaflow.secrets.environment-prefix must not be empty");
  }
}
