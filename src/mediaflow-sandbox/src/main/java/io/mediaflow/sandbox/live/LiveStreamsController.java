package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.sandbox.SandboxProfile;
import io.mediaflow.sandbox.StatusBody;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The live streaming API's stream operations under {@code {live_base_url}/v1/live-streams}; each
 * answers {@code {"stream": <Stream>}} (the list {@code {"streams": [...]}}), with HTTP 200.
 */
@RestController
@RequestMapping(LiveWebConfiguration.API + "/live-streams")
class LiveStreamsController {

  private static final List<String> SIMULCAST_SCHEMES = List.of("rtmp", "rtmps");

  private final LiveStreams streams;
  private final StreamStateMachine stateMachine;
  private final StreamParamsValidator validator;
  private final StreamJson streamJson;

  /**
   * Variation: deletes answer {@code {"status": "ok"}}, and a delete of what is not there {@code
   * {"status": "failed"}} with HTTP 200, as document 2 section 7 allows ("operations that delete
   * ... return a status that is ok or failed"), instead of {@code {stream}} and a 404.
   */
  static final String DELETES_ANSWER_STATUS = "deletes-answer-status";

  /**
   * Variation: creation checks {@code dvr} and {@code callback_url} but does not take them
   * (document 2, rule 5: whether creation accepts them is not shown); the stream shows the
   * defaults, DVR off and no callback URL, records nothing and calls no one back.
   */
  static final String CREATE_IGNORES_DVR = "create-ignores-dvr";

  private final ObjectMapper json;
  private final SandboxProfile profile;

  LiveStreamsController(
      LiveStreams streams,
      StreamStateMachine stateMachine,
      StreamParamsValidator validator,
      StreamJson streamJson,
      ObjectMapper json,
      SandboxProfile profile) {
    this.streams = streams;
    this.stateMachine = stateMachine;
    this.validator = validator;
    this.streamJson = streamJson;
    this.json = json;
    this.profile = profile;
  }

  @PostMapping
  ObjectNode create(HttpEntity<String> http) {
    StreamParamsValidator.NewStream request = validator.read(LiveRequestBody.parse(http, json));
    if (profile.varies(CREATE_IGNORES_DVR)) {
      LiveStreamParams params = request.params();
      request =
          new StreamParamsValidator.NewStream(
              request.name(),
              request.playbackDomain(),
              new LiveStreamParams(
                  params.inputFormat(),
                  params.outputFormat(),
                  params.framerate(),
                  params.mode(),
                  null,
                  params.streamTimeout(),
                  DvrParams.disabled()));
    }
    return streamJson.answer(streams.create(request));
  }

  @GetMapping
  ObjectNode list(@RequestParam MultiValueMap<String, String> filters) {
    LiveStreamFilter filter = LiveStreamFilter.of(filters);
    ObjectNode answer = json.createObjectNode();
    var list = answer.putArray("streams");
    streams.all().stream().map(streamJson::render).filter(filter::matches).forEach(list::add);
    return answer;
  }

  @GetMapping("/{id}")
  ObjectNode get(@PathVariable String id) {
    return streamJson.answer(streams.get(id));
  }

  @PostMapping("/{id}/start")
  ObjectNode start(@PathVariable String id) {
    LiveStream stream = streams.get(id);
    stateMachine.start(stream);
    return streamJson.answer(stream);
  }

  @PostMapping("/{id}/stop")
  ObjectNode stop(@PathVariable String id) {
    LiveStream stream = streams.get(id);
    stateMachine.stop(stream);
    return streamJson.answer(stream);
  }

  /** Body {@code {"policy": "public" | "authenticated"}}; the policy is required. */
  @PostMapping("/{id}/playback-ids")
  ObjectNode addPlaybackId(@PathVariable String id, HttpEntity<String> http) {
    LiveStream stream = streams.get(id);
    LiveRequestBody request = LiveRequestBody.parse(http, json);
    request.allowOnly(Set.of("policy"));
    streams.addPlaybackId(stream, request.requiredOneOf("policy", LivePlaybackId.POLICIES));
    return streamJson.answer(stream);
  }

  @DeleteMapping("/{id}/playback-ids/{playbackId}")
  Object removePlaybackId(@PathVariable String id, @PathVariable String playbackId) {
    LiveStream stream = streams.get(id);
    return deleted(stream, () -> streams.removePlaybackId(stream, playbackId));
  }

  /** Body {@code {"url": "rtmp(s)://...", "stream_key": "..."}}, both required. */
  @PostMapping("/{id}/simulcast-targets")
  ObjectNode addSimulcastTarget(@PathVariable String id, HttpEntity<String> http) {
    LiveStream stream = streams.get(id);
    LiveRequestBody request = LiveRequestBody.parse(http, json);
    request.allowOnly(Set.of("url", "stream_key"));
    String url =
        request
            .url("url", SIMULCAST_SCHEMES)
            .orElseThrow(
                () ->
                    LiveApiException.invalid(
                        "url", "required; the target's rtmp:// or rtmps:// ingest URL"));
    streams.addSimulcastTarget(stream, url, request.requiredText("stream_key"));
    return streamJson.answer(stream);
  }

  @DeleteMapping("/{id}/simulcast-targets/{targetId}")
  Object removeSimulcastTarget(@PathVariable String id, @PathVariable String targetId) {
    LiveStream stream = streams.get(id);
    return deleted(stream, () -> streams.removeSimulcastTarget(stream, targetId));
  }

  /** The answer of a delete: the updated stream, or in the variation a status. */
  private Object deleted(LiveStream stream, Runnable delete) {
    if (!profile.varies(DELETES_ANSWER_STATUS)) {
      delete.run();
      return streamJson.answer(stream);
    }
    try {
      delete.run();
      return StatusBody.OK;
    } catch (LiveApiException e) {
      if (e.status() != HttpStatus.NOT_FOUND) {
        throw e;
      }
      return StatusBody.failed(e.getMessage());
    }
  }
}
