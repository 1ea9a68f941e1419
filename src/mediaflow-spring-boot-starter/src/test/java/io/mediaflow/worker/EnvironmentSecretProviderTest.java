package io.mediaflow.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {{secrets.NAME}} from environment variables, optionally only those with a prefix. */
class EnvironmentSecretProviderTest {

  private final Map<String, String> environment = Map.of("DVR_SECRET_KEY", "plain", "MEDIAFLOW_SECRET_DVR_SECRET_KEY", "prefixed");

  @Test
  void aNameIsAnEnvironmentVariableAfterThePrefix() {
    assertThat(new EnvironmentSecretProvider("", environment).secret("DVR_SECRET_KEY")).contains("plain");
    assertThat(new EnvironmentSecretProvider("MEDIAFLOW_SECRET_", environment).secret("DVR_SECRET_KEY")).contains("prefixed");
    assertThat(new EnvironmentSecretProvider("MEDIAFLOW_SECRET_", environment).secret("PATH")).isEmpty();
  }
}
