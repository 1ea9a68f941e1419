package io.mediaflow.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.callback.internal.CallbackUrls.Kind;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MicrometerMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * What operators see of callbacks: each one counted by its outcome, and logged with its subject.
 */
class CallbackReceiverObservabilityTest {

  private static final String TASK = "task-1";
  private static final String INSTANCE = "2251799813685249";

  private final CallbackUrls urls = new CallbackUrls(properties("secret"), Clock.systemUTC());
  private final CamundaClient camunda = mock(CamundaClient.class, Mockito.RETURNS_DEEP_STUBS);
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final CallbackReceiver receiver =
      new CallbackReceiver(
          urls, camunda, properties("secret"), new MicrometerMetrics(meters), new LogContext(true));
  private final Logger log = (Logger) LoggerFactory.getLogger(CallbackReceiver.class);
  private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

  @BeforeEach
  void listen() {
    logged.start();
    log.addAppender(logged);
  }

  @AfterEach
  void stopListening() {
    log.detachAppender(logged);
  }

  @Test
  void aCallbackWhoseUrlDoesNotVerifyIsCountedAsRefusedForItsSignature() {
    String forged =
        HttpUrl.parse(
                new CallbackUrls(properties("another-secret"), Clock.systemUTC())
                    .forSubject(Kind.TRANSCODING, TASK)
                    .orElseThrow())
            .queryParameter(CallbackUrls.TOKEN);

    assertThat(receiver.transcoding(forged, TASK, "saved", "task").getStatusCode().value())
        .isEqualTo(403);
    assertThat(
            receiver
                .live(token(Kind.TRANSCODING, INSTANCE), ApiJson.MAPPER.createObjectNode())
                .getStatusCode()
                .value())
        .as("a transcoding URL's token on the live receiver")
        .isEqualTo(403);

    assertThat(count("transcoding", "refused_signature")).isEqualTo(1);
    assertThat(count("live", "refused_signature")).isEqualTo(1);
  }

  @Test
  void aCallbackIsCountedAsAcceptedWithItsMessageOrAsARepeat() {
    receiver.transcoding(token(Kind.TRANSCODING, TASK), TASK, "saved", "task");
    when(camunda
            .newPublishMessageCommand()
            .messageName(any())
            .correlationKey(any())
            .messageId(any())
            .timeToLive(any())
            .send()
            .join())
        .thenThrow(new ProblemException(409, "Conflict", null));
    receiver.transcoding(token(Kind.TRANSCODING, TASK), TASK, "saved", "task");
    receiver.transcoding(token(Kind.TRANSCODING, TASK), TASK, " ", "task");

    assertThat(count("transcoding", "accepted")).isEqualTo(1);
    assertThat(count("transcoding", "duplicate")).isEqualTo(1);
    assertThat(count("transcoding", "malformed")).isEqualTo(1);
    assertThat(
            meters
                .get(MicrometerMetrics.MESSAGES)
                .tag("message", CallbackMessages.TRANSCODING_JOB_FINISHED)
                .counter()
                .count())
        .isEqualTo(1);
  }

  @Test
  void whatACallbackIsForIsInTheLogContextWhileItIsHandledAndOnlyThen() {
    MDC.put(CallbackReceiver.TASK_TOKEN, "outer");

    receiver.transcoding(token(Kind.TRANSCODING, TASK), "another-task", "saved", "task");

    assertThat(logged.list)
        .filteredOn(line -> line.getFormattedMessage().contains("the signed URL decides"))
        .singleElement()
        .satisfies(
            line ->
                assertThat(line.getMDCPropertyMap())
                    .containsEntry(CallbackReceiver.TASK_TOKEN, TASK));
    assertThat(MDC.get(CallbackReceiver.TASK_TOKEN)).as("as it was before").isEqualTo("outer");
    MDC.remove(CallbackReceiver.TASK_TOKEN);

    log.setLevel(ch.qos.logback.classic.Level.DEBUG);
    try {
      receiver.live(
          token(Kind.LIVE, INSTANCE),
          ApiJson.MAPPER.createObjectNode().put("id", "stream-1").put("status", "live"));
    } finally {
      log.setLevel(null);
    }
    assertThat(logged.list)
        .filteredOn(line -> line.getFormattedMessage().startsWith("Callback live:stream-1"))
        .singleElement()
        .satisfies(
            line ->
                assertThat(line.getMDCPropertyMap())
                    .containsEntry(CallbackReceiver.PROCESS_INSTANCE_KEY, INSTANCE));
    assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
  }

  private double count(String api, String outcome) {
    return meters
        .get(MicrometerMetrics.CALLBACKS)
        .tags("api", api, "outcome", outcome)
        .counter()
        .count();
  }

  private static CallbackProperties properties(String secret) {
    return new CallbackProperties(
        true,
        "https://workers.example",
        secret,
        Duration.ofDays(7),
        Duration.ofHours(1),
        Duration.ofMinutes(1),
        Duration.ofMinutes(15));
  }

  private String token(Kind kind, String subject) {
    return HttpUrl.parse(urls.forSubject(kind, subject).orElseThrow())
        .queryParameter(CallbackUrls.TOKEN);
  }
}
