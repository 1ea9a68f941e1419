package io.mediaflow.live;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaflow.api.ApiException;
import io.mediaflow.api.ApiJson;
import io.mediaflow.api.internal.BearerJsonApi;
import io.mediaflow.api.internal.Constraints;
import io.mediaflow.observability.internal.MediaflowMetrics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;

/**
 * The live streaming API (document 2): streams, start and stop, playback IDs, simulcast targets.
 * The access token, bearer header and error rules are {@link BearerJsonApi}'s. Each call takes its
 * operation's request record ({@link NewStream}, {@link AddSimulcastTarget}, {@link GetStream},
 * ...), whose constraints are the documented rules (the worker of the operation reads the same
 * record from a job's variables), and checks it before anything is sent, naming the fields as the
 * API does ({@code stream_id}); answers are typed {@link Stream}s as the service sends them,
 * secrets included: callers that hand a stream on use {@link Stream#withoutSecrets(boolean)}.
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
  public Stream createdStream(NewStream asked, GetStream created) {
    Constraints.check(created);
    JsonNode answer = api.get(V1, STREAMS, created.streamId());
    Stream stream = stream(answer);
    if (asked != null) {
      AcceptedParams.check(asked, answer.path("stream"));
    }
    return stream;
  }

  /** {@code GET /v1/live-streams/<stream_id>}. */
  public Stream getStream(GetStream request) {
    Constraints.check(request);
    return stream(api.get(V1, STREAMS, request.streamId()));
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
  public Stream startStream(StartStream request) {
    Constraints.check(request);
    return stream(api.post(null, V1, STREAMS, request.streamId(), "start"));
  }

  /**
   * {@code POST /v1/live-streams/<stream_id>/stop}: stopping, then stopped; the transcoder is
   * freed.
   */
  public Stream stopStream(StopStream request) {
    Constraints.check(request);
    return stream(api.post(null, V1, STREAMS, request.streamId(), "stop"));
  }

  /** {@code POST /v1/live-streams/<stream_id>/playback-ids} with {@code {"policy": ...}}. */
  public Stream addPlaybackId(AddPlaybackId request) {
    Constraints.check(request);
    return stream(
        api.post(
            Map.of("policy", request.policy()), V1, STREAMS, request.streamId(), "playback-ids"));
  }

  /**
   * {@code DELETE /v1/live-streams/<stream_id>/playback-ids/<playback_id>}: the updated stream (see
   * {@link #deleted}).
   */
  public Stream deletePlaybackId(DeletePlaybackId request) {
    Constraints.check(request);
    return deleted(
        api.delete(V1, STREAMS, request.streamId(), "playback-ids", request.playbackId()),
        request.streamId());
  }

  /**
   * {@code POST /v1/live-streams/<stream_id>/simulcast-targets} with {@code url} and {@code
   * stream_key}.
   */
  public Stream addSimulcastTarget(AddSimulcastTarget request) {
    Constraints.check(request);
    var body = new LinkedHashMap<String, String>();
    body.put("url", request.url());
    body.put("stream_key", request.streamKey());
    return stream(api.post(body, V1, STREAMS, request.streamId(), "simulcast-targets"));
  }

  /**
   * {@code DELETE /v1/live-streams/<stream_id>/simulcast-targets/<target_id>}: the updated stream
   * (see {@link #deleted}).
   */
  public Stream deleteSimulcastTarget(DeleteSimulcastTarget request) {
    Constraints.check(request);
    return deleted(
        api.delete(V1, STREAMS, request.streamId(), "simulcast-targets", request.targetId()),
        request.streamId());
  }

  /**
   * A delete's answer: the endpoint table shows {@code {stream}} updated, and section 7 says that
   * operations that delete return a status {@code ok} or {@code failed}. Either is taken ({@code
   * failed} is already a rejection, see {@link BearerJsonApi}); after {@code {status: "ok"}} the
   * stream is read again, so the caller gets the updated stream either way.
   */
  private Stream deleted(JsonNode answer, String streamId) {
    if (!answer.has("stream") && "ok".equals(answer.path("status").asText())) {
      return getStream(new GetStream(streamId));
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
