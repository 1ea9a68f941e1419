package io.mediaflow.live.internal;

import static org.assertj.core.api.Assertions.assertThat;

import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A playback URL plays when one GET of it answers a playlist; otherwise the answer says why. */
class PlaybackCheckTest {

  private final MockWebServer server = new MockWebServer();

  @BeforeEach
  void start() throws Exception {
    server.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aPlaylistPlaysInOneRequestWithItsToken() throws Exception {
    server.enqueue(new MockResponse.Builder().body("#EXTM3U\n#EXT-X-VERSION:3\n").build());
    var check = new PlaybackCheck(new OkHttpClient(), null);

    var answer = check.fetch(server.url("/p1/playlist.m3u8?auth=tok").toString(), null);

    assertThat(answer.plays()).isTrue();
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(server.takeRequest().getUrl().query()).isEqualTo("auth=tok");
  }

  @Test
  void aRefusalOrAnotherAnswerSaysWhatItGotAndWhatToDo() {
    server.enqueue(new MockResponse.Builder().code(403).body("token expired").build());
    server.enqueue(new MockResponse.Builder().code(404).body("").build());
    server.enqueue(new MockResponse.Builder().body("<html>hello</html>").build());
    var check = new PlaybackCheck(new OkHttpClient(), null);
    String url = server.url("/p1/playlist.m3u8?auth=secret-token").toString();

    var refused = check.fetch(url, null);
    var missing = check.fetch(url, null);
    var page = check.fetch(url, null);

    assertThat(refused.plays()).isFalse();
    assertThat(refused.got()).isEqualTo("HTTP 403: \"token expired\"");
    assertThat(refused.advice()).contains("signing key is bound to the stream");
    assertThat(missing.got()).isEqualTo("HTTP 404");
    assertThat(missing.advice()).contains("output has not begun");
    assertThat(page.got()).startsWith("HTTP 200: \"<html>");
    assertThat(PlaybackCheck.masked(url))
        .endsWith("playlist.m3u8?auth=***")
        .doesNotContain("secret");
  }

  @Test
  void aUrlUnderThePlaybackDomainIsFetchedWhereTheDomainIsServed() throws Exception {
    server.enqueue(new MockResponse.Builder().body("#EXTM3U\n").build());
    var check =
        new PlaybackCheck(
            new OkHttpClient(), server.url("/domains/").toString() + "{domain}/{path}");

    var answer =
        check.fetch("https://live.example.com/p1/playlist.m3u8?auth=t", "live.example.com");

    assertThat(answer.plays()).isTrue();
    assertThat(server.takeRequest().getTarget())
        .isEqualTo("/domains/live.example.com/p1/playlist.m3u8?auth=t");
  }

  @Test
  void noAnswerSaysToCheckTheAddress() {
    var check = new PlaybackCheck(new OkHttpClient(), null);

    var answer = check.fetch("http://127.0.0.1:1/p1/playlist.m3u8", null);

    assertThat(answer.plays()).isFalse();
    assertThat(answer.status()).isZero();
    assertThat(answer.advice()).contains("resolves and answers");
  }
}
