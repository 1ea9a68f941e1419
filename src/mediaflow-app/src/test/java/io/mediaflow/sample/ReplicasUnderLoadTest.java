package io.mediaflow.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.mediaflow.EmbeddedDefaultProcess;
import io.mediaflow.LoadDriver;
import io.mediaflow.MediaflowTest;
import io.mediaflow.SeparateJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The plugin as it runs in production: worker replicas of a user's application ({@link
 * SampleApplication}, each a JVM of its own) against one engine apart (the embedded default with
 * its own workers off, standing for the cluster and the service), behind one callback address that
 * passes each callback to a replica in service. Under a load of 100 instances of the five
 * processes, one replica is killed with {@code kill -9} mid-run and another started: every instance
 * completes without an incident, the service holds exactly one transcoding task, stream, signing
 * key, domain and TLS subscription per instance that made one, and every callback is accepted by
 * whichever replica got it. The replicas share what must be shared: the job-state secret, the
 * callback secret and the signing key store.
 */
class ReplicasUnderLoadTest {

  private static final int TRANSCODES = 25;
  private static final int PUBLISHINGS = 40;

  /** The service's limit of playback domains in an account. */
  private static final int DOMAINS = 20;

  private static final int SHOWS = 10;
  private static final int RECORDED_SHOWS = 5;

  /**
   * A stream waits this long for its encoder (a tenth of it in the sandbox's time): the producers
   * are busy.
   */
  private static final int PATIENT = 3000;

  private static final int INSTANCES = TRANSCODES + PUBLISHINGS + DOMAINS + SHOWS + RECORDED_SHOWS;

  /** A DVR destination's credentials, as S3 shapes them (the sandbox's storage takes any). */
  private static final String DVR_ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";

  private static final String DVR_SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  /** The two protocols Camunda's client speaks to the cluster. */
  enum Protocol {
    GRPC(false),
    REST(true);

    final boolean preferRest;

    Protocol(boolean preferRest) {
      this.preferRest = preferRest;
    }
  }

  @TempDir Path clusterData;
  @TempDir Path replicaDirectory;

  /** The signing key store's folder, shared as a volume would be. */
  @TempDir Path keyStore;

  private final List<Process> started = new ArrayList<>();
  private EmbeddedDefaultProcess cluster;
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

  @ParameterizedTest
  @EnumSource
  void everyInstanceCompletesOnceThroughReplicasWhenOneIsKilled(Protocol protocol)
      throws Exception {
    cluster =
        new EmbeddedDefaultProcess(clusterData, MediaflowTest.freePort(), MediaflowTest.freePort());
    // Its own workers off: every job is done by the replicas. A tenth of the nominal durations
    // keeps it short.
    started.add(
        cluster.start(
            "--camunda.client.worker.defaults.enabled=false",
            "--mediaflow.sandbox.time-scale=0.1"));
    balancer = new CallbackBalancer(MediaflowTest.freePort());
    var shared = sharedEnvironment();
    Replica first = startReplicas(shared, protocol, 2).getFirst();
    var load = new LoadDriver(cluster);

    startInstances(load);
    long start = System.nanoTime();
    // Its people work while the replicas do theirs; a quarter in, one replica dies and another
    // comes.
    var driving = CompletableFuture.runAsync(() -> load.finishEverything(Duration.ofMinutes(8)));
    LoadDriver.await(
        "a quarter of the instances completed",
        Duration.ofMinutes(4),
        load::completedInstances,
        completed -> completed >= INSTANCES / 4 || driving.isDone());
    int killedAfter = load.completedInstances();
    kill(first);
    Replica replacement = startReplicas(shared, protocol, 1).getFirst();
    driving.join();
    System.out.printf(
        "Replicas under load (%s): %d instances in %.1f s, one replica killed after %d%n",
        protocol, INSTANCES, (System.nanoTime() - start) / 1e9, killedAfter);

    assertThat(cluster.search("/v2/incidents/search", Map.of())).as("no incident").isEmpty();
    // A recorded show goes on to a transcode and a publishing of its own.
    List<Long> transcodes = instancesOf("transcode-with-approval");
    var tokens = new HashSet<String>();
    for (long transcode : transcodes) {
      tokens.add(load.variable(transcode, "transcodingTask").path("task_token").asText());
    }
    assertThat(tokens)
        .as("one transcoding task per transcode")
        .hasSize(transcodes.size())
        .hasSizeGreaterThanOrEqualTo(TRANSCODES);
    assertThat(load.serviceList("live", "/live-streams", "streams"))
        .as("one stream per show")
        .hasSize(SHOWS + RECORDED_SHOWS);
    assertThat(load.serviceList("cdn", "/signing-keys", "signing_keys"))
        .as("one signing key per publishing")
        .hasSize(instancesOf("protected-publishing").size());
    assertThat(load.serviceList("cdn", "/domains", "domains"))
        .as("one domain per request")
        .hasSize(DOMAINS);
    assertThat(load.serviceList("cdn", "/tls/subscriptions", "tls_subscriptions"))
        .as("one TLS subscription per domain")
        .hasSize(DOMAINS);
    assertThat(balancer.failures()).as("callbacks every replica accepted").isEmpty();
    assertThat(balancer.received(replacement.url()))
        .as("callbacks reached the replica started last")
        .isPositive();
  }

  /**
   * The instances of a process, started by the test or called by one (the cluster runs nothing else
   * of it).
   */
  private List<Long> instancesOf(String process) throws Exception {
    var keys = new ArrayList<Long>();
    cluster
        .search("/v2/process-instances/search", Map.of("processDefinitionId", process))
        .forEach(instance -> keys.add(instance.path("processInstanceKey").asLong()));
    return keys;
  }

  /** A replica in its JVM, at its address. */
  private record Replica(String url, Process process) {}

  /**
   * What every replica is given alike, with the DVR credentials and storage go-live's recordings
   * use.
   */
  private Map<String, String> sharedEnvironment() {
    var environment = SampleEnvironment.of(cluster, keyStore, balancer.baseUrl());
    environment.put("MEDIAFLOW_SECRET_VOD_DVR_SECRET_KEY", DVR_SECRET_KEY);
    environment.put("MEDIAFLOW_LIVE_DVRSTORAGEURL", cluster.baseUrl() + "/sandbox/dvr");
    return environment;
  }

  /**
   * Starts {@code count} replicas side by side, each a JVM of its own, and puts them in service
   * once ready.
   */
  private List<Replica> startReplicas(Map<String, String> environment, Protocol protocol, int count)
      throws Exception {
    var starts = new ArrayList<Callable<Replica>>();
    for (int i = 0; i < count; i++) {
      starts.add(() -> startReplica(environment, protocol));
    }
    try (ExecutorService side = Executors.newFixedThreadPool(count)) {
      var replicas = new ArrayList<Replica>();
      for (Future<Replica> start : side.invokeAll(starts)) {
        replicas.add(start.get());
      }
      return replicas;
    }
  }

  private Replica startReplica(Map<String, String> environment, Protocol protocol)
      throws Exception {
    var replica =
        new SeparateJvm(
            SampleApplication.class.getName(), replicaDirectory, MediaflowTest.freePort());
    Process process =
        replica.start(
            environment,
            List.of(
                "--spring.config.location=classpath:/io/mediaflow/sample/application.yml",
                "--camunda.client.prefer-rest-over-grpc=" + protocol.preferRest,
                // jobs pushed as they are created: forty job types polled by each replica would
                // keep the engine busy
                "--camunda.client.worker.defaults.stream-enabled=true",
                // a killed replica's jobs go to another once their lock ends: 30 s rather than the
                // client's 5 minutes
                "--camunda.client.worker.defaults.timeout=PT30S",
                "--camunda.client.execution-threads=8"));
    synchronized (started) {
      started.add(process);
    }
    balancer.add(replica.baseUrl());
    return new Replica(replica.baseUrl(), process);
  }

  private void kill(Replica replica) throws InterruptedException {
    balancer.remove(replica.url());
    replica.process().destroyForcibly(); // SIGKILL: jobs in hand, answers on their way
    replica.process().waitFor();
  }

  private void startInstances(LoadDriver load) throws Exception {
    String samples = cluster.baseUrl() + "/sandbox/samples/";
    int index = 0;
    for (int i = 0; i < TRANSCODES; i++) {
      load.startInstance(
          "transcode-with-approval",
          index++,
          Map.of(
              "source",
              samples + "bars.mp4",
              "ladder",
              List.of(Map.of("resolution", 240, "bitrate", 400, "user_tag", "240p"))));
    }
    for (int i = 0; i < PUBLISHINGS; i++) {
      load.startPublishing(index++, "replicas-" + i);
    }
    for (int i = 0; i < DOMAINS; i++) {
      load.startInstance(
          "custom-domain-tls",
          index++,
          Map.of("domainName", "replicas-" + i + ".example.com", "type", "live"));
    }
    for (int i = 0; i < SHOWS; i++) {
      load.startInstance(
          "go-live", index++, Map.of("streamName", "replicas show " + i, "streamTimeout", PATIENT));
    }
    for (int i = 0; i < RECORDED_SHOWS; i++) {
      // The sandbox records a simulated ingest too: the recording is transcoded, reviewed and
      // published.
      load.startInstance(
          "live-to-vod",
          index++,
          Map.of(
              "streamName",
              "replicas recorded show " + i,
              "streamTimeout",
              PATIENT,
              "publishBucket",
              "replicas-vod-" + i,
              "dvr",
              Map.of(
                  "destination",
                  Map.of(
                      "url",
                      "s3://live-recordings/replicas-" + i,
                      "access_key",
                      DVR_ACCESS_KEY,
                      "secret_key",
                      "{{secrets.VOD_DVR_SECRET_KEY}}"))));
    }
  }
}
