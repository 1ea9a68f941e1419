package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.CallbackDelivery;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The task callbacks: when a job with a {@code callback_url} is queued, saved (completed) or fails,
 * and when it starts over after a restart of the sandbox ({@code restarted}) or cannot ({@code
 * restart_failed}), POSTs the form the service sends ({@code task_token}, {@code event}, {@code
 * payload}, {@code callback_type=task}, {@code status} = the complete status as URL-encoded JSON,
 * and {@code error_code}/{@code error_message} on errors). A delivery that fails adds a "callback
 * endpoint errors" warning to the job. All sending happens here, so delivery faults (drop, repeat,
 * delay, reorder) can be injected in this one place.
 */
@Component
class TaskCallbackSender {

  private static final String FORM = "application/x-www-form-urlencoded";

  /**
   * The {@code error_code} of a failed job: the status's {@code error} flag, 1 on any job error.
   */
  private static final int JOB_ERROR_CODE = 1;

  private final CallbackDelivery delivery;
  private final ObjectMapper json;

  TaskCallbackSender(CallbackDelivery delivery, ObjectMapper json) {
    this.delivery = delivery;
    this.json = json;
  }

  @EventListener
  void on(JobStateChanged change) {
    String event =
        switch (change.state()) {
          case QUEUED -> "queued";
          case COMPLETED -> "saved";
          case ERROR -> "error";
          default -> null;
        };
    if (event != null) {
      send(change.job(), event, change.state() == Job.State.ERROR);
    }
  }

  @EventListener
  void on(JobRestarted restart) {
    boolean failed = restart.job().state() == Job.State.ERROR;
    send(restart.job(), failed ? "restart_failed" : "restarted", failed);
  }

  private void send(Job job, String event, boolean error) {
    String url = job.query().callbackUrl();
    if (url == null) {
      return;
    }
    Map<String, Object> status = job.status(true);
    var form = new LinkedHashMap<String, String>();
    form.put("task_token", job.taskToken());
    form.put("event", event);
    form.put("payload", job.query().payload() == null ? "" : job.query().payload());
    form.put("callback_type", "task");
    form.put("status", toJson(status));
    if (error) {
      form.put("error_code", Integer.toString(JOB_ERROR_CODE));
      form.put("error_message", String.valueOf(status.get("error_description")));
    }
    delivery
        .post(url, FORM, encode(form))
        .thenAccept(
            delivered -> {
              if (!delivered) {
                job.warn(
                    new Warning(
                        Warning.CALLBACK_ENDPOINT,
                        "Callback endpoint errors.",
                        "the '"
                            + event
                            + "' callback was not accepted: the endpoint answered an error or could not be reached",
                        null));
              }
            });
  }

  private String toJson(Map<String, Object> status) {
    try {
      return json.writeValueAsString(status);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String encode(Map<String, String> form) {
    return form.entrySet().stream()
        .map(
            field ->
                field.getKey() + "=" + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
  }
}
