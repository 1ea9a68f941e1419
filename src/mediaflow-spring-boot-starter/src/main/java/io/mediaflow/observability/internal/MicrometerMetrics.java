package io.mediaflow.observability.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter.MeterProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The plugin's meters in the application's {@link MeterRegistry}: the one place that names them and
 * their tags (docs/operations.md lists them). Names are dotted, as Micrometer's registries expect
 * (Prometheus shows {@code mediaflow.api.calls} as {@code mediaflow_api_calls_seconds}), and all
 * begin with {@code mediaflow.}, so Spring Boot's {@code management.metrics.enable.mediaflow=false}
 * turns them all off. The job type is the tag {@code operation} throughout.
 */
public final class MicrometerMetrics implements MediaflowMetrics {

  public static final String CALLS = "mediaflow.api.calls";
  public static final String TOKENS = "mediaflow.api.tokens.fetched";
  public static final String RETRIES = "mediaflow.job.retries";
  public static final String BUSY = "mediaflow.job.busy";
  public static final String CALLBACKS = "mediaflow.callbacks.received";
  public static final String MESSAGES = "mediaflow.callbacks.messages";
  public static final String WAITS_OPEN = "mediaflow.waits.open";
  public static final String WAITS_OLDEST = "mediaflow.waits.oldest";
  public static final String WAITS_DURATION = "mediaflow.waits.duration";
  public static final String WAITS_CHECKS = "mediaflow.waits.checks";
  public static final String LOOKUPS = "mediaflow.recovery.lookups";
  public static final String SENT_MARKS = "mediaflow.recovery.sent.marks";
  public static final String SIGNED_URLS = "mediaflow.signing.urls";
  public static final String SIGNING_KEYS = "mediaflow.signing.keys";

  /** The operation of a call made outside any job (the sweep of ended instances' streams). */
  static final String NO_OPERATION = "none";

  private final MeterRegistry registry;
  private final ThreadLocal<String> operation = new ThreadLocal<>();
  private final OpenWaits waits;
  private final Set<String> waitGauges = ConcurrentHashMap.newKeySet();

  private final MeterProvider<Timer> calls;

  /**
   * The timers of {@link #CALLS} by their tags, so that a call finds its timer without building its
   * tags and looking them up in the registry: calls are what the plugin counts most often, and
   * their tags have a bounded set of values.
   */
  private final Map<CallTags, Timer> callTimers = new ConcurrentHashMap<>();

  private final MeterProvider<Counter> tokens;
  private final MeterProvider<Counter> retries;
  private final MeterProvider<Counter> busy;
  private final MeterProvider<Counter> callbacks;
  private final MeterProvider<Counter> messages;
  private final MeterProvider<Timer> waitDurations;
  private final MeterProvider<DistributionSummary> waitChecks;
  private final MeterProvider<Counter> lookups;
  private final MeterProvider<Counter> sentMarks;
  private final MeterProvider<Counter> signedUrls;
  private final Counter signingKeys;

  public MicrometerMetrics(MeterRegistry registry) {
    this.registry = registry;
    this.waits = new OpenWaits(registry.config().clock()::wallTime);
    this.calls =
        Timer.builder(CALLS)
            .description("Calls to the service's APIs, by API, job type, outcome and error code")
            .withRegistry(registry);
    this.tokens =
        Counter.builder(TOKENS)
            .description("Access tokens fetched, by API and why: first, expiring, refused")
            .withRegistry(registry);
    this.retries =
        Counter.builder(RETRIES)
            .description("Jobs failed with a fault that spend a retry, by job type and the fault")
            .withRegistry(registry);
    this.busy =
        Counter.builder(BUSY)
            .description(
                "Jobs asked again later without spending a retry because the service is busy")
            .withRegistry(registry);
    this.callbacks =
        Counter.builder(CALLBACKS)
            .description("Callbacks received, by API and outcome")
            .withRegistry(registry);
    this.messages =
        Counter.builder(MESSAGES)
            .description("Messages published for callbacks, by message name")
            .withRegistry(registry);
    this.waitDurations =
        Timer.builder(WAITS_DURATION)
            .description("How long waits lasted from their first check to their final status")
            .withRegistry(registry);
    this.waitChecks =
        DistributionSummary.builder(WAITS_CHECKS)
            .description("How many checks waits took until their final status")
            .withRegistry(registry);
    this.lookups =
        Counter.builder(LOOKUPS)
            .description(
                "Lookups after a lost answer of whether the earlier attempt took effect, by result")
            .withRegistry(registry);
    this.sentMarks =
        Counter.builder(SENT_MARKS)
            .description("Creates marked as sent in the job's state before they were sent")
            .withRegistry(registry);
    this.signedUrls =
        Counter.builder(SIGNED_URLS)
            .description("Signed URLs issued, by kind: object, playback")
            .withRegistry(registry);
    this.signingKeys =
        Counter.builder(SIGNING_KEYS)
            .description("Signing keys created, their private keys kept")
            .register(registry);
  }

  @Override
  public Running running(String operation) {
    String outer = this.operation.get();
    this.operation.set(operation);
    return () -> {
      if (outer == null) {
        this.operation.remove();
      } else {
        this.operation.set(outer);
      }
    };
  }

  private record CallTags(String api, String operation, Outcome outcome, String code) {}

  @Override
  public void call(String api, Outcome outcome, String code, long nanos) {
    String running = operation.get();
    callTimers
        .computeIfAbsent(
            new CallTags(api, running == null ? NO_OPERATION : running, outcome, code),
            tags ->
                calls.withTags(
                    "api",
                    tags.api(),
                    "operation",
                    tags.operation(),
                    "outcome",
                    tags.outcome().tag(),
                    "code",
                    tags.code()))
        .record(nanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void tokenFetched(String api, TokenFetch reason) {
    tokens.withTags("api", api, "reason", reason.tag()).increment();
  }

  @Override
  public void retry(String operation, String reason) {
    retries.withTags("operation", operation, "reason", reason).increment();
  }

  @Override
  public void busy(String operation, String code) {
    busy.withTags("operation", operation, "code", code).increment();
  }

  @Override
  public void callback(String api, CallbackOutcome outcome) {
    callbacks.withTags("api", api, "outcome", outcome.tag()).increment();
  }

  @Override
  public void messagePublished(String message) {
    messages.withTags("message", message).increment();
  }

  @Override
  public void waitPending(
      String operation, long elementInstanceKey, long since, Duration nextCheck) {
    if (waitGauges.add(operation)) {
      registerWaitGauges(operation);
    }
    waits.pending(operation, elementInstanceKey, since, nextCheck);
  }

  /** A job type's gauges, from its first wait on: the job types are few, and known only then. */
  private void registerWaitGauges(String operation) {
    Gauge.builder(WAITS_OPEN, waits, open -> open.open(operation))
        .description("Waits open on this replica: checked here, not done, next check not overdue")
        .tag("operation", operation)
        .register(registry);
    Gauge.builder(WAITS_OLDEST, waits, open -> open.oldestSeconds(operation))
        .description("How long the oldest wait open on this replica has waited")
        .baseUnit("seconds")
        .tag("operation", operation)
        .register(registry);
  }

  @Override
  public void waitEnded(
      String operation, long elementInstanceKey, WaitResult result, Duration lasted, int checks) {
    waits.ended(elementInstanceKey);
    waitDurations.withTags("operation", operation, "result", result.tag()).record(lasted);
    waitChecks.withTags("operation", operation, "result", result.tag()).record(checks);
  }

  @Override
  public void lookup(String operation, boolean found) {
    lookups.withTags("operation", operation, "result", found ? "found" : "not_found").increment();
  }

  @Override
  public void sentMark(String operation) {
    sentMarks.withTags("operation", operation).increment();
  }

  @Override
  public void signedUrls(String kind, int count) {
    signedUrls.withTags("kind", kind).increment(count);
  }

  @Override
  public void signingKeyCreated() {
    signingKeys.increment();
  }
}
