package io.mediaflow.api.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import java.io.IOException;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Sends one request of an API and reads its JSON answer. What every API shares lives here:
 * transport faults, server errors and throttling are {@link ApiException.Transient}; everything
 * else is handed back for the API's own error rules to read.
 */
public final class ApiHttp {

  /**
   * An answer the API's own rules interpret: its HTTP status and JSON body (empty object when
   * none).
   */
  public record Answer(int status, JsonNode body) {
    public boolean successful() {
      return status >= 200 && status < 300;
    }
  }

  private final OkHttpClient client;

  public ApiHttp(OkHttpClient client) {
    this.client = client;
  }

  /**
   * @param endpoint how the request is named in errors, e.g. {@code POST /v1/status}: never the
   *     URL, which may hold a key
   */
  public Answer send(Request request, String endpoint) {
    Text answer = text(request, endpoint);
    String text = answer.body();
    return new Answer(
        answer.status(),
        text.isBlank()
            ? ApiJson.MAPPER.createObjectNode()
            : parse(text, endpoint, answer.status()));
  }

  /** An answer in another format than JSON (S3's XML): its HTTP status and text. */
  public record Text(int status, String body) {}

  /**
   * {@link #send} for an API that does not answer JSON: the same faults are transient, the text is
   * handed back.
   */
  public Text text(Request request, String endpoint) {
    try (Response response = client.newCall(request).execute()) {
      int status = response.code();
      if (status == 429) {
        throw ApiException.Transient.busy(
            "HTTP_429",
            endpoint + " answered HTTP 429 (too many requests)",
            retryAfter(response.header("Retry-After")));
      }
      if (status >= 500 || status == 408) {
        throw new ApiException.Transient(
            "HTTP_" + status,
            endpoint + " answered HTTP " + status,
            retryAfter(response.header("Retry-After")),
            null);
      }
      return new Text(status, response.body().string());
    } catch (IOException e) {
      throw new ApiException.Transient(
          "TRANSPORT", endpoint + " failed: " + describe(e), null, null);
    }
  }

  private static JsonNode parse(String text, String endpoint, int status) {
    try {
      return ApiJson.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new ApiException.Transient(
          "BAD_ANSWER",
          endpoint + " answered HTTP " + status + " with a body that is not JSON",
          null,
          null);
    }
  }

  /** Retry-After in seconds; the HTTP-date form is rare for APIs and treated as absent. */
  private static Duration retryAfter(String header) {
    if (header == null) {
      return null;
    }
    try {
      return Duration.ofSeconds(Long.parseLong(header.trim()));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The kind of fault, without the exception's message: OkHttp's messages can name the full URL.
   */
  private static String describe(IOException e) {
    return e instanceof java.net.SocketTimeoutException
        ? "timed out"
        : e.getClass().getSimpleName();
  }
}
