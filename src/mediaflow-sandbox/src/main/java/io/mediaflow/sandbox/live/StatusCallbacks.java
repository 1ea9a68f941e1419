package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.CallbackDelivery;
import io.mediaflow.sandbox.SandboxProfile;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Component;

/**
 * The status callback of a live stream, and the only place that sends one: on every status change,
 * when {@code params.callback_url} is set, a {@code POST} of {@code {"stream": <Stream>}} (the
 * API's own answer shape, since the document does not show the payload) as {@code
 * application/json}, or (variation live-callbacks-as-form) a form of {@code stream_id}, {@code
 * status} and {@code timestamp} ({@link SandboxProfile#liveCallbacksAsForm}). Like the service, the
 * sandbox does not retry a failed delivery and reports it nowhere.
 */
@Component
class StatusCallbacks {

  private final CallbackDelivery delivery;
  private final StreamJson streamJson;
  private final ObjectMapper json;
  private final SandboxProfile profile;

  StatusCallbacks(
      CallbackDelivery delivery, StreamJson streamJson, ObjectMapper json, SandboxProfile profile) {
    this.profile = profile;
    this.delivery = delivery;
    this.streamJson = streamJson;
    this.json = json;
  }

  /**
   * Call right after the change, still holding the stream's lock, so the body shows the state just
   * entered.
   */
  void statusChanged(LiveStream stream) {
    String url = stream.params().callbackUrl();
    if (url == null) {
      return;
    }
    if (profile.liveCallbacksAsForm()) {
      JsonNode status = streamJson.render(stream).path("status");
      delivery.post(
          url,
          "application/x-www-form-urlencoded",
          "stream_id="
              + form(stream.id())
              + "&status="
              + form(status.path("name").asText())
              + "&timestamp="
              + form(status.path("timestamp").asText()));
      return;
    }
    try {
      delivery.post(url, "application/json", json.writeValueAsString(streamJson.answer(stream)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A stream's JSON tree could not be written", e);
    }
  }

  private static String form(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
