package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The live streaming sandbox over real HTTP, as the product's client talks to it. */
final class LiveApi {

  static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** One HTTP answer: its status and its body as JSON (missing when the body is not JSON). */
  record Answer(int status, JsonNode body, String text) {

    /** The {@code stream} of a successful stream operation. */
    JsonNode stream() {
      assertThat(status).as("HTTP status of %s", text).isEqualTo(200);
      return body.get("stream");
    }

    /**
     * The error message of a refused request, after checking the status and the error body's form.
     */
    String error(int expectedStatus) {
      assertThat(status).as("HTTP status of %s", text).isEqualTo(expectedStatus);
      assertThat(body.path("status").asText()).isEqualTo("failed");
      return body.path("error").asText();
    }
  }

  private final String sandbox;
  private final String token;

  private LiveApi(String sandbox, String token) {
    this.sandbox = sandbox;
    this.token = token;
  }

  /** Signs in with the sandbox's default API key. */
  static LiveApi connect(String baseUrl) {
    String sandbox = baseUrl + "/sandbox";
    Answer answer = send("POST", sandbox + "/live/v1/access_token/sandbox-api-key", null, null);
    assertThat(answer.status()).isEqualTo(200);
    return new LiveApi(sandbox, answer.body().get("access_token").asText());
  }

  Answer post(String path, String body) {
    return send("POST", api(path), body, token);
  }

  Answer get(String path) {
    return send("GET", api(path), null, token);
  }

  Answer delete(String path) {
    return send("DELETE", api(path), null, token);
  }

  JsonNode create(String body) {
    return post("/live-streams", body).stream();
  }

  JsonNode stream(String id) {
    return get("/live-streams/" + id).stream();
  }

  String status(String id) {
    return stream(id).path("status").path("name").asText();
  }

  /** The sandbox's ingest control: an encoder starts or stops pushing. */
  Answer ingest(String id, String body) {
    return send("POST", sandbox + "/live-streams/" + id + "/ingest", body, null);
  }

  JsonNode recordings(String id) {
    Answer answer = send("GET", sandbox + "/live-streams/" + id + "/recordings", null, null);
    assertThat(answer.status()).isEqualTo(200);
    return answer.body().get("recordings");
  }

  private String api(String path) {
    return sandbox + "/live/v1" + path;
  }

  static Answer send(String method, String url, String body, String token) {
    return send(method, url, body, token, "application/json");
  }

  static Answer send(String method, String url, String body, String token, String contentType) {
    var request =
        HttpRequest.newBuilder(URI.create(url))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .header("Content-Type", contentType);
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    HttpResponse<String> response = exchange(request.build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(response.statusCode(), parse(response.body()), response.body());
  }

  static HttpResponse<byte[]> fetch(String url) {
    return exchange(
        HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  private static <T> HttpResponse<T> exchange(
      HttpRequest request, HttpResponse.BodyHandler<T> body) {
    try {
      return HTTP.send(request, body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode parse(String body) {
    try {
      return body.isEmpty() ? MissingNode.getInstance() : JSON.readTree(body);
    } catch (IOException e) {
      return MissingNode.getInstance();
    }
  }
}
