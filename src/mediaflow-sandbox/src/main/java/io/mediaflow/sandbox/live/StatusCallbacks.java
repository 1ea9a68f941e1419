package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.CallbackDelivery;
import org.springframework.stereotype.Component;

/**
 * The status callback of a live stream, and the only place that sends one: on every status change, when
 * {@code params.callback_url} is set, a {@code POST} of {@code {"stream": <Stream>}} (the API's own answer shape,
 * since the document does not show the payload) as {@code application/json}. Like the service, the sandbox does not
 * retry a failed delivery and reports it nowhere.
 */
@Component
class StatusCallbacks {

  private final CallbackDelivery delivery;
  private final StreamJson streamJson;
  private final ObjectMapper json;

  StatusCallbacks(CallbackDelivery delivery, StreamJson streamJson, ObjectMapper json) {
    this.delivery = delivery;
    this.streamJson = streamJson;
    this.json = json;
  }

  /** Call right after the change, still holding the stream's lock, so the body shows the state just entered. */
  void statusChanged(LiveStream stream) {
    String url = stream.params().callbackUrl();
    if (url == null) {
      return;
    }
    try {
      delivery.post(url, "application/json", json.writeValueAsString(streamJson.answer(stream)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A stream's JSON tree could not be written", e);
    }
  }
}
