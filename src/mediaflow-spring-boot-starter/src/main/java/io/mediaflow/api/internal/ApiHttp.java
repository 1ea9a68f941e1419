package io.mediaflow.api.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.observability.internal.MediaflowMetrics.Outcome;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.function.Function;
import okhttp3.Connection;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import okio.ForwardingSource;
import okio.Okio;

/**
 * Sends one request of an API and reads its JSON answer. What every API shares lives here:
 * transport faults, server errors and throttling are {@link ApiException.Transient}; everything
 * else is handed back for the API's own error rules to read. A {@link #call} to one of the
 * service's APIs is counted with how it ended, once those rules have read its answer.
 */
public final class ApiHttp {

  /**
   * An answer the API's own rules interpret: its HTTP status and JSON body (empty object when
   * none).
   *
   * @param retryAfter the answer's {@code Retry-After} in seconds, null when it has none
   * @param requestId its {@code X-Request-Id}, null when it has none
   */
  public record Answer(int status, JsonNode body, Duration retryAfter, String requestId) {
    public boolean successful() {
      return status >= 200 && status < 300;
    }

    /** What identifies this answer in a failure. */
    public ApiException.HttpAnswer http() {
      return new ApiException.HttpAnswer(status, requestId);
    }
  }

  /**
   * The response header that identifies a request to the service's support. The API documents name
   * none; this is the conventional one, read where the service sends it.
   */
  static final String REQUEST_ID = "X-Request-Id";

  /** The code of a call that succeeded, as a tag: Micrometer's word for "none". */
  private static final String NO_CODE = "none";

  private final OkHttpClient client;
  private final String api;
  private final MediaflowMetrics metrics;

  /** For a host that is none of the service's APIs (storage, an output's URL): nothing counted. */
  public ApiHttp(OkHttpClient client) {
    this(client, "none", MediaflowMetrics.NONE);
  }

  /**
   * @param api the API whose calls {@code metrics} counts: transcoding, live or delivery
   */
  public ApiHttp(OkHttpClient client, String api, MediaflowMetrics metrics) {
    this.client = client.newBuilder().addNetworkInterceptor(ApiHttp::closedAfterHttp10).build();
    this.api = api;
    this.metrics = metrics;
  }

  /**
   * An HTTP/1.0 answer without {@code Connection: keep-alive} is the last on its connection (RFC
   * 9112, section 9.3): the server closes it, as some proxies do after each answer. OkHttp keeps
   * such a connection in its pool all the same, and the next request (a POST, which it does not
   * send again on its own) would go out on it and fail. The connection is closed here once the
   * answer is read, so no later request picks it.
   */
  private static Response closedAfterHttp10(Interceptor.Chain chain) throws IOException {
    Response response = chain.proceed(chain.request());
    Connection connection = chain.connection();
    if (response.protocol() != Protocol.HTTP_1_0
        || "keep-alive".equalsIgnoreCase(response.header("Connection"))
        || connection == null) {
      return response;
    }
    Socket socket = connection.socket();
    ResponseBody body = response.body();
    BufferedSource closing =
        Okio.buffer(
            new ForwardingSource(body.source()) {
              @Override
              public void close() throws IOException {
                try {
                  socket.close();
                } finally {
                  super.close();
                }
              }
            });
    return response
        .newBuilder()
        .body(ResponseBody.create(closing, body.contentType(), body.contentLength()))
        .build();
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
        text.isBlank() ? ApiJson.MAPPER.createObjectNode() : parse(text, endpoint, answer),
        answer.retryAfter(),
        answer.requestId());
  }

  /**
   * One call to the API: {@link #send}, then {@code read}, which applies the API's own rules to the
   * answer and throws its typed failures. Counted with how it ended: by the failure's type and its
   * documented code, else by the answer's status.
   */
  public <T> T call(Request request, String endpoint, Function<Answer, T> read) {
    long start = System.nanoTime();
    Answer answer;
    T result;
    try {
      answer = send(request, endpoint);
      result = read.apply(answer);
    } catch (ApiException failure) {
      metrics.call(api, outcome(failure), failure.code(), System.nanoTime() - start);
      throw failure;
    }
    // An answer the rules let through without success is a refusal they handle themselves (a 401
    // that has the token fetched again).
    metrics.call(
        api,
        answer.successful() ? Outcome.SUCCESS : Outcome.CLIENT_ERROR,
        answer.successful() ? NO_CODE : "HTTP_" + answer.status(),
        System.nanoTime() - start);
    return result;
  }

  /**
   * A failure's outcome: transient ones are the service's or the connection's, by whether there was
   * an answer; every other type refuses the request or its credentials.
   */
  static Outcome outcome(ApiException failure) {
    return switch (failure) {
      case ApiException.Transient busy when busy.busy() -> Outcome.BUSY;
      case ApiException.Transient fault when fault.httpStatus().isEmpty() -> Outcome.TRANSPORT;
      case ApiException.Transient fault -> Outcome.SERVER_ERROR;
      default -> Outcome.CLIENT_ERROR;
    };
  }

  /**
   * An answer in another format than JSON (S3's XML): its HTTP status and text.
   *
   * @param retryAfter its {@code Retry-After} in seconds, null when it has none
   * @param requestId its {@code X-Request-Id}, null when it has none
   */
  public record Text(int status, String body, Duration retryAfter, String requestId) {
    /** What identifies this answer in a failure. */
    public ApiException.HttpAnswer http() {
      return new ApiException.HttpAnswer(status, requestId);
    }
  }

  /**
   * {@link #send} for an API that does not answer JSON: the same faults are transient, the text is
   * handed back.
   */
  public Text text(Request request, String endpoint) {
    try (Response response = client.newCall(request).execute()) {
      int status = response.code();
      String requestId = response.header(REQUEST_ID);
      var answer = new ApiException.HttpAnswer(status, requestId);
      if (status == 429) {
        throw ApiException.Transient.busy(
            "HTTP_429",
            endpoint + " answered HTTP 429 (too many requests)",
            retryAfter(response.header("Retry-After")),
            answer);
      }
      if (status >= 500 || status == 408) {
        throw new ApiException.Transient(
            "HTTP_" + status,
            endpoint + " answered HTTP " + status,
            retryAfter(response.header("Retry-After")),
            null,
            answer);
      }
      return new Text(
          status, response.body().string(), retryAfter(response.header("Retry-After")), requestId);
    } catch (IOException e) {
      // Whatever failed, the idle connections to the same host may be as dead (a server or proxy
      // that dropped them): the next attempt opens a fresh one instead of failing on them too.
      client.connectionPool().evictAll();
      throw new ApiException.Transient(
          "TRANSPORT", endpoint + " failed: " + describe(e), null, null);
    }
  }

  private static JsonNode parse(String text, String endpoint, Text answer) {
    try {
      return ApiJson.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new ApiException.Transient(
          "BAD_ANSWER",
          endpoint + " answered HTTP " + answer.status() + " with a body that is not JSON",
          null,
          null,
          answer.http());
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
