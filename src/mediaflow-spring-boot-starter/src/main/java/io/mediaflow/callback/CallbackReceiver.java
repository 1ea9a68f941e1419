package io.mediaflow.callback;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.callback.internal.CallbackUrls.Kind;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.observability.internal.MediaflowMetrics.CallbackOutcome;
import io.mediaflow.worker.internal.CommandRejection;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Receives the service's callbacks and publishes them as Zeebe messages to the waiting process.
 *
 * <ul>
 *   <li>A callback whose URL does not verify (forged, altered, expired) is refused with a bare 403.
 *   <li>Each message carries a message id made of what identifies the event, so a repeated callback
 *       is refused by the engine and changes nothing.
 *   <li>Messages carry no state: the process reads the status itself when one arrives, so an event
 *       that comes late or out of order cannot move it backwards.
 *   <li>A callback for a process that no longer waits is kept for the message's time to live, then
 *       dropped.
 * </ul>
 *
 * <p>Each callback is counted by its outcome, and what it is for (the task token, or the process
 * instance that created the stream) is in the log context of every line logged while it is handled.
 */
@RestController
@ConditionalOnProperty(
    name = "mediaflow.callbacks.enabled",
    havingValue = "true",
    matchIfMissing = true)
class CallbackReceiver {

  private static final Logger LOG = LoggerFactory.getLogger(CallbackReceiver.class);

  /**
   * Task events after which the job does nothing more ({@code error} may still be followed by the
   * service's own {@code restarted}): they publish {@link
   * CallbackMessages#TRANSCODING_JOB_FINISHED}. Every other event ({@code queued}, {@code
   * restarted}, any per-rendition callback, a word the README does not list) publishes {@link
   * CallbackMessages#TRANSCODING_JOB_EVENT}.
   */
  private static final Set<String> FINISHING_EVENTS = Set.of("saved", "error", "restart_failed");

  /** The log context's key for the task a transcoding callback is about. */
  static final String TASK_TOKEN = "taskToken";

  /** The log context's key for the process instance a live callback is about, as a job's. */
  static final String PROCESS_INSTANCE_KEY = "processInstanceKey";

  private static final String TRANSCODING = "transcoding";
  private static final String LIVE = "live";

  private final CallbackUrls urls;
  private final CamundaClient camunda;
  private final CallbackProperties properties;
  private final MediaflowMetrics metrics;
  private final LogContext logs;

  public CallbackReceiver(
      CallbackUrls urls,
      CamundaClient camunda,
      CallbackProperties properties,
      MediaflowMetrics metrics,
      LogContext logs) {
    this.urls = urls;
    this.camunda = camunda;
    this.properties = properties;
    this.metrics = metrics;
    this.logs = logs;
  }

  /**
   * The service's task callback: form fields {@code task_token}, {@code event}, {@code payload},
   * {@code callback_type}, {@code status}... (the spec's README). Document 3 does not show the
   * payload, so the same fields are read from a JSON body too. The signed URL names the job: a body
   * whose {@code task_token} differs (or is absent) changes nothing but a warning. Deduplicated on
   * task token and event (the README: callbacks may repeat), per-rendition callbacks ({@code
   * callback_type=stream}) apart from the task's own, so that a rendition's {@code saved} is not
   * mistaken for the job's.
   */
  @PostMapping(
      path = "/callbacks/transcoding",
      consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
  public ResponseEntity<Void> transcoding(
      @RequestParam(name = CallbackUrls.TOKEN, required = false) String token,
      @RequestParam(name = "task_token", required = false) String taskToken,
      @RequestParam(required = false) String event,
      @RequestParam(name = "callback_type", required = false) String callbackType) {
    var subject = urls.verifiedSubject(Kind.TRANSCODING, token);
    if (subject.isEmpty()) {
      return refused(TRANSCODING);
    }
    String job = subject.get();
    try (var logged = logs.put(Map.of(TASK_TOKEN, job))) {
      if (!job.equals(taskToken)) {
        LOG.warn(
            "Transcoding callback for task {} named task_token {} in its body; the signed URL decides",
            job,
            taskToken);
      }
      if (event == null || event.isBlank()) {
        return malformed(TRANSCODING);
      }
      boolean perRendition = "stream".equals(callbackType);
      if (!perRendition && FINISHING_EVENTS.contains(event)) {
        publish(
            TRANSCODING,
            CallbackMessages.TRANSCODING_JOB_FINISHED,
            job,
            "transcoding:" + job + ":" + event);
      } else {
        publish(
            TRANSCODING,
            CallbackMessages.TRANSCODING_JOB_EVENT,
            job,
            "transcoding:" + job + (perRendition ? ":stream:" : ":") + event);
      }
      return ResponseEntity.noContent().build();
    }
  }

  /** {@link #transcoding} for a task callback sent as JSON: {@code {task_token, event, ...}}. */
  @PostMapping(path = "/callbacks/transcoding", consumes = MediaType.APPLICATION_JSON_VALUE)
  public ResponseEntity<Void> transcodingJson(
      @RequestParam(name = CallbackUrls.TOKEN, required = false) String token,
      @RequestBody(required = false) JsonNode body) {
    JsonNode fields = body == null ? MissingNode.getInstance() : body;
    return transcoding(
        token,
        fields.path("task_token").asText(null),
        fields.path("event").asText(null),
        fields.path("callback_type").asText(null));
  }

  /**
   * A live stream's status change. Document 2 does not show the payload: read here are a stream
   * ({@code {stream: <Stream>}} or the bare Stream, its {@code status} an object with {@code name}
   * and {@code timestamp} or the name alone) sent as JSON, or as a form with the stream's JSON in
   * {@code stream} or the flat fields {@code id} (or {@code stream_id}), {@code status} and {@code
   * timestamp}.
   */
  @PostMapping(path = "/callbacks/live", consumes = MediaType.APPLICATION_JSON_VALUE)
  public ResponseEntity<Void> live(
      @RequestParam(name = CallbackUrls.TOKEN, required = false) String token,
      @RequestBody(required = false) JsonNode body) {
    var subject = urls.verifiedSubject(Kind.LIVE, token);
    if (subject.isEmpty()) {
      return refused(LIVE);
    }
    try (var logged = logs.put(Map.of(PROCESS_INSTANCE_KEY, subject.get()))) {
      JsonNode stream =
          body == null
              ? MissingNode.getInstance()
              : body.has("stream") ? body.path("stream") : body;
      String id = stream.path("id").asText(null);
      JsonNode status = stream.path("status");
      String name = status.isTextual() ? status.asText() : status.path("name").asText(null);
      if (id == null || name == null) {
        return malformed(LIVE);
      }
      String at =
          status.isTextual()
              ? stream.path("timestamp").asText("")
              : status.path("timestamp").asText("");
      publish(
          LIVE,
          CallbackMessages.LIVE_STREAM_STATUS_CHANGED,
          id,
          "live:" + id + ":" + name + ":" + at);
      return ResponseEntity.noContent().build();
    }
  }

  /** {@link #live} for a status change sent as a form. */
  @PostMapping(path = "/callbacks/live", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
  public ResponseEntity<Void> liveForm(
      @RequestParam(name = CallbackUrls.TOKEN, required = false) String token,
      @RequestParam MultiValueMap<String, String> form) {
    JsonNode stream;
    try {
      stream =
          form.getFirst("stream") != null
              ? ApiJson.MAPPER.readTree(form.getFirst("stream"))
              : flatStream(form);
    } catch (JsonProcessingException notJson) {
      // No stream to read: refused as a body without one is, once the URL verifies.
      stream = MissingNode.getInstance();
    }
    return live(token, stream);
  }

  /**
   * A stream of the form's flat fields; {@code status} may hold the status object's JSON or only
   * its name.
   */
  private static ObjectNode flatStream(MultiValueMap<String, String> form)
      throws JsonProcessingException {
    ObjectNode stream = ApiJson.MAPPER.createObjectNode();
    String id = form.getFirst("id") != null ? form.getFirst("id") : form.getFirst("stream_id");
    String status = form.getFirst("status");
    stream.put("id", id);
    if (status != null && status.strip().startsWith("{")) {
      stream.set("status", ApiJson.MAPPER.readTree(status));
    } else {
      stream.put("status", status);
      stream.put("timestamp", form.getFirst("timestamp"));
    }
    return stream;
  }

  /** A callback whose URL does not verify: a bare 403, which tells a forger nothing. */
  private ResponseEntity<Void> refused(String api) {
    metrics.callback(api, CallbackOutcome.REFUSED_SIGNATURE);
    return ResponseEntity.status(403).build();
  }

  private ResponseEntity<Void> malformed(String api) {
    metrics.callback(api, CallbackOutcome.MALFORMED);
    return ResponseEntity.badRequest().build();
  }

  private void publish(String api, String message, String correlationKey, String messageId) {
    try {
      camunda
          .newPublishMessageCommand()
          .messageName(message)
          .correlationKey(correlationKey)
          .messageId(messageId)
          .timeToLive(properties.messageTimeToLive())
          .send()
          .join();
    } catch (ClientException e) {
      if (!CommandRejection.ALREADY_EXISTS.is(e)) {
        throw e;
      }
      metrics.callback(api, CallbackOutcome.DUPLICATE);
      LOG.debug("Repeated callback {} ignored", messageId);
      return;
    }
    metrics.callback(api, CallbackOutcome.ACCEPTED);
    metrics.messagePublished(message);
    LOG.debug("Callback {} published as message {}", messageId, message);
  }
}
