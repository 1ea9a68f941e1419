package io.mediaflow.sample;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands for the load balancer a platform puts in front of replicas: the one callback address every
 * replica hands the service, each request passed to a replica that is in service, in turn (the next
 * one if a replica does not answer). It counts what each replica received and keeps every answer
 * that was not a success.
 */
public final class CallbackBalancer implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService threads = Executors.newFixedThreadPool(4);
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final List<String> inService = new CopyOnWriteArrayList<>();
  private final Map<String, AtomicInteger> received = new ConcurrentHashMap<>();
  private final List<String> failures = new CopyOnWriteArrayList<>();
  private final AtomicInteger turn = new AtomicInteger();

  public CallbackBalancer(int port) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.setExecutor(threads);
    server.createContext("/", this::pass);
    server.start();
  }

  public String baseUrl() {
    return "http://localhost:" + server.getAddress().getPort();
  }

  public void add(String replica) {
    received.putIfAbsent(replica, new AtomicInteger());
    inService.add(replica);
  }

  /** Out of service before it is stopped, as a platform drains a replica it ends. */
  public void remove(String replica) {
    inService.remove(replica);
  }

  int received(String replica) {
    return received.getOrDefault(replica, new AtomicInteger()).get();
  }

  /** Each request that no replica answered with a success, with the answer. */
  public List<String> failures() {
    return List.copyOf(failures);
  }

  private void pass(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      String what = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath();
      HttpResponse<byte[]> answer = null;
      List<String> replicas = new ArrayList<>(inService);
      int first = Math.floorMod(turn.getAndIncrement(), Math.max(1, replicas.size()));
      for (int i = 0; i < replicas.size() && answer == null; i++) {
        String replica = replicas.get((first + i) % replicas.size());
        try {
          var request =
              HttpRequest.newBuilder(URI.create(replica + exchange.getRequestURI()))
                  .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body))
                  .timeout(Duration.ofSeconds(30));
          String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
          if (contentType != null) {
            request.header("Content-Type", contentType);
          }
          answer = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
          received.get(replica).incrementAndGet();
        } catch (IOException e) {
          // not answering (just killed): the next one in service
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
      if (answer == null || answer.statusCode() / 100 != 2) {
        failures.add(
            what
                + ": "
                + (answer == null
                    ? "no replica answered"
                    : answer.statusCode() + " " + new String(answer.body())));
      }
      byte[] out = answer == null ? new byte[0] : answer.body();
      exchange.sendResponseHeaders(
          answer == null ? 502 : answer.statusCode(), out.length == 0 ? -1 : out.length);
      if (out.length > 0) {
        try (OutputStream stream = exchange.getResponseBody()) {
          stream.write(out);
        }
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
