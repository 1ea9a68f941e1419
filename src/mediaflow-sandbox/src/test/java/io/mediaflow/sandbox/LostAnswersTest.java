package io.mediaflow.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request whose answer is lost still does its work; the client sees a broken connection, once.
 */
class LostAnswersTest extends SandboxTest {

  @AfterEach
  void disarm() {
    send(
        HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/faults/lost-answers"))
            .DELETE()
            .build());
  }

  @Test
  void theRequestTakesEffectButItsAnswerNeverArrives() throws Exception {
    String token =
        json(post("/sandbox/live/v1/access_token/sandbox-api-key", Map.of()))
            .path("access_token")
            .asText();
    String name = "lost-" + System.nanoTime();
    var armed =
        post(
            "/sandbox/faults/lost-answers",
            Map.of("method", "POST", "path", "/sandbox/live/v1/live-streams", "times", 1));
    assertThat(armed.statusCode()).as(armed.body()).isEqualTo(200);

    HttpRequest create =
        HttpRequest.newBuilder(URI.create(baseUrl() + "/sandbox/live/v1/live-streams"))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}"))
            .build();
    assertThatThrownBy(() -> http.send(create, HttpResponse.BodyHandlers.ofString()))
        .isInstanceOf(IOException.class);

    HttpRequest list =
        HttpRequest.newBuilder(
                URI.create(
                    baseUrl() + "/sandbox/live/v1/live-streams?name=" + name.replace(" ", "%20")))
            .header("Authorization", "Bearer " + token)
            .GET()
            .build();
    assertThat(json(send(list)).path("streams")).as("the stream was created").hasSize(1);
    assertThat(send(create).statusCode())
        .as("only the armed number of answers is lost")
        .isEqualTo(200);
    assertThat(json(get("/sandbox/faults/lost-answers")).path("lost").asInt()).isEqualTo(1);
  }
}
