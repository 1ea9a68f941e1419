package io.mediaflow.sandbox.transcoding;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A tiny HTTP server on a free port, standing in for the outside world: a source host (files,
 * errors, a host that stalls) and a callback endpoint that records what it receives.
 */
final class TestServer implements AutoCloseable {

  /** A request the server received: path and form fields of the body. */
  record Received(String path, Map<String, String> form) {}

  /** Writes a response to an exchange. */
  interface Handler {
    void handle(HttpExchange exchange) throws IOException;
  }

  private final HttpServer server;
  final List<Received> received = new CopyOnWriteArrayList<>();

  TestServer() {
    try {
      server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.start();
  }

  String url(String path) {
    return "http://localhost:" + server.getAddress().getPort() + path;
  }

  TestServer on(String path, Handler handler) {
    server.createContext(
        path,
        exchange -> {
          try (exchange) {
            handler.handle(exchange);
          }
        });
    return this;
  }

  /** Serves {@code content} with {@code contentType} at {@code path}. */
  TestServer file(String path, byte[] content, String contentType) {
    return on(path, exchange -> respond(exchange, 200, content, contentType));
  }

  /** Records every POST form at {@code path} and answers {@code status}. */
  TestServer recorder(String path, int status) {
    return on(
        path,
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          received.add(new Received(exchange.getRequestURI().getPath(), form(body)));
          respond(exchange, status, new byte[0], "text/plain");
        });
  }

  static void respond(HttpExchange exchange, int status, byte[] body, String contentType)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      exchange.getResponseBody().write(body);
    }
  }

  static Map<String, String> form(String body) {
    var fields = new LinkedHashMap<String, String>();
    for (String pair : body.split("&")) {
      if (!pair.isEmpty()) {
        int equals = pair.indexOf('=');
        fields.put(
            URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
            URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
      }
    }
    return fields;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
