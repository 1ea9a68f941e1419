package io.mediaflow.delivery;

import java.time.Clock;
import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;

/**
 * A content delivery API played by MockWebServer, for answers the sandbox does not give on its own.
 */
public final class MockCdn {

  public static final String API_KEY = "project-key-that-must-stay-secret";

  private MockCdn() {}

  public static DeliveryClient client(MockWebServer server) {
    return new DeliveryClient(
        properties(server.url("/cdn").toString()), new OkHttpClient(), Clock.systemUTC());
  }

  public static DeliveryProperties properties(String baseUrl) {
    return new DeliveryProperties(
        true,
        baseUrl,
        API_KEY,
        Duration.ofMinutes(5),
        Duration.ofSeconds(5),
        "https://{bucket}.media-storage.{region}.storage.example/{path}",
        "https://{domain}/{path}",
        "eu-central");
  }

  public static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }

  public static MockResponse token() {
    return json(200, "{\"access_token\":\"token-1\"}");
  }

  public static String body(RecordedRequest request) {
    return request.getBody() == null ? "" : request.getBody().utf8();
  }

  /** The request line as the API documents it, e.g. {@code POST /v1/domains}. */
  public static String line(RecordedRequest request) {
    return request.getMethod() + " " + request.getUrl().encodedPath().substring("/cdn".length());
  }
}
