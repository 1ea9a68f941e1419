package io.mediaflow.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.Violation;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.MockCdn;
import io.mediaflow.delivery.PurgeCache;
import io.mediaflow.delivery.RenameSigningKey;
import io.mediaflow.delivery.worker.DeliveryWorkersAccess;
import io.mediaflow.worker.DefaultWorkerProperties;
import io.mediaflow.worker.WorkerProperties;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An operation's rule is written once, on its request record, and holds wherever the request comes
 * from: a client called from Java refuses it naming the field as the API does, the worker a job
 * naming the process variable it came from. Either way it is one violation, and nothing is sent.
 */
class RequestRecordRulesTest {

  private static final String KEY_ID = "7d0f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6";
  private static final String TOO_LONG = "k".repeat(256);

  private final MockWebServer server = new MockWebServer();
  private final WorkerProperties properties = DefaultWorkerProperties.get();
  private final JobRunner runner =
      new JobRunner(
          mock(CamundaClient.class, RETURNS_DEEP_STUBS),
          new InputReader(name -> Optional.empty()),
          new JobStates(properties),
          properties);
  private DeliveryClient client;
  private OperationHandlers workers;

  @BeforeEach
  void start() throws Exception {
    server.start();
    client = MockCdn.client(server);
    // The operations here use the client alone; declaring the others calls nothing.
    workers = DeliveryWorkersAccess.workers(client, null, null);
  }

  @AfterEach
  void nothingWasSent() {
    assertThat(server.getRequestCount()).isZero();
    server.close();
  }

  @Test
  void theClientRefusesABrokenRuleOnceNamingTheApisField() {
    assertThatThrownBy(() -> client.renameSigningKey(new RenameSigningKey(KEY_ID, TOO_LONG)))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            refused ->
                assertThat(refused.violations())
                    .containsExactly(new Violation("name", "must be at most 255 characters")));
    assertThatThrownBy(() -> client.renameSigningKey(new RenameSigningKey("k", TOO_LONG)))
        .isInstanceOfSatisfying(
            InvalidRequestException.class,
            refused ->
                assertThat(refused.violations())
                    .extracting(Violation::field)
                    .containsExactly("name", "signing_key_id"));
  }

  @Test
  void theWorkerRefusesTheSameRuleOnceNamingTheProcessVariable() {
    ActivatedJob job =
        job(
            "mediaflow.delivery.rename_signing_key",
            Map.of("signingKeyId", KEY_ID, "name", TOO_LONG),
            Map.of(InputVariables.HEADER, "keyLabel: name"));

    assertThat(runner.outcome(job, handler("mediaflow.delivery.rename_signing_key")))
        .isEqualTo(
            new JobOutcome.Fail(
                "Invalid input: keyLabel: must be at most 255 characters (field name)",
                0,
                Duration.ZERO,
                Map.of()));
  }

  /** A purge's path had no rule at the worker; it has the client's now, being one record's. */
  @Test
  void aRuleOnceOnlyTheClientsHoldsAtTheWorkerToo() {
    assertThatThrownBy(() -> client.purgeCache(new PurgeCache("media", "../secret")))
        .hasMessageStartingWith("path: must be the path of an object");
    ActivatedJob job =
        job(
            "mediaflow.delivery.purge_cache",
            Map.of("bucketName", "media", "path", "../secret"),
            Map.of());

    assertThat(runner.outcome(job, handler("mediaflow.delivery.purge_cache")))
        .isInstanceOfSatisfying(
            JobOutcome.Fail.class,
            fail ->
                assertThat(fail.message())
                    .isEqualTo(
                        "Invalid input: path: must be the path of an object inside the bucket,"
                            + " such as videos/clip/master.m3u8 (no empty, . or .. segments)"));
  }

  private OperationHandler<?> handler(String type) {
    return workers.handlers().stream()
        .filter(handler -> handler.type().equals(type))
        .findFirst()
        .orElseThrow();
  }

  private static ActivatedJob job(
      String type, Map<String, Object> variables, Map<String, String> headers) {
    ActivatedJob job = mock(ActivatedJob.class);
    when(job.getType()).thenReturn(type);
    when(job.getKey()).thenReturn(1L);
    when(job.getElementInstanceKey()).thenReturn(2251799813685302L);
    when(job.getProcessInstanceKey()).thenReturn(2251799813685301L);
    when(job.getRetries()).thenReturn(3);
    when(job.getVariablesAsMap()).thenReturn(new HashMap<>(variables));
    when(job.getCustomHeaders()).thenReturn(headers);
    return job;
  }
}
