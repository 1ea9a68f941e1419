package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.sandbox.SandboxTest;
import org.junit.jupiter.api.Test;

class LiveAuthTest extends SandboxTest {

  private String url(String path) {
    return baseUrl() + "/sandbox/live/v1" + path;
  }

  @Test
  void anUnknownApiKeyGetsNoToken() {
    var answer = LiveApi.send("POST", url("/access_token/not-a-key"), null, null);
    assertThat(answer.error(401)).isEqualTo("api_key: not an API key of this project");
  }

  @Test
  void everyCallButTheTokenRequestNeedsABearerToken() {
    String id = LiveApi.connect(baseUrl()).create(null).get("id").asText();
    for (String path : new String[] {"/live-streams", "/live-streams/" + id}) {
      assertThat(LiveApi.send("GET", url(path), null, null).error(401))
          .startsWith("Authorization: missing");
      assertThat(LiveApi.send("GET", url(path), null, "made-up-token").error(401))
          .startsWith("Authorization: the access token is unknown or expired");
    }
    assertThat(LiveApi.send("POST", url("/live-streams"), "{}", null).status()).isEqualTo(401);
    assertThat(LiveApi.send("POST", url("/live-streams/" + id + "/start"), null, null).status())
        .isEqualTo(401);
    assertThat(
            LiveApi.send("DELETE", url("/live-streams/" + id + "/playback-ids/x"), null, null)
                .status())
        .isEqualTo(401);
  }

  @Test
  void aFreshTokenIsAccepted() {
    var api = LiveApi.connect(baseUrl());
    assertThat(api.get("/live-streams").status()).isEqualTo(200);
  }
}
