package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** The transcoding API over real HTTP, as the tests need it. */
final class SandboxClient {

  static final String SAMPLE = "/sandbox/samples/bars.mp4";

  final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  final ObjectMapper json = new ObjectMapper();
  final String baseUrl;

  SandboxClient(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  String api(String path) {
    return baseUrl + "/sandbox/transcoding" + path;
  }

  String sampleUrl() {
    return baseUrl + SAMPLE;
  }

  /** A form POST to {@code /sandbox/transcoding<path>}; the answer must be HTTP 200 JSON. */
  JsonNode post(String path, Map<String, String> form) {
    HttpResponse<String> response = postForm(api(path), form);
    assertThat(response.statusCode()).as("HTTP status of %s", path).isEqualTo(200);
    return parse(response.body());
  }

  HttpResponse<String> postForm(String url, Map<String, String> form) {
    String body =
        form.entrySet().stream()
            .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  HttpResponse<byte[]> get(String url) {
    try {
      return http.send(
          HttpRequest.newBuilder(URI.create(url)).GET().build(),
          HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  JsonNode parse(String body) {
    try {
      return json.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String sessionToken() {
    JsonNode answer = post("/v1/access_token", Map.of("api_key", "sandbox-api-key"));
    assertThat(answer.path("error").asInt()).as("access_token: %s", answer).isZero();
    return answer.path("token").asText();
  }

  String createTask() {
    JsonNode answer = post("/v1/create_task", Map.of("token", sessionToken()));
    assertThat(answer.path("error").asInt()).as("create_task: %s", answer).isZero();
    return answer.path("task_token").asText();
  }

  JsonNode startEncode2(String taskToken, String query) {
    return startEncode2(taskToken, query, null);
  }

  JsonNode startEncode2(String taskToken, String query, String payload) {
    var form = new LinkedHashMap<String, String>();
    form.put("task_token", taskToken);
    form.put("query", query);
    if (payload != null) {
      form.put("payload", payload);
    }
    return post("/v1/start_encode2", form);
  }

  /** Starts a custom job on a new task and returns its task token. */
  String start(String query) {
    String task = createTask();
    JsonNode answer = startEncode2(task, query);
    assertThat(answer.path("error").asInt()).as("start_encode2: %s", answer).isZero();
    return task;
  }

  /**
   * The complete status of one job, from the master host that holds it: the main host's basic
   * status names it, and when the job is handed on in between, the main host is asked again.
   */
  JsonNode status(String taskToken) {
    while (true) {
      String statusUrl = basicStatus(taskToken).path("status_url").asText();
      HttpResponse<String> answer = postForm(statusUrl, Map.of("task_tokens", taskToken));
      if (answer.statusCode() != 503) {
        JsonNode body = parse(answer.body());
        assertThat(body.path("error").asInt()).as("status: %s", body).isZero();
        return body.path("statuses").path(taskToken);
      }
    }
  }

  /**
   * The basic status of one job, from the main host: state, progress and the current {@code
   * status_url}.
   */
  JsonNode basicStatus(String taskToken) {
    JsonNode answer = post("/v1/status", Map.of("task_tokens", taskToken));
    assertThat(answer.path("error").asInt()).as("status: %s", answer).isZero();
    return answer.path("statuses").path(taskToken);
  }

  JsonNode awaitStatus(String taskToken, Predicate<JsonNode> until) {
    return Await.until("status of " + taskToken, () -> status(taskToken), until);
  }

  /** Waits for the job to finish ({@code completed} or {@code error}). */
  JsonNode awaitFinished(String taskToken) {
    return awaitStatus(
        taskToken,
        s ->
            s.path("status").asText().equals("completed")
                || s.path("status").asText().equals("error"));
  }

  /** A query with a single source and the given format objects (JSON). */
  static String query(String source, String... formats) {
    return "{\"query\": {\"source\": \""
        + source
        + "\", \"format\": ["
        + String.join(",", formats)
        + "]}}";
  }
}
