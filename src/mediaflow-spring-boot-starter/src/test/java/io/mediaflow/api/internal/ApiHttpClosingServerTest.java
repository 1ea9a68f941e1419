package io.mediaflow.api.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.api.MediaflowHttpClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import okhttp3.FormBody;
import okhttp3.Request;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A front end that answers in HTTP/1.0 without keep-alive and closes each connection after its
 * answer, as some proxies do. Its close reaches the client only once the client sends again on that
 * connection: a request sent on the pooled connection fails, so none may be.
 */
class ApiHttpClosingServerTest {

  private final ExecutorService threads = Executors.newCachedThreadPool();
  private ServerSocket server;

  @BeforeEach
  void start() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    threads.execute(
        () -> {
          while (!server.isClosed()) {
            try {
              Socket connection = server.accept();
              threads.execute(() -> answerOnceAndClose(connection));
            } catch (IOException closed) {
              return;
            }
          }
        });
  }

  @AfterEach
  void stop() throws IOException {
    server.close();
    threads.shutdownNow();
  }

  @Test
  void aPostAfterAGetGoesOutOnAFreshConnection() {
    var http = new ApiHttp(MediaflowHttpClient.standard(1).okHttp());
    String base = "http://127.0.0.1:" + server.getLocalPort();

    ApiHttp.Answer lookup =
        http.send(new Request.Builder().url(base + "/v1/live-streams").get().build(), "GET");
    ApiHttp.Answer create =
        http.send(
            new Request.Builder()
                .url(base + "/v1/live-streams")
                .post(new FormBody.Builder().add("name", "show").build())
                .build(),
            "POST");

    assertThat(lookup.body().path("answered").asText()).isEqualTo("GET");
    assertThat(create.body().path("answered").asText()).isEqualTo("POST");
  }

  /**
   * Reads one request, answers it in HTTP/1.0 without keep-alive, and closes the connection when
   * anything more arrives on it (or the client closes it).
   */
  private static void answerOnceAndClose(Socket connection) {
    try (connection) {
      InputStream in = connection.getInputStream();
      String head = head(in);
      int length = 0;
      for (String line : head.split("\r\n")) {
        if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(line.substring(line.indexOf(':') + 1).strip());
        }
      }
      in.readNBytes(length);
      String method = head.substring(0, head.indexOf(' '));
      byte[] body = ("{\"answered\":\"" + method + "\"}").getBytes(StandardCharsets.UTF_8);
      OutputStream out = connection.getOutputStream();
      out.write(
          ("HTTP/1.0 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      in.read();
    } catch (IOException ended) {
      // the client went away: nothing to answer
    }
  }

  private static String head(InputStream in) throws IOException {
    var head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    while (matched < end.length) {
      int next = in.read();
      if (next < 0) {
        throw new IOException("connection closed before the request's head ended");
      }
      head.write(next);
      matched = next == end[matched] ? matched + 1 : (next == end[0] ? 1 : 0);
    }
    return head.toString(StandardCharsets.US_ASCII);
  }
}
