package io.mediaflow.app.engine;

import static io.mediaflow.LoadDriver.DNS_RECORD;
import static io.mediaflow.LoadDriver.END_BROADCAST;
import static io.mediaflow.LoadDriver.REVIEW;
import static io.mediaflow.LoadDriver.START_ENCODER;
import static io.mediaflow.LoadDriver.STREAM_DROPPED;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.LoadDriver;
import io.mediaflow.MediaflowTest;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded default under a load of 200 instances of the four processes, killed with {@code kill
 * -9} twice and started again over its data folder each time: first while transcoding jobs run,
 * producers are asked to start their encoders and ops to add DNS records; then while the shows are
 * on air and editors review renditions. Every task open before a kill is open after it with the
 * same key, every instance completes without an incident with the variables it started with, and
 * the service holds exactly one stream, domain, TLS subscription and signing key per instance that
 * made one: nothing was lost and nothing created twice.
 */
class EmbeddedDefaultLoadCrashTest {

  private static final int TRANSCODES = 140;
  private static final int PUBLISHINGS = 20;
  private static final int DOMAINS = 20;
  private static final int SHOWS = 20;

  @TempDir Path data;
  private EmbeddedDefaultProcess application;
  private LoadDriver load;

  @BeforeEach
  void application() {
    application =
        new EmbeddedDefaultProcess(data, MediaflowTest.freePort(), MediaflowTest.freePort());
    load = new LoadDriver(application);
  }

  @Test
  void everyInstanceCompletesAfterTwoKillsUnderLoadAndNothingIsCreatedTwice() throws Exception {
    Process app = start();
    Map<String, JsonNode> openBefore;
    try {
      startInstances();
      // First point: jobs downloading, queued or encoding; encoders and DNS records asked for.
      load.awaitOpenTasks(START_ENCODER, SHOWS, Duration.ofMinutes(4));
      load.awaitOpenTasks(DNS_RECORD, DOMAINS, Duration.ofMinutes(4));
      openBefore = load.openTasks();
    } finally {
      app = kill(app);
    }

    app = start();
    Map<String, JsonNode> onAir;
    try {
      assertThat(openTasksAfterRestart(openBefore))
          .as("every open task is back with its key")
          .isEqualTo(openBefore.keySet());
      for (JsonNode task : openBefore.values()) {
        switch (task.path("elementId").asText()) {
          case START_ENCODER -> load.startEncoder(task);
          case DNS_RECORD -> load.createRecord(task);
          default -> {}
        }
      }
      // Second point: the shows on air, renditions waiting for their editors.
      load.awaitOpenTasks(END_BROADCAST, SHOWS, Duration.ofMinutes(4));
      load.awaitOpenTasks(REVIEW, 1, Duration.ofMinutes(4));
      onAir = load.openTasks();
    } finally {
      app = kill(app);
    }

    app = start();
    try {
      assertThat(openTasksAfterRestart(onAir))
          .as("every open task is back with its key")
          .isEqualTo(onAir.keySet());
      // The shows' input went with the crash: each stream goes on from idle, and its producer is
      // told.
      load.awaitOpenTasks(STREAM_DROPPED, SHOWS, Duration.ofMinutes(4));
      load.finishEverything(Duration.ofMinutes(8));
      assertThat(application.search("/v2/incidents/search", Map.of())).as("no incident").isEmpty();
      for (var instance : load.instances().entrySet()) {
        assertThat(load.variable(instance.getKey(), "loadIndex").asInt())
            .as("variables unchanged")
            .isEqualTo(instance.getValue());
      }
      assertThat(load.serviceList("live", "/live-streams", "streams"))
          .as("one stream per show")
          .hasSize(SHOWS);
      assertThat(load.serviceList("cdn", "/domains", "domains"))
          .as("one domain per request")
          .hasSize(DOMAINS);
      assertThat(load.serviceList("cdn", "/signing-keys", "signing_keys"))
          .as("one signing key per publishing")
          .hasSize(PUBLISHINGS);
      assertThat(load.serviceList("cdn", "/tls/subscriptions", "tls_subscriptions"))
          .as("one TLS subscription per domain")
          .hasSize(DOMAINS);
      assertThat(load.taskTokens(index -> index < TRANSCODES))
          .as("one transcoding task per transcode")
          .hasSize(TRANSCODES);
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  private Process start() throws IOException {
    // a tenth of the nominal durations keeps 140 transcodes short; a stream still waits 12 s
    // without input
    return application.start("--mediaflow.sandbox.time-scale=0.1");
  }

  private static Process kill(Process app) throws InterruptedException {
    app.destroyForcibly(); // SIGKILL: no shutdown hook, no snapshot
    app.waitFor();
    return app;
  }

  private void startInstances() throws Exception {
    int index = 0;
    for (int i = 0; i < TRANSCODES; i++) {
      // Unfitted: a metadata job per transcode would add 140 jobs and their waits to the load this
      // test measures.
      load.startInstance(
          "transcode-with-approval",
          index++,
          Map.of(
              "source",
              application.baseUrl() + "/sandbox/samples/bars.mp4",
              "fitLadder",
              false,
              "ladder",
              List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
    }
    for (int i = 0; i < PUBLISHINGS; i++) {
      load.startPublishing(index++, "load-" + i);
    }
    for (int i = 0; i < DOMAINS; i++) {
      load.startInstance(
          "custom-domain-tls",
          index++,
          Map.of("domainName", "load-" + i + ".example.com", "type", "live"));
    }
    for (int i = 0; i < SHOWS; i++) {
      // patient (ten minutes at a tenth): a stream waits for its encoder, and the show survives the
      // seconds its input is gone, while the application restarts, however loaded the machine
      load.startInstance(
          "go-live", index++, Map.of("streamName", "load show " + i, "streamTimeout", 6000));
    }
  }

  /**
   * The open tasks once the application is back. Some ended tasks of the run before are already
   * done, a show's "End the broadcast" may be cancelled once the service tells its input is gone:
   * each task open before the kill is open now unless its instance has moved on by itself since.
   */
  private Set<String> openTasksAfterRestart(Map<String, JsonNode> before) {
    return LoadDriver.await(
        "the open tasks of the run before",
        Duration.ofMinutes(1),
        () -> {
          Map<String, JsonNode> now = load.openTasks();
          var back = new HashSet<String>();
          for (var task : before.entrySet()) {
            if (now.containsKey(task.getKey()) || movedOnByItself(task.getValue())) {
              back.add(task.getKey());
            }
          }
          return back;
        },
        back -> back.size() == before.size());
  }

  /**
   * A show whose input went with the crash: its "End the broadcast" gave way to "The stream
   * dropped".
   */
  private boolean movedOnByItself(JsonNode task) throws Exception {
    return task.path("elementId").asText().equals(END_BROADCAST)
        && load.openTasks().values().stream()
            .anyMatch(
                open ->
                    open.path("processInstanceKey").asLong()
                            == task.path("processInstanceKey").asLong()
                        && open.path("elementId").asText().equals(STREAM_DROPPED));
  }
}
