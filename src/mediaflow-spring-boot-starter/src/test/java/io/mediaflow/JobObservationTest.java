package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.delivery.DeleteSigningKey;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.MockCdn;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.worker.DefaultWorkerProperties;
import io.mediaflow.worker.WorkerProperties;
import io.mediaflow.worker.internal.ActivatedJobs;
import io.mediaflow.worker.internal.InputReader;
import io.mediaflow.worker.internal.JobRunner;
import io.mediaflow.worker.internal.JobScopes;
import io.mediaflow.worker.internal.JobStates;
import io.mediaflow.worker.internal.OperationHandler;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A job as a trace: one observation per job, one child per HTTP call to the service, made with the
 * HTTP client the starter's configuration instruments, and each call carrying the trace context.
 */
class JobObservationTest {

  @Operation(
      type = "mediaflow.delivery.delete_signing_key",
      name = "Delete",
      description = "deletes",
      resultVariable = "deleted")
  record DeleteInput(String signingKeyId) {}

  private static final String KEY_ID = "0b6a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b";

  private final MockWebServer server = new MockWebServer();
  private final WorkerProperties properties = DefaultWorkerProperties.get();

  @BeforeEach
  void start() throws Exception {
    server.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aJobIsOneObservationWithAChildForEachOfItsHttpCalls() {
    TestObservationRegistry registry = TestObservationRegistry.create();
    Predicate<Observation.ContextView> theJob = parent -> parent.getName().equals("mediaflow.job");

    runOneJob(registry);

    TestObservationRegistryAssert.assertThat(registry)
        .hasNumberOfObservationsWithNameEqualTo("mediaflow.job", 1)
        .hasObservationWithNameEqualTo("mediaflow.job")
        .that()
        .hasContextualNameEqualTo("mediaflow.delivery.delete_signing_key")
        .hasLowCardinalityKeyValue("operation", "mediaflow.delivery.delete_signing_key")
        .hasLowCardinalityKeyValue("bpmn.process.id", "keys")
        .hasLowCardinalityKeyValue("bpmn.element.id", "DeleteKey")
        .hasLowCardinalityKeyValue("outcome", "completed")
        .hasHighCardinalityKeyValue("job.key", "7")
        .hasHighCardinalityKeyValue("process.instance.key", "42")
        .doesNotHaveParentObservation();
    TestObservationRegistryAssert.assertThat(registry)
        .as("the access token's call and the delete's")
        .hasNumberOfObservationsWithNameEqualTo(ObservabilityConfiguration.HTTP_CALLS, 2)
        .forAllObservationsWithNameEqualTo(
            ObservabilityConfiguration.HTTP_CALLS,
            call -> call.hasParentObservationContextMatching(theJob));
  }

  @Test
  void withATracerAJobAndItsCallsAreOneTraceAndEachCallSendsItsTraceparent() throws Exception {
    List<SpanData> spans = new CopyOnWriteArrayList<>();
    ObservationRegistry registry = tracing(spans);

    runOneJob(registry);

    SpanData job =
        spans.stream()
            .filter(span -> span.getName().equals("mediaflow.delivery.delete_signing_key"))
            .findFirst()
            .orElseThrow();
    List<SpanData> calls =
        spans.stream().filter(span -> span.getParentSpanId().equals(job.getSpanId())).toList();
    assertThat(calls).hasSize(2);
    for (SpanData call : calls) {
      RecordedRequest request = server.takeRequest();
      assertThat(request.getHeaders().get("traceparent"))
          .isEqualTo("00-" + job.getTraceId() + "-" + call.getSpanId() + "-01");
      assertThat(call.getAttributes().asMap().values())
          .as("the token request's path holds the API key: no attribute shows it")
          .noneMatch(value -> String.valueOf(value).contains(MockCdn.API_KEY));
    }
  }

  /** One job of a delete through the starter's HTTP client, observed in {@code registry}. */
  private void runOneJob(ObservationRegistry registry) {
    server.enqueue(MockCdn.token());
    server.enqueue(MockCdn.json(200, "{\"status\":\"ok\"}"));
    new ApplicationContextRunner()
        .withUserConfiguration(ObservabilityConfiguration.class)
        .withBean(ObservationRegistry.class, () -> registry)
        .withBean(MediaflowHttpClient.class, () -> MediaflowHttpClient.standard(1))
        .run(
            context -> {
              var client =
                  new DeliveryClient(
                      MockCdn.properties(server.url("/cdn").toString()),
                      context.getBean(MediaflowHttpClient.class).okHttp(),
                      Clock.systemUTC());
              MediaflowMetrics metrics = context.getBean(MediaflowMetrics.class);
              var runner =
                  new JobRunner(
                      mock(CamundaClient.class, Mockito.RETURNS_DEEP_STUBS),
                      new InputReader(name -> Optional.empty()),
                      new JobStates(properties),
                      properties,
                      new JobScopes(registry, metrics, context.getBean(LogContext.class)),
                      metrics);
              runner.handle(
                  mock(JobClient.class, Mockito.RETURNS_DEEP_STUBS),
                  job(),
                  OperationHandler.call(
                      DeleteInput.class,
                      input -> {
                        client.deleteSigningKey(new DeleteSigningKey(input.signingKeyId()));
                        return Map.of();
                      }));
            });
  }

  private static ActivatedJob job() {
    return ActivatedJobs.of(
        "mediaflow.delivery.delete_signing_key",
        "keys",
        "DeleteKey",
        Map.of("signingKeyId", KEY_ID));
  }

  /**
   * An observation registry with Micrometer Tracing's handlers over OpenTelemetry, propagating W3C
   * trace context, as Spring Boot sets one up with its OpenTelemetry bridge; ended spans go to
   * {@code spans}.
   */
  private static ObservationRegistry tracing(List<SpanData> spans) {
    SpanProcessor collect =
        new SpanProcessor() {
          @Override
          public void onStart(Context parent, ReadWriteSpan span) {}

          @Override
          public boolean isStartRequired() {
            return false;
          }

          @Override
          public void onEnd(ReadableSpan span) {
            spans.add(span.toSpanData());
          }

          @Override
          public boolean isEndRequired() {
            return true;
          }
        };
    OpenTelemetrySdk openTelemetry =
        OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(collect).build())
            .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
            .build();
    var otelTracer = openTelemetry.getTracer("test");
    var current = new OtelCurrentTraceContext();
    var tracer =
        new OtelTracer(
            otelTracer,
            current,
            event -> {},
            new OtelBaggageManager(current, List.of(), List.of()));
    var propagator = new OtelPropagator(openTelemetry.getPropagators(), otelTracer);
    ObservationRegistry registry = ObservationRegistry.create();
    registry
        .observationConfig()
        .observationHandler(
            new ObservationHandler.FirstMatchingCompositeObservationHandler(
                new PropagatingSenderTracingObservationHandler<>(tracer, propagator),
                new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
                new DefaultTracingObservationHandler(tracer)));
    return registry;
  }
}
