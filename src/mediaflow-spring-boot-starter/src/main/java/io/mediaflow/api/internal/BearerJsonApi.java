package io.mediaflow.api.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.internal.AccessTokenCache.AccessToken;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;

/**
 * What the live streaming and content delivery APIs share (documents 1 and 2): an access token from
 * {@code POST /v1/access_token/<api_key>}, valid 24 hours and sent as a bearer header; JSON bodies;
 * and {@code {status: "ok" | "failed"}} answers. Failures become typed {@link ApiException}s:
 *
 * <ul>
 *   <li>401: the token is fetched again and the call repeated once; a second 401 needs an operator;
 *   <li>400, 404, 409 and other 4xx, and {@code {status: "failed"}}: {@link ApiException.Rejected}
 *       with the code {@code BAD_REQUEST}, {@code NOT_FOUND}, {@code CONFLICT}, {@code HTTP_<n>} or
 *       {@code FAILED};
 *   <li>5xx, 408, 429, transport faults: {@link ApiException.Transient} (see {@link ApiHttp}).
 * </ul>
 */
public final class BearerJsonApi {

  /** Documents 1 and 2: an access token is valid for 24 hours. */
  public static final Duration TOKEN_LIFETIME = Duration.ofHours(24);

  private static final MediaType JSON = MediaType.get("application/json");

  private final HttpUrl base;
  private final String apiKey;
  private final ApiHttp http;
  private final AccessTokenCache tokens;

  /**
   * @param baseUrl the API's base address ({@code {live_base_url}} or {@code {cdn_base_url}})
   * @param configurationKey the property that holds the base URL, named in configuration errors
   * @param api the API's name in {@code metrics}: live or delivery
   */
  public BearerJsonApi(
      String baseUrl,
      String configurationKey,
      String apiKey,
      OkHttpClient client,
      Duration timeout,
      Duration renewBefore,
      Clock clock,
      String api,
      MediaflowMetrics metrics) {
    this.base = HttpUrl.parse(baseUrl);
    if (base == null) {
      throw InvalidRequestException.field(configurationKey, "must be an http or https URL");
    }
    this.apiKey = apiKey;
    this.http = new ApiHttp(client.newBuilder().callTimeout(timeout).build(), api, metrics);
    this.tokens = new AccessTokenCache(() -> fetchToken(clock), renewBefore, clock, api, metrics);
  }

  /** Fetches an access token and drops it: see {@link AccessTokenCache#verify()}. */
  public void verifyCredentials() {
    tokens.verify();
  }

  public JsonNode get(String... path) {
    return call("GET", Map.of(), null, path);
  }

  /** A GET with query parameters, e.g. list filters. */
  public JsonNode get(Map<String, String> query, String... path) {
    return call("GET", query, null, path);
  }

  public JsonNode post(Object body, String... path) {
    return call("POST", Map.of(), body, path);
  }

  public JsonNode put(Object body, String... path) {
    return call("PUT", Map.of(), body, path);
  }

  public JsonNode delete(String... path) {
    return call("DELETE", Map.of(), null, path);
  }

  private JsonNode call(String method, Map<String, String> query, Object body, String... path) {
    String endpoint = method + " /" + String.join("/", path);
    String token = tokens.token();
    Optional<JsonNode> answered =
        http.call(
            request(method, query, body, token, path),
            endpoint,
            answer ->
                answer.status() == 401 ? Optional.empty() : Optional.of(checked(answer, endpoint)));
    if (answered.isPresent()) {
      return answered.get();
    }
    tokens.invalidate(token);
    return http.call(
        request(method, query, body, tokens.token(), path),
        endpoint,
        answer -> {
          if (answer.status() == 401) {
            throw new ApiException.Misconfigured(
                "UNAUTHORIZED",
                endpoint + ": the service refused a fresh access token",
                answer.http());
          }
          return checked(answer, endpoint);
        });
  }

  private Request request(
      String method, Map<String, String> query, Object body, String token, String... path) {
    HttpUrl.Builder url = base.newBuilder();
    for (String segment : path) {
      url.addPathSegment(segment);
    }
    query.forEach(url::addQueryParameter);
    RequestBody content =
        body == null
            ? ("GET".equals(method) || "DELETE".equals(method)
                ? null
                : RequestBody.create(new byte[0], JSON))
            : RequestBody.create(json(body), JSON);
    return new Request.Builder()
        .url(url.build())
        .header("Authorization", "Bearer " + token)
        .method(method, content)
        .build();
  }

  private static JsonNode checked(ApiHttp.Answer answer, String endpoint) {
    JsonNode body = answer.body();
    if (answer.successful()) {
      if ("failed".equals(body.path("status").asText())) {
        throw new ApiException.Rejected(
            "FAILED",
            endpoint + ": " + reason(body, "the service answered status failed"),
            Map.of(),
            answer.http());
      }
      return body;
    }
    String code =
        switch (answer.status()) {
          case 400 -> "BAD_REQUEST";
          case 404 -> "NOT_FOUND";
          case 409 -> "CONFLICT";
          default -> "HTTP_" + answer.status();
        };
    if (answer.status() == 403) {
      throw new ApiException.Misconfigured(
          "FORBIDDEN", endpoint + ": " + reason(body, "forbidden"), answer.http());
    }
    throw new ApiException.Rejected(
        code,
        endpoint + ": " + reason(body, "HTTP " + answer.status()),
        Map.of("httpStatus", answer.status()),
        answer.http());
  }

  /**
   * The service's own words: {@code error} or {@code message}, as a string or an object with a
   * message.
   */
  private static String reason(JsonNode body, String fallback) {
    for (String field : new String[] {"error", "message"}) {
      JsonNode value = body.path(field);
      if (value.isTextual()) {
        return value.asText();
      }
      if (value.path("message").isTextual()) {
        return value.path("message").asText();
      }
    }
    return fallback;
  }

  private AccessToken fetchToken(Clock clock) {
    HttpUrl url =
        base.newBuilder().addPathSegments("v1/access_token").addPathSegment(apiKey).build();
    var request =
        new Request.Builder().url(url).post(RequestBody.create(new byte[0], JSON)).build();
    // The key is part of the path: the endpoint is named without it.
    return http.call(request, "POST /v1/access_token/***", answer -> token(answer, clock));
  }

  private static AccessToken token(ApiHttp.Answer answer, Clock clock) {
    if (answer.status() == 401 || answer.status() == 403 || answer.status() == 404) {
      throw new ApiException.Misconfigured(
          "BAD_API_KEY",
          "POST /v1/access_token/***: the service refused the API key (HTTP "
              + answer.status()
              + ")",
          answer.http());
    }
    JsonNode body = checked(answer, "POST /v1/access_token/***");
    String token = body.path("access_token").asText(null);
    if (token == null) {
      throw new ApiException.Transient(
          "BAD_ANSWER",
          "POST /v1/access_token/***: no access_token in the answer",
          null,
          null,
          answer.http());
    }
    return new AccessToken(token, clock.instant().plus(TOKEN_LIFETIME));
  }

  private static byte[] json(Object body) {
    try {
      return ApiJson.MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
