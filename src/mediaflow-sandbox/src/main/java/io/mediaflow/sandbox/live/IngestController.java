package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Sandbox control endpoints, outside the service's API and without a bearer token: the simulated
 * ingest stands in for an encoder in tests that need no media (a real encoder pushes over RTMP
 * instead, see {@link RtmpIngest}), the recordings list shows what DVR wrote, each with a link that
 * downloads it from the storage that stands for the destinations ({@link DvrStorageController}),
 * presigned with the destination's credentials.
 */
@RestController
class IngestController {

  private static final String CONTROL = "/sandbox/live-streams/{id}";

  private final LiveStreams streams;
  private final StreamStateMachine stateMachine;
  private final StreamJson streamJson;
  private final ObjectMapper json;
  private final DvrAccess dvrAccess;

  IngestController(
      LiveStreams streams,
      StreamStateMachine stateMachine,
      StreamJson streamJson,
      ObjectMapper json,
      DvrAccess dvrAccess) {
    this.streams = streams;
    this.stateMachine = stateMachine;
    this.streamJson = streamJson;
    this.json = json;
    this.dvrAccess = dvrAccess;
  }

  /**
   * {@code {"action": "start" | "stop"}}; on start, {@code input_format} optionally names the
   * server URL the encoder uses (the stream's own {@code params.input_format} by default). Answers
   * {@code {"stream": <Stream>}}.
   */
  @PostMapping(CONTROL + "/ingest")
  ObjectNode ingest(@PathVariable String id, HttpEntity<String> http) {
    LiveStream stream = streams.get(id);
    LiveRequestBody request = LiveRequestBody.parse(http, json);
    request.allowOnly(Set.of("action", "input_format"));
    String action = request.requiredOneOf("action", List.of("start", "stop"));
    if (action.equals("start")) {
      String format =
          request.oneOf(
              "input_format", StreamParamsValidator.INPUT_FORMATS, stream.params().inputFormat());
      stateMachine.ingestStarted(stream, format);
    } else {
      stateMachine.ingestStopped(stream);
    }
    return streamJson.answer(stream);
  }

  /**
   * {@code {"recordings": [{location, bucket, path, format, duration, url}]}}, in the order they
   * were finished.
   */
  @GetMapping(CONTROL + "/recordings")
  Map<String, List<Recording>> recordings(@PathVariable String id) {
    LiveStream stream = streams.get(id);
    return Map.of(
        "recordings",
        stream.recordings().stream()
            .map(recording -> recording.withUrl(dvrAccess.downloadUrl(stream, recording)))
            .toList());
  }
}
