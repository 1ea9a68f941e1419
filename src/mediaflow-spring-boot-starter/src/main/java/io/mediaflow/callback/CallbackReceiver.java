package io.mediaflow.callback;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientException;
import io.mediaflow.callback.CallbackUrls.Kind;
import io.mediaflow.worker.CommandRejection;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Receives the service's callbacks and publishes them as Zeebe messages to the waiting process.
 *
 * <ul>
 *   <li>A callback whose URL does not verify (forged, altered, expired) is refused with a bare 403.
 *   <li>Each message carries a message id made of what identifies the event, so a repeated callback is refused
 *       by the engine and changes nothing.
 *   <li>Messages carry no state: the process reads the status itself when one arrives, so an event that comes
 *       late or out of order cannot move it backwards.
 *   <li>A callback for a process that no longer waits is kept for the message's time to live, then dropped.
 * </ul>
 */
@RestController
@ConditionalOnProperty(name = "mediaflow.callbacks.enabled", havingValue = "true", matchIfMissing = true)
public class CallbackReceiver {

  private static final Logger LOG = LoggerFactory.getLogger(CallbackReceiver.class);

  /** Transcoding events after which the job does nothing more; the others do not move a process. */
  private static final Set<String> FINISHING_EVENTS = Set.of("saved", "error", "restart_failed");

  private final CallbackUrls urls;
  private final CamundaClient camunda;
  private final CallbackProperties properties;

  public CallbackReceiver(CallbackUrls urls, CamundaClient camunda, CallbackProperties properties) {
    this.urls = urls;
    this.camunda = camunda;
    this.properties = properties;
  }

  /** The service's task callback: form fields {@code task_token}, {@code event}, {@code payload}, {@code status}... */
  @PostMapping(path = "/callbacks/transcoding", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
  public ResponseEntity<Void> transcoding(
      @RequestParam(required = false) String subject,
      @RequestParam(required = false) String expires,
      @RequestParam(required = false) String signature,
      @RequestParam(name = "task_token", required = false) String taskToken,
      @RequestParam(required = false) String event) {
    if (!urls.verify(Kind.TRANSCODING, subject, expires, signature) || !subject.equals(taskToken)) {
      return ResponseEntity.status(403).build();
    }
    if (event != null && FINISHING_EVENTS.contains(event)) {
      publish(CallbackMessages.TRANSCODING_JOB_FINISHED, taskToken, "transcoding:" + taskToken + ":" + event);
    }
    return ResponseEntity.noContent().build();
  }

  /** A live stream's status change: {@code {stream: <Stream>}}. */
  @PostMapping(path = "/callbacks/live", consumes = MediaType.APPLICATION_JSON_VALUE)
  public ResponseEntity<Void> live(
      @RequestParam(required = false) String subject,
      @RequestParam(required = false) String expires,
      @RequestParam(required = false) String signature,
      @RequestBody(required = false) JsonNode body) {
    if (!urls.verify(Kind.LIVE, subject, expires, signature)) {
      return ResponseEntity.status(403).build();
    }
    JsonNode stream = body == null ? null : body.path("stream");
    String id = stream == null ? null : stream.path("id").asText(null);
    String status = stream == null ? null : stream.path("status").path("name").asText(null);
    if (id == null || status == null) {
      return ResponseEntity.badRequest().build();
    }
    String at = stream.path("status").path("timestamp").asText("");
    publish(CallbackMessages.LIVE_STREAM_STATUS_CHANGED, id, "live:" + id + ":" + status + ":" + at);
    return ResponseEntity.noContent().build();
  }

  private void publish(String message, String correlationKey, String messageId) {
    try {
      camunda.newPublishMessageCommand().messageName(message).correlationKey(correlationKey)
          .messageId(messageId).timeToLive(properties.messageTimeToLive()).variables(Map.of()).send().join();
    } catch (ClientException e) {
      if (!CommandRejection.ALREADY_EXISTS.is(e)) {
        throw e;
      }
      LOG.debug("Repeated callback {} ignored", messageId);
    }
  }
}
