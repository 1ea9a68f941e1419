package io.mediaflow.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.CreateProcessInstanceCommandStep1.CreateProcessInstanceCommandStep3;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stand-in for the transcoding service whose jobs stay {@code encoding} until {@link #release}:
 * the wait of thousands of jobs at once costs it nothing, so what a benchmark measures is the
 * application's side of the wait. It answers what {@code transcode-with-approval} asks (session
 * token, {@code create_task}, {@code start_encode2}, the basic and the complete status), counts
 * status reads and keeps when each job's were, and on release calls back every job that was given a
 * callback URL, as the service does on {@code saved}.
 */
final class StandInTranscoding implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Callbacks sent at once, as a service's notifier would. */
  static final int CALLBACKS_AT_ONCE = 8;

  /** Its threads' name, so that its CPU can be told apart from the application's. */
  static final String THREADS = "stand-in";

  private final HttpServer server;
  private final ExecutorService handlers;
  private final ExecutorService callbacks;
  private final HttpClient http = HttpClient.newHttpClient();
  private final Map<String, String> callbackUrls = new ConcurrentHashMap<>();
  private final Map<String, Boolean> released = new ConcurrentHashMap<>();
  private final AtomicLong statusReads = new AtomicLong();

  /**
   * The callbacks made, by the answer each got ({@code 204}, {@code 403}..., or the failure's
   * class): a callback the application did not take leaves its wait to the safety poll, which the
   * drain must show.
   */
  private final Map<String, AtomicLong> callbackAnswers = new ConcurrentHashMap<>();

  /** When each job's status was read ({@link System#nanoTime}), in the order of the reads. */
  private final Map<String, List<Long>> readTimes = new ConcurrentHashMap<>();

  StandInTranscoding(int port) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 200);
    handlers = Executors.newFixedThreadPool(4, Thread.ofPlatform().name(THREADS, 0).factory());
    callbacks =
        Executors.newFixedThreadPool(
            CALLBACKS_AT_ONCE, Thread.ofPlatform().name(THREADS, 100).factory());
    server.setExecutor(handlers);
    server.createContext("/", this::handle);
    server.start();
  }

  /**
   * The creation of the {@code i}th {@code transcode-with-approval} instance a benchmark starts
   * against this stand-in: a one-rung ladder, no fitting to the source (whose file it does not
   * serve).
   */
  static CreateProcessInstanceCommandStep3 instance(CamundaClient camunda, int i) {
    return camunda
        .newCreateInstanceCommand()
        .bpmnProcessId("transcode-with-approval")
        .latestVersion()
        .variables(
            Map.of(
                "source",
                "https://media.example/source-" + i + ".mp4",
                "ladder",
                ladder(),
                "fitLadder",
                false));
  }

  /** The one-rung ladder of {@link #instance}. */
  static List<Map<String, Object>> ladder() {
    return List.of(Map.of("resolution", 720, "bitrate", 2800, "user_tag", "720p"));
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  long statusReads() {
    return statusReads.get();
  }

  /** When each job's status was read so far ({@link System#nanoTime}), oldest first. */
  Map<String, List<Long>> readTimes() {
    var copy = new HashMap<String, List<Long>>();
    readTimes.forEach(
        (token, times) -> {
          synchronized (times) {
            copy.put(token, List.copyOf(times));
          }
        });
    return copy;
  }

  /**
   * Every job started so far is completed; the ones given a callback URL are called back ({@code
   * saved}), all at once as far as the service's notifier allows.
   */
  void release() {
    callbackUrls.keySet().forEach(token -> released.put(token, true));
    callbackUrls.forEach(
        (token, url) -> {
          if (!url.isEmpty()) {
            callbacks.submit(() -> callBack(url, token));
          }
        });
  }

  Map<String, Long> callbackAnswers() {
    var answers = new TreeMap<String, Long>();
    callbackAnswers.forEach((answer, count) -> answers.put(answer, count.get()));
    return answers;
  }

  private void callBack(String url, String token) {
    String answer;
    try {
      answer =
          Integer.toString(
              http.send(
                      HttpRequest.newBuilder(URI.create(url))
                          .header("Content-Type", "application/x-www-form-urlencoded")
                          .POST(
                              HttpRequest.BodyPublishers.ofString(
                                  "task_token=" + token + "&event=saved"))
                          .build(),
                      HttpResponse.BodyHandlers.discarding())
                  .statusCode());
    } catch (IOException e) {
      // A lost callback, as a real one can be: the safety poll is there for it.
      answer = e.getClass().getSimpleName();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    callbackAnswers.computeIfAbsent(answer, key -> new AtomicLong()).incrementAndGet();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Map<String, String> form = form(exchange);
      Map<String, Object> answer =
          switch (exchange.getRequestURI().getPath()) {
            case "/v1/access_token" -> ok("token", "stand-in", "expire", "2099-01-01 00:00:00");
            case "/v1/create_task" ->
                ok("upload_url", baseUrl() + "/upload", "task_token", UUID.randomUUID().toString());
            case "/v1/start_encode2" -> start(form);
            case "/v1/status" -> statuses(form, false);
            case "/master/v1/status" -> statuses(form, true);
            default -> Map.of("error", 21, "message", "not part of the stand-in");
          };
      byte[] body = JSON.writeValueAsBytes(answer);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
    }
  }

  private Map<String, Object> start(Map<String, String> form) throws IOException {
    // The form's query is the JSON {"query": <Query>} (document 3).
    JsonNode query = JSON.readTree(form.getOrDefault("query", "{}")).path("query");
    callbackUrls.put(form.get("task_token"), query.path("callback_url").asText(""));
    return ok("status_url", baseUrl() + "/master/v1/status");
  }

  private Map<String, Object> statuses(Map<String, String> form, boolean complete) {
    long now = System.nanoTime();
    statusReads.incrementAndGet();
    var statuses = new LinkedHashMap<String, Object>();
    for (String token : form.getOrDefault("task_tokens", "").split(",")) {
      if (!callbackUrls.containsKey(token)) {
        continue;
      }
      List<Long> times = readTimes.computeIfAbsent(token, key -> new ArrayList<>());
      synchronized (times) {
        times.add(now);
      }
      var status = new LinkedHashMap<String, Object>();
      boolean done = released.containsKey(token);
      status.put("status", done ? "completed" : "encoding");
      status.put("status_url", baseUrl() + "/master/v1/status");
      status.put("error", 0);
      status.put("percent", done ? 100 : 50);
      if (complete) {
        status.put("videos", outputs(done, token, "720p", "720p.m3u8"));
        status.put("images", outputs(done, token, "thumbnail", "t.jpg"));
      }
      statuses.put(token, status);
    }
    return ok("statuses", statuses);
  }

  /** A completed job's one output of a list; none while it encodes. */
  private static List<Map<String, String>> outputs(
      boolean done, String token, String userTag, String file) {
    return done
        ? List.of(Map.of("user_tag", userTag, "url", "https://cdn.example/" + token + "/" + file))
        : List.of();
  }

  private static Map<String, String> form(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    var fields = new HashMap<String, String>();
    for (String pair : body.split("&")) {
      int equals = pair.indexOf('=');
      if (equals > 0) {
        fields.put(
            URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
            URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
      }
    }
    return fields;
  }

  /** A success as document 3 answers it: {@code error} 0 beside the fields. */
  private static Map<String, Object> ok(Object... fields) {
    var body = new LinkedHashMap<String, Object>(Map.of("error", 0));
    for (int field = 0; field + 1 < fields.length; field += 2) {
      body.put(fields[field].toString(), fields[field + 1]);
    }
    return body;
  }

  @Override
  public void close() throws InterruptedException {
    server.stop(0);
    handlers.shutdownNow();
    callbacks.shutdownNow();
    callbacks.awaitTermination(5, TimeUnit.SECONDS);
  }
}
