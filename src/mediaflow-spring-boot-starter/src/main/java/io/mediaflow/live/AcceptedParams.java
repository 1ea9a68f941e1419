package io.mediaflow.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether creation took the params it was sent. Document 2, endpoint rule 5: whether creation
 * accepts {@code callback_url}, {@code framerate} and {@code dvr} is not shown, and updating a
 * stream is not shown either (rule 3). A service that ignored them would create a stream that
 * records nothing or calls no one back, and no answer would say so; so the created stream's {@code
 * params} are compared with what was asked, and a param it shows otherwise stops the job with an
 * incident naming it.
 *
 * <p>A param the answer leaves out is "not shown", not "not taken": answers need not show every
 * field (a service that keeps {@code callback_url} may still not echo it), and were such a stream
 * to record nothing, the DVR recordings would say so ({@link
 * io.mediaflow.live.internal.DvrRecordings}). A param is not taken when the answer shows it with
 * another value: {@code dvr} null or its {@code enabled} 0 or false, or its {@code destination}
 * null, while recording was asked; {@code callback_url} null or empty; {@code framerate} another
 * number (a frame rate of 0, the input's, may be shown as the rate found). A callback URL shown in
 * another spelling counts as taken: a service may normalise a URL.
 */
final class AcceptedParams {

  private AcceptedParams() {}

  /**
   * Throws when the stream the service shows did not take a param of {@code asked}.
   *
   * @param shown the {@code stream} object of the answer, as JSON: a field left out and a field
   *     shown as null differ here
   */
  static void check(NewStream asked, JsonNode shown) {
    List<String> notTaken = notTaken(asked, shown.path("params"));
    if (notTaken.isEmpty()) {
      return;
    }
    String id = shown.path("id").asText("?");
    throw new ApiException.Misconfigured(
        "PARAMS_NOT_TAKEN",
        "Live stream "
            + id
            + " was created without "
            + String.join(", ", notTaken)
            + " as asked (document 2 does not show whether creation accepts them): it would"
            + (notTaken.stream().anyMatch(param -> param.startsWith("params.dvr"))
                ? " record nothing"
                : " not do as asked")
            + ". Set it on stream "
            + id
            + " in the service, or change the instance's variables to go on without it, then"
            + " resolve this incident: the retry takes stream "
            + id
            + " and creates no other");
  }

  private static List<String> notTaken(NewStream asked, JsonNode params) {
    var notTaken = new ArrayList<String>();
    if (asked.framerate() != null && asked.framerate() > 0) {
      JsonNode framerate = params.path("framerate");
      if (!framerate.isMissingNode()
          && !(framerate.isNumber()
              && Math.abs(framerate.asDouble() - asked.framerate()) < 0.001)) {
        notTaken.add("params.framerate (asked " + asked.framerate() + ", shown " + framerate + ")");
      }
    }
    if (asked.callbackUrl() != null) {
      JsonNode callbackUrl = params.path("callback_url");
      if (!callbackUrl.isMissingNode() && callbackUrl.asText("").isBlank()) {
        notTaken.add("params.callback_url (shown empty)");
      }
    }
    if (asked.dvr() != null && asked.dvr().isOn()) {
      JsonNode dvr = params.path("dvr");
      if (dvr.isNull()) {
        notTaken.add("params.dvr (shown null)");
      } else if (!dvr.isMissingNode()) {
        JsonNode enabled = dvr.path("enabled");
        if (!enabled.isMissingNode() && !(enabled.asInt(0) == 1 || enabled.asBoolean(false))) {
          notTaken.add("params.dvr.enabled (asked 1, shown " + enabled + ")");
        }
        if (dvr.path("destination").isNull()) {
          notTaken.add("params.dvr.destination (shown null)");
        }
      }
    }
    return notTaken;
  }
}
