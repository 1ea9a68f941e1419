package io.mediaflow.transcoding;

import java.time.Clock;
import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.OkHttpClient;

/** A transcoding client of a {@link MockWebServer} standing in for the service, and its answers. */
public final class MockTranscoding {

  private MockTranscoding() {}

  /** A client whose main host is the server's {@code /base}. */
  public static TranscodingClient client(MockWebServer server) {
    return new TranscodingClient(
        new TranscodingProperties(
            true,
            server.url("/base").toString(),
            "key",
            2_000_000,
            Duration.ofMinutes(5),
            Duration.ofSeconds(5),
            null,
            ",",
            ","),
        new OkHttpClient(),
        Clock.systemUTC());
  }

  /** An answer of 200 with this JSON body. */
  public static MockResponse json(String body) {
    return new MockResponse.Builder()
        .code(200)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }
}
