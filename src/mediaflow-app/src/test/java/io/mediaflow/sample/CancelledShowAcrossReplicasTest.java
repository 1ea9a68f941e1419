package io.mediaflow.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.LoadDriver;
import io.mediaflow.MediaflowTest;
import io.mediaflow.SeparateJvm;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep that stops a cancelled show's stream keeps nothing of its own: with two replicas of a
 * user's application against one engine (the embedded default with its own workers and sweep off,
 * standing for the cluster), one is killed with {@code kill -9} and the show cancelled, and the
 * other stops the stream within 30 s.
 */
class CancelledShowAcrossReplicasTest {

  @TempDir Path clusterData;
  @TempDir Path replicaDirectory;
  @TempDir Path keyStore;

  private final List<Process> started = new ArrayList<>();
  private CallbackBalancer balancer;

  @AfterEach
  void stop() throws InterruptedException {
    if (balancer != null) {
      balancer.close();
    }
    for (Process process : started.reversed()) {
      process.destroy();
      process.waitFor();
    }
  }

  @Test
  void whenOneReplicaIsKilledAnotherStopsTheCancelledShowsStream() throws Exception {
    var cluster =
        new EmbeddedDefaultProcess(clusterData, MediaflowTest.freePort(), MediaflowTest.freePort());
    started.add(
        cluster.start(
            "--camunda.client.worker.defaults.enabled=false",
            "--mediaflow.live.sweep.enabled=false",
            "--mediaflow.sandbox.time-scale=0.1"));
    balancer = new CallbackBalancer(MediaflowTest.freePort());
    var environment = SampleEnvironment.of(cluster, keyStore, balancer.baseUrl());
    Process doomed = startReplica(environment);
    startReplica(environment);
    var load = new LoadDriver(cluster);
    // 60000 nominal seconds are 6000 s at this time scale: the service does not stop the stream
    // by itself meanwhile.
    load.startInstance(
        "go-live",
        0,
        Map.of("streamName", "replicas " + UUID.randomUUID(), "streamTimeout", 60000));
    load.awaitOpenTasks(LoadDriver.START_ENCODER, 1, Duration.ofMinutes(3));
    long key = load.instances().keySet().iterator().next();
    String streamId = load.variable(key, "streamId").asText();
    assertThat(status(load, streamId)).isEqualTo("waiting");

    doomed.destroyForcibly();
    doomed.waitFor();
    HttpResponse<String> cancelled =
        cluster.post("/v2/process-instances/" + key + "/cancellation", "{}");
    assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(204);

    Awaitility.await("stream " + streamId + " stopped by the replica left")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> Set.of("stopping", "stopped").contains(status(load, streamId)));
  }

  private Process startReplica(Map<String, String> environment) throws Exception {
    var replica =
        new SeparateJvm(
            SampleApplication.class.getName(), replicaDirectory, MediaflowTest.freePort());
    Process process =
        replica.start(
            environment,
            List.of(
                "--spring.config.location=classpath:/io/mediaflow/sample/application.yml",
                "--mediaflow.live.sweep.interval=1s"));
    started.add(process);
    balancer.add(replica.baseUrl());
    return process;
  }

  private static String status(LoadDriver load, String streamId) throws Exception {
    return load.serviceList("live", "/live-streams?id=" + streamId, "streams").stream()
        .map(stream -> stream.at("/status/name").asText())
        .findFirst()
        .orElseThrow();
  }
}
