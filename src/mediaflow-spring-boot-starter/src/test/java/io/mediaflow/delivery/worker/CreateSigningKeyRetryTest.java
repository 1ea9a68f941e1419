package io.mediaflow.delivery.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.CompleteJobCommandStep1;
import io.camunda.client.api.command.SetVariablesCommandStep1;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.ApiJson;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.MockCdn;
import io.mediaflow.delivery.signing.MemorySigningKeyStore;
import io.mediaflow.delivery.signing.internal.ContentAddresses;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.worker.DefaultWorkerProperties;
import io.mediaflow.worker.internal.InputReader;
import io.mediaflow.worker.internal.JobRunner;
import io.mediaflow.worker.internal.JobStates;
import io.mediaflow.worker.internal.JobStatesAccess;
import io.mediaflow.worker.internal.OperationHandler;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The create-signing-key worker: the job's state says the create is sent before it is, the private
 * key is in the key store before the job completes, neither the state nor the completion holds it,
 * and a retried job creates no second key.
 */
class CreateSigningKeyRetryTest {

  private static final String KEY_ID = "7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6";
  private static final String TYPE = "mediaflow.delivery.create_signing_key";

  private final MockWebServer server = new MockWebServer();
  private final MemorySigningKeyStore store = new MemorySigningKeyStore();
  private final CamundaClient camunda = mock(CamundaClient.class);
  private final AtomicReference<Boolean> keptWhenWritten = new AtomicReference<>();
  private final AtomicReference<Map<String, Object>> recorded = new AtomicReference<>();
  private final AtomicReference<Map<String, Object>> completed = new AtomicReference<>();
  private final JobClient jobClient = mock(JobClient.class);
  private JobStates states;
  private JobRunner jobs;
  private OperationHandler<?> createSigningKey;

  @BeforeEach
  void start() throws Exception {
    server.start();
    DeliveryClient client = MockCdn.client(server);
    var properties = MockCdn.properties(server.url("/cdn").toString());
    var workerProperties = DefaultWorkerProperties.get();
    states = new JobStates(workerProperties);
    jobs =
        new JobRunner(camunda, new InputReader(name -> Optional.empty()), states, workerProperties);
    createSigningKey =
        new DeliveryWorkers(
                client,
                new ManagedSigningKeys(client, store, MediaflowMetrics.NONE),
                new SignedUrls(
                    store,
                    new ContentAddresses(properties),
                    client,
                    Clock.systemUTC(),
                    MediaflowMetrics.NONE))
            .handlers().stream()
                .filter(handler -> handler.type().equals(TYPE))
                .findFirst()
                .orElseThrow();
    when(camunda.newSetVariablesCommand(anyLong()))
        .thenAnswer(
            invocation -> {
              keptWhenWritten.set(store.find(KEY_ID).isPresent());
              SetVariablesCommandStep1 command =
                  mock(SetVariablesCommandStep1.class, RETURNS_DEEP_STUBS);
              when(command.variables(org.mockito.ArgumentMatchers.<Map<String, Object>>any()))
                  .thenAnswer(
                      variables -> {
                        recorded.set(variables.getArgument(0));
                        return mock(
                            io.camunda.client.api.command.SetVariablesCommandStep1
                                .SetVariablesCommandStep2.class,
                            RETURNS_DEEP_STUBS);
                      });
              return command;
            });
    CompleteJobCommandStep1 complete = mock(CompleteJobCommandStep1.class, RETURNS_DEEP_STUBS);
    when(jobClient.newCompleteCommand(any(ActivatedJob.class))).thenReturn(complete);
    when(complete.variables(org.mockito.ArgumentMatchers.<Map<String, Object>>any()))
        .thenAnswer(
            variables -> {
              completed.set(variables.getArgument(0));
              return mock(CompleteJobCommandStep1.class, RETURNS_DEEP_STUBS);
            });
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void theFirstRunMarksTheJobBeforeCreatingAndKeepsThePrivateKeyBeforeCompletingWithoutIt()
      throws Exception {
    String pem = pem();
    server.enqueue(MockCdn.token());
    server.enqueue(MockCdn.json(200, "{\"signing_keys\":[]}"));
    server.enqueue(created(pem));

    jobs.handle(jobClient, job(new HashMap<>(Map.of("bucketName", "media"))), createSigningKey);
    Map<String, Object> result = completed.get();

    assertThat(result.get("signingKey"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("id", KEY_ID);
    assertThat(keptWhenWritten.get())
        .as("the job's state was written before the key existed")
        .isFalse();
    assertThat(store.find(KEY_ID)).isPresent();
    String body = pem.lines().skip(1).findFirst().orElseThrow();
    assertThat(ApiJson.MAPPER.writeValueAsString(recorded.get())).doesNotContain(body);
    assertThat(ApiJson.MAPPER.writeValueAsString(result))
        .doesNotContain(body)
        .doesNotContain("private_key");
  }

  @Test
  void anAttemptAfterAWorkerDiedWithTheKeyCreatedReturnsThatKeyAndCreatesNoOther()
      throws Exception {
    server.enqueue(MockCdn.token());
    server.enqueue(MockCdn.json(200, "{\"signing_keys\":[]}"));
    server.enqueue(created(pem()));
    server.enqueue(
        MockCdn.json(
            200, "{\"signing_keys\":[{\"id\":\"" + KEY_ID + "\",\"bucket_name\":\"media\"}]}"));
    jobs.handle(jobClient, job(new HashMap<>(Map.of("bucketName", "media"))), createSigningKey);
    completed.set(null);

    // Handed out again with only what the first attempt wrote down, as after a worker that died
    // before completing.
    var variables = new HashMap<String, Object>(Map.of("bucketName", "media"));
    variables.putAll(recorded.get());
    jobs.handle(jobClient, job(variables), createSigningKey);

    assertThat(completed.get().get("signingKey"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("id", KEY_ID);
    assertThat(server.getRequestCount()).as("token, list, create, then only a list").isEqualTo(4);
  }

  @Test
  void aRetriedJobReturnsTheRecordedKeyAndCreatesNoOther() {
    var variables = new HashMap<String, Object>(Map.of("bucketName", "media"));
    Map<String, Object> recordedKey = Map.of("id", KEY_ID, "bucket_name", "media");
    ActivatedJob retried = job(variables);
    variables.putAll(JobStatesAccess.withResult(states, retried, recordedKey));

    jobs.handle(jobClient, retried, createSigningKey);
    Map<String, Object> result = completed.get();

    assertThat(result).containsEntry("signingKey", recordedKey);
    assertThat(server.getRequestCount()).isZero();
  }

  private static mockwebserver3.MockResponse created(String pem) {
    return MockCdn.json(
        200,
        "{\"signing_key\":{\"id\":\""
            + KEY_ID
            + "\",\"bucket_name\":\"media\",\"private_key\":\""
            + pem.replace("\n", "\\n")
            + "\",\"created\":\"2026-01-02 03:04:05\"}}");
  }

  private static ActivatedJob job(Map<String, Object> variables) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getType()).thenReturn(TYPE);
    when(job.getKey()).thenReturn(2L);
    when(job.getElementInstanceKey()).thenReturn(1L);
    when(job.getRetries()).thenReturn(5);
    when(job.getVariablesAsMap()).thenReturn(variables);
    when(job.getCustomHeaders()).thenReturn(Map.of());
    return job;
  }

  private static String pem() throws Exception {
    var generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    byte[] der = generator.generateKeyPair().getPrivate().getEncoded();
    return "-----BEGIN PRIVATE KEY-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
        + "\n-----END PRIVATE KEY-----\n";
  }
}
