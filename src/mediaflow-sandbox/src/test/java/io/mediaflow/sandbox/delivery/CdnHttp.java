package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;

/** The content delivery sandbox over real HTTP, as a client of the service sees it. */
final class CdnHttp {

  static final String API_KEY = "sandbox-api-key";

  record Answer(int status, byte[] bytes, HttpHeaders headers) {
    JsonNode json() {
      try {
        return JSON.readTree(bytes);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String text() {
      return new String(bytes);
    }

    String header(String name) {
      return headers.firstValue(name).orElse(null);
    }
  }

  static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final String baseUrl;
  private String accessToken;

  CdnHttp(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  /**
   * A client that goes on with an access token it got before, as a client does across a restart of
   * the sandbox.
   */
  CdnHttp(String baseUrl, String accessToken) {
    this.baseUrl = baseUrl;
    this.accessToken = accessToken;
  }

  /** A content delivery API call under {@code /sandbox/cdn/v1}, with a bearer token. */
  Answer api(String method, String path, Object body) {
    return send(
        request("/sandbox/cdn/v1" + path, method, body)
            .header("Authorization", "Bearer " + token()));
  }

  /** Any sandbox call, without a bearer. */
  Answer plain(String method, String path, Object body) {
    return send(request(path, method, body));
  }

  HttpRequest.Builder request(String path, String method, Object body) {
    var builder = HttpRequest.newBuilder(URI.create(baseUrl + path));
    if (body == null) {
      return builder.method(method, HttpRequest.BodyPublishers.noBody());
    }
    try {
      String text = body instanceof String raw ? raw : JSON.writeValueAsString(body);
      return builder
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(text));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Answer send(HttpRequest.Builder request) {
    try {
      HttpResponse<byte[]> response =
          HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      return new Answer(response.statusCode(), response.body(), response.headers());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  String token() {
    if (accessToken == null) {
      accessToken =
          plain("POST", "/sandbox/cdn/v1/access_token/" + API_KEY, null)
              .json()
              .get("access_token")
              .asText();
    }
    return accessToken;
  }

  /** Uploads an object through the storage control endpoint. */
  Answer put(String bucket, String path, String content, String contentType) {
    return send(
        HttpRequest.newBuilder(URI.create(baseUrl + "/sandbox/storage/" + bucket + "/" + path))
            .header("Content-Type", contentType)
            .PUT(HttpRequest.BodyPublishers.ofString(content)));
  }

  static Map<String, Object> body(Object... pairs) {
    var map = new LinkedHashMap<String, Object>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], pairs[i + 1]);
    }
    return map;
  }
}
