package io.mediaflow.callback;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.mediaflow.MediaflowTest;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.callback.internal.CallbackUrls.Kind;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The callback receiver alone: what it accepts, what it refuses, and what a repeat changes
 * (nothing).
 */
class CallbackReceiverTest extends MediaflowTest {

  private final CallbackUrls urls = urls(Clock.systemUTC());

  @Test
  void aSignedCallbackBecomesOneMessageHoweverOftenItComes() {
    String token = UUID.randomUUID().toString().replace("-", "");
    String url = urls.forSubject(Kind.TRANSCODING, token).orElseThrow();

    for (int i = 0; i < 3; i++) {
      assertThat(
              postForm(url, "task_token=" + token + "&event=saved&callback_type=task").statusCode())
          .isEqualTo(204);
    }

    assertThat(published("transcoding:" + token + ":saved")).isEqualTo(1);
  }

  /**
   * Every event the README names publishes: the finishing ones the message processes wait for, the
   * others ({@code queued}, {@code restarted}, per-rendition callbacks) a message of their own, so
   * that a rendition's {@code saved} neither finishes the job nor takes the job's message id.
   */
  @Test
  void everyEventPublishesAndARenditionsSavedDoesNotFinishTheJob() {
    String token = UUID.randomUUID().toString().replace("-", "");
    String url = urls.forSubject(Kind.TRANSCODING, token).orElseThrow();

    for (String event : new String[] {"queued", "restarted"}) {
      assertThat(postForm(url, "task_token=" + token + "&event=" + event).statusCode())
          .as(event)
          .isEqualTo(204);
      assertThat(published("transcoding:" + token + ":" + event, "transcoding-job-event"))
          .as(event)
          .isEqualTo(1);
    }
    assertThat(
            postForm(url, "task_token=" + token + "&event=saved&callback_type=stream").statusCode())
        .isEqualTo(204);
    assertThat(published("transcoding:" + token + ":stream:saved", "transcoding-job-event"))
        .isEqualTo(1);
    assertThat(published("transcoding:" + token + ":saved")).as("the job is not finished").isZero();

    for (String event : new String[] {"saved", "restart_failed"}) {
      assertThat(postForm(url, "task_token=" + token + "&event=" + event).statusCode())
          .isEqualTo(204);
      assertThat(published("transcoding:" + token + ":" + event, "transcoding-job-finished"))
          .as(event)
          .isEqualTo(1);
    }
  }

  @Test
  void forgedAlteredAndExpiredCallbacksAreRefusedWithoutDetail() {
    String token = UUID.randomUUID().toString().replace("-", "");
    String genuine = urls.forSubject(Kind.TRANSCODING, token).orElseThrow();
    String forged = genuine.replaceAll("token=[^&]+", "token=AAAA");
    String expired =
        urls(Clock.fixed(Instant.now().minus(Duration.ofDays(8)), ZoneOffset.UTC))
            .forSubject(Kind.TRANSCODING, token)
            .orElseThrow();
    String unsigned = baseUrl() + "/callbacks/transcoding";
    String liveSignatureOnTranscoding =
        urls.forSubject(Kind.LIVE, token)
            .orElseThrow()
            .replace("/callbacks/live", "/callbacks/transcoding");

    for (String url : new String[] {forged, expired, unsigned, liveSignatureOnTranscoding}) {
      HttpResponse<String> refused = postForm(url, "task_token=" + token + "&event=saved");
      assertThat(refused.statusCode()).as(url).isEqualTo(403);
      assertThat(refused.body()).as("no detail leaked").isEmpty();
    }
    assertThat(published("transcoding:" + token + ":saved")).isZero();
  }

  /**
   * The signed URL proves which job a callback is about: a body naming another task token (or none)
   * speaks for the URL's job, never for the one it names.
   */
  @Test
  void theSignedUrlNamesTheJobWhateverTheBodySays() {
    String token = UUID.randomUUID().toString().replace("-", "");
    String url = urls.forSubject(Kind.TRANSCODING, token).orElseThrow();

    assertThat(postForm(url, "task_token=someone-elses-task&event=saved").statusCode())
        .isEqualTo(204);
    assertThat(postForm(url, "event=error").statusCode()).isEqualTo(204);

    assertThat(published("transcoding:" + token + ":saved")).isEqualTo(1);
    assertThat(published("transcoding:" + token + ":error")).isEqualTo(1);
    assertThat(published("transcoding:someone-elses-task:saved")).isZero();
  }

  @Test
  void aLiveStatusChangeIsPublishedPerStatusAndTimestamp() {
    String url = urls.forSubject(Kind.LIVE, "12345").orElseThrow();
    String stream = UUID.randomUUID().toString();
    String body =
        "{\"stream\":{\"id\":\""
            + stream
            + "\",\"status\":{\"name\":\"live\",\"timestamp\":\"2026-11-22 01:00:00\"}}}";

    assertThat(postJson(url, body).statusCode()).isEqualTo(204);
    assertThat(postJson(url, body).statusCode()).isEqualTo(204);

    assertThat(published("live:" + stream + ":live:2026-11-22 01:00:00")).isEqualTo(1);
  }

  /**
   * Document 3 does not show the callback's payload: the README's form, or the same fields as JSON.
   */
  @Test
  void aTranscodingCallbackIsReadAsAFormOrAsJson() {
    String token = UUID.randomUUID().toString().replace("-", "");
    String url = urls.forSubject(Kind.TRANSCODING, token).orElseThrow();

    assertThat(
            postJson(
                    url,
                    "{\"task_token\":\""
                        + token
                        + "\",\"event\":\"saved\",\"status\":{\"status\":\"completed\"}}")
                .statusCode())
        .isEqualTo(204);
    assertThat(
            postJson(url, "{\"task_token\":\"someone-elses-task\",\"event\":\"error\"}")
                .statusCode())
        .isEqualTo(204);

    assertThat(published("transcoding:" + token + ":saved")).isEqualTo(1);
    assertThat(published("transcoding:" + token + ":error")).isEqualTo(1);
  }

  /**
   * Document 2 does not show the status callback's payload: a stream as JSON (wrapped or bare) or
   * as a form.
   */
  @Test
  void aLiveStatusChangeIsReadInEveryPlausibleShape() {
    String url = urls.forSubject(Kind.LIVE, "12345").orElseThrow();
    String[] streams = {
      UUID.randomUUID().toString(),
      UUID.randomUUID().toString(),
      UUID.randomUUID().toString(),
      UUID.randomUUID().toString()
    };

    assertThat(
            postJson(
                    url,
                    "{\"id\":\""
                        + streams[0]
                        + "\",\"status\":{\"name\":\"idle\",\"timestamp\":\"t0\"}}")
                .statusCode())
        .isEqualTo(204);
    assertThat(
            postJson(
                    url, "{\"id\":\"" + streams[1] + "\",\"status\":\"idle\",\"timestamp\":\"t1\"}")
                .statusCode())
        .isEqualTo(204);
    assertThat(postForm(url, "stream_id=" + streams[2] + "&status=idle&timestamp=t2").statusCode())
        .isEqualTo(204);
    String encoded =
        java.net.URLEncoder.encode(
            "{\"id\":\"" + streams[3] + "\",\"status\":{\"name\":\"idle\",\"timestamp\":\"t3\"}}",
            java.nio.charset.StandardCharsets.UTF_8);
    assertThat(postForm(url, "stream=" + encoded).statusCode()).isEqualTo(204);
    assertThat(postForm(url, "status=idle").statusCode()).as("no stream named").isEqualTo(400);
    assertThat(postForm(url, "stream=not-json").statusCode())
        .as("no stream to read")
        .isEqualTo(400);
    assertThat(
            postForm(url.replaceAll("token=[^&]+", "token=AAAA"), "stream=not-json").statusCode())
        .as("an unsigned one learns nothing")
        .isEqualTo(403);

    for (int i = 0; i < streams.length; i++) {
      assertThat(published("live:" + streams[i] + ":idle:t" + i)).as("shape %d", i).isEqualTo(1);
    }
  }

  @Test
  void aCallbackForAProcessThatNoLongerWaitsIsHarmless() {
    String token = UUID.randomUUID().toString().replace("-", "");
    String url = urls.forSubject(Kind.TRANSCODING, token).orElseThrow();

    assertThat(postForm(url, "task_token=" + token + "&event=error&error_code=1").statusCode())
        .isEqualTo(204);
    assertThat(published("transcoding:" + token + ":error")).isEqualTo(1);
  }

  /** Messages the engine accepted with this id; a repeat is rejected by the engine, not counted. */
  private long published(String messageId) {
    return published(messageId, null);
  }

  /** As {@link #published(String)}, of messages named {@code name} when it is given. */
  private long published(String messageId, String name) {
    return StreamSupport.stream(records().messageRecords().spliterator(), false)
        .filter(
            r -> r.getIntent() == MessageIntent.PUBLISHED && r.getRecordType() == RecordType.EVENT)
        .filter(r -> messageId.equals(r.getValue().getMessageId()))
        .filter(r -> name == null || name.equals(r.getValue().getName()))
        .count();
  }

  private static CallbackUrls urls(Clock clock) {
    return new CallbackUrls(
        new CallbackProperties(
            true,
            baseUrl(),
            CALLBACK_SECRET,
            Duration.ofDays(7),
            Duration.ofHours(1),
            Duration.ofMinutes(1),
            Duration.ofMinutes(15)),
        clock);
  }

  private HttpResponse<String> postForm(String url, String form) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build());
  }

  private HttpResponse<String> postJson(String url, String json) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }
}
