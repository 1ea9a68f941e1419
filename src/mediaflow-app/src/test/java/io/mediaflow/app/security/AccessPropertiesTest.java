package io.mediaflow.app.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class AccessPropertiesTest {

  private static final AccessProperties NONE = new AccessProperties("", "", "");
  private static final AccessProperties BASIC = new AccessProperties("editor", "s3cret", null);
  private static final AccessProperties TOKEN = new AccessProperties(null, null, "t0ken");

  @Test
  void withoutCredentialsOnlyLoopbackIsAllowed() {
    for (String loopback : new String[] {"127.0.0.1", "::1", "localhost"}) {
      assertThatCode(() -> NONE.requireForAddress("server.address", loopback))
          .doesNotThrowAnyException();
    }
    for (String beyond : new String[] {"0.0.0.0", "::"}) {
      assertThatThrownBy(() -> NONE.requireForAddress("mediaflow.engine.address", beyond))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("mediaflow.engine.address=" + beyond)
          .hasMessageContaining("mediaflow.app.security.username");
    }
    assertThatCode(() -> BASIC.requireForAddress("server.address", "0.0.0.0"))
        .doesNotThrowAnyException();
    assertThatCode(() -> TOKEN.requireForAddress("server.address", "0.0.0.0"))
        .doesNotThrowAnyException();
  }

  @Test
  void acceptsOnlyTheConfiguredCredentials() {
    assertThat(BASIC.accepts(basic("editor", "s3cret"))).isTrue();
    assertThat(BASIC.accepts(basic("editor", "guess"))).isFalse();
    assertThat(BASIC.accepts("Bearer s3cret")).isFalse();
    assertThat(BASIC.accepts(null)).isFalse();
    assertThat(TOKEN.accepts("Bearer t0ken")).isTrue();
    assertThat(TOKEN.accepts("Bearer t0ke")).isFalse();
    assertThat(TOKEN.accepts(basic("t0ken", ""))).isFalse();
    assertThat(NONE.accepts("Bearer ")).isFalse();
    assertThat(BASIC.accepts(BASIC.authorization())).isTrue();
    assertThat(TOKEN.accepts(TOKEN.authorization())).isTrue();
  }

  @Test
  void aUsernameNeedsAPassword() {
    assertThatThrownBy(() -> new AccessProperties("editor", "", null))
        .hasMessageContaining("mediaflow.app.security.password");
  }

  @Test
  void secretsStayOutOfTheDescription() {
    assertThat(new AccessProperties("editor", "s3cret", "t0ken").toString())
        .contains("editor")
        .doesNotContain("s3cret")
        .doesNotContain("t0ken");
  }

  static String basic(String username, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
  }
}
