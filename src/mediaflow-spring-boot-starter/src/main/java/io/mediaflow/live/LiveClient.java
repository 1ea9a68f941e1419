package io.mediaflow.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.internal.BearerJsonApi;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.api.internal.Rules;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;

/**
 * The live streaming API (document 2): streams, start and stop, playback IDs, simulcast targets.
 * The access token, bearer header and error rules are {@link BearerJsonApi}'s. Every request is
 * checked against the documented rules before it is sent (the constraints on {@link NewStream},
 * {@link Dvr} and {@link NewSimulcastTarget}); answers are typed {@link Stream}s as the service
 * sends them, secrets included: callers that hand a stream on use {@link
 * Stream#withoutSecrets(boolean)}.
 */
public class LiveClient {

  private static final String V1 = "v1";
  private static final String STREAMS = "live-streams";

  private final BearerJsonApi api;

  public LiveClient(LiveProperties properties, OkHttpClient okHttp, Clock clock) {
    this(properties, okHttp, clock, MediaflowMetrics.NONE);
  }

  /** As configured by the starter: its calls and tokens counted in {@code metrics}. */
  LiveClient(
      LiveProperties properties, OkHttpClient okHttp, Clock clock, MediaflowMetrics metrics) {
    this.api =
        new BearerJsonApi(
            properties.baseUrl(),
            "mediaflow.live.base-url",
            properties.apiKey(),
            okHttp,
            properties.timeout(),
            properties.renewTokenBefore(),
            clock,
            "live",
            metrics);
  }

  /**
   * Fetches an access token ({@code POST /v1/access_token/<api_key>}) and drops it: whether the
   * service answers and accepts the API key, for a health check.
   */
  public void verifyCredentials() {
    api.verifyCredentials();
  }

  /**
   * {@code POST /v1/live-streams}: a new stream in status created, with one public playback ID.
   * Throws {@link ApiException.Misconfigured} {@code PARAMS_NOT_TAKEN}, naming the stream, when the
   * answer shows that creation did not take {@code framerate}, {@code callback_url} or {@code dvr}
   * ({@link AcceptedParams}).
   */
  public Stream createStream(NewStream stream) {
    if (stream != null) {
      Constraints.check(stream);
    }
    JsonNode answer = api.post(stream == null ? Map.of() : stream, V1, STREAMS);
    Stream created = stream(answer);
    if (stream != null) {
      AcceptedParams.check(stream, answer.path("stream"));
    }
    return created;
  }

  /**
   * The stream an earlier {@link #createStream} made, read again and held to the same check: for a
   * create whose answer was lost, or whose params were not taken until someone set them.
   */
  public Stream createdStream(NewStream asked, String streamId) {
    checkIds("stream_id", streamId);
    JsonNode answer = api.get(V1, STREAMS, streamId);
    Stream stream = stream(answer);
    if (asked != null) {
      AcceptedParams.check(asked, answer.path("stream"));
    }
    return stream;
  }

  /** {@code GET /v1/live-streams/<stream_id>}. */
  public Stream getStream(String streamId) {
    checkIds("stream_id", streamId);
    return stream(api.get(V1, STREAMS, streamId));
  }

  /** {@code GET /v1/live-streams} with the filter's conditions as query parameters. */
  public List<Stream> listStreams(StreamFilter filter) {
    JsonNode answer =
        api.get((filter == null ? StreamFilter.all() : filter).conditions(), V1, STREAMS);
    JsonNode streams = answer.path("streams");
    if (!streams.isArray()) {
      throw badAnswer("GET /v1/live-streams", "streams");
    }
    var list = new ArrayList<Stream>();
    streams.forEach(stream -> list.add(ApiJson.MAPPER.convertValue(stream, Stream.class)));
    return list;
  }

  /**
   * {@code POST /v1/live-streams/<stream_id>/start}: a transcoder is allocated (starting, then
   * waiting).
   */
  public Stream startStream(String streamId) {
    checkIds("stream_id", streamId);
    return stream(api.post(null, V1, STREAMS, streamId, "start"));
  }

  /**
   * {@code POST /v1/live-streams/<stream_id>/stop}: stopping, then stopped; the transcoder is
   * freed.
   */
  public Stream stopStream(String streamId) {
    checkIds("stream_id", streamId);
    return stream(api.post(null, V1, STREAMS, streamId, "stop"));
  }

  /** {@code POST /v1/live-streams/<stream_id>/playback-ids} with {@code {"policy": ...}}. */
  public Stream addPlaybackId(String streamId, PlaybackPolicy policy) {
    checkIds("stream_id", streamId);
    new Rules()
        .require(policy != null, "policy", "is required: public or authenticated")
        .throwIfBroken();
    return stream(api.post(Map.of("policy", policy), V1, STREAMS, streamId, "playback-ids"));
  }

  /**
   * {@code DELETE /v1/live-streams/<stream_id>/playback-ids/<playback_id>}: the updated stream (see
   * {@link #deleted}).
   */
  public Stream deletePlaybackId(String streamId, String playbackId) {
    checkIds("stream_id", streamId, "playback_id", playbackId);
    return deleted(api.delete(V1, STREAMS, streamId, "playback-ids", playbackId), streamId);
  }

  /**
   * {@code POST /v1/live-streams/<stream_id>/simulcast-targets} with {@code url} and {@code
   * stream_key}.
   */
  public Stream addSimulcastTarget(String streamId, NewSimulcastTarget target) {
    checkIds("stream_id", streamId);
    new Rules()
        .require(target != null, "url", "must be the target's rtmp:// or rtmps:// ingest URL")
        .throwIfBroken();
    Constraints.check(target);
    return stream(api.post(target, V1, STREAMS, streamId, "simulcast-targets"));
  }

  /**
   * {@code DELETE /v1/live-streams/<stream_id>/simulcast-targets/<target_id>}: the updated stream
   * (see {@link #deleted}).
   */
  public Stream deleteSimulcastTarget(String streamId, String targetId) {
    checkIds("stream_id", streamId, "target_id", targetId);
    return deleted(api.delete(V1, STREAMS, streamId, "simulcast-targets", targetId), streamId);
  }

  private static void checkIds(String... fieldsAndIds) {
    var rules = new Rules();
    for (int i = 0; i < fieldsAndIds.length; i += 2) {
      String id = fieldsAndIds[i + 1];
      rules.require(id != null && !id.isBlank(), fieldsAndIds[i], "is required");
    }
    rules.throwIfBroken();
  }

  /**
   * A delete's answer: the endpoint table shows {@code {stream}} updated, and section 7 says that
   * operations that delete return a status {@code ok} or {@code failed}. Either is taken ({@code
   * failed} is already a rejection, see {@link BearerJsonApi}); after {@code {status: "ok"}} the
   * stream is read again, so the caller gets the updated stream either way.
   */
  private Stream deleted(JsonNode answer, String streamId) {
    if (!answer.has("stream") && "ok".equals(answer.path("status").asText())) {
      return getStream(streamId);
    }
    return stream(answer);
  }

  private static Stream stream(JsonNode answer) {
    JsonNode stream = answer.path("stream");
    if (!stream.isObject()) {
      throw badAnswer("the live streaming API", "stream");
    }
    return ApiJson.MAPPER.convertValue(stream, Stream.class);
  }

  private static ApiException badAnswer(String endpoint, String field) {
    return new ApiException.Transient(
        "BAD_ANSWER", endpoint + " answered without " + field, null, null);
  }
}
