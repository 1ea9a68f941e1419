package io.mediaflow.live.worker;

import io.mediaflow.live.Dvr;
import io.mediaflow.live.NewStream;
import io.mediaflow.live.StreamFormat;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;
import okhttp3.HttpUrl;

@Operation(
    type = "mediaflow.live.create_stream",
    name = "Live: create stream",
    description =
        "Creates a live stream (POST /v1/live-streams) in status created, with the RTMP server URL and one public playback ID. Every documented rule (frame rate at most 30, DVR destinations, formats, max_file_duration up to 21600, ...) is checked before anything is sent; a broken rule is an incident that names the field. The result leaves out the stream key unless asked for, and masks DVR credentials.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"BAD_REQUEST", "FAILED"})
record CreateStreamInput(
    @Input(label = "Name") String name,
    @Input(label = "Input format", choicesFrom = StreamFormat.Input.class, value = "rtmp")
        String inputFormat,
    @Input(label = "Output format", choicesFrom = StreamFormat.Output.class, value = "hls")
        String outputFormat,
    @Input(
            label = "Stream timeout (s)",
            description =
                "Seconds without input before the service stops the stream; 120 by default. Above 120, a waiting or idle stream is billed like a live one")
        Integer streamTimeout,
    @Input(
            label = "Playback domain",
            description = "FQDN of a live playback domain of the content delivery API")
        String playbackDomain,
    @Input(label = "Frame rate", description = "0 keeps the input frame rate; at most 30")
        Double framerate,
    @Input(
            label = "Callback URL",
            description =
                "Receives an update on each status change; empty: Mediaflow's own receiver, which turns them into live-stream-status-changed messages. Gets the query parameter mediaflow_marker, by which a create whose answer was lost finds its stream")
        String callbackUrl,
    @Input(
            label = "DVR",
            description =
                "Recording settings as in the API, with credentials as secret references, e.g. {enabled: 1, destination: {url: \"s3://bucket/folder\", access_key: \"{{secrets.DVR_ACCESS_KEY}}\", secret_key: \"{{secrets.DVR_SECRET_KEY}}\"}, format: [\"mp4\", \"hls\"], max_file_duration: 3600}")
        Dvr dvr,
    @Input(
            label = "Include the stream key",
            description = "Only where a person must paste it into an encoder; false by default")
        Boolean includeStreamKey) {

  /**
   * The query parameter of a new stream's callback URL that carries the job's marker: the only
   * field of a stream, besides its name, that the caller chooses and the service shows again.
   */
  static final String MARKER_PARAMETER = "mediaflow_marker";

  /**
   * The callback URL the stream gets, the model's or else Mediaflow's signed one, with the job's
   * marker; empty when there is neither (callbacks off), and then the stream carries no marker.
   */
  java.util.Optional<String> markedCallbackUrl(
      java.util.Optional<String> signedCallbackUrl, String marker) {
    return java.util.Optional.ofNullable(callbackUrl)
        .or(() -> signedCallbackUrl)
        .map(
            url -> {
              HttpUrl parsed = HttpUrl.parse(url);
              // A URL the API would refuse anyway goes as given: the rules name the problem.
              return parsed == null
                  ? url
                  : parsed
                      .newBuilder()
                      .setQueryParameter(MARKER_PARAMETER, marker)
                      .build()
                      .toString();
            });
  }

  /** The marker in a stream's callback URL, or null. */
  static String markerOf(String callbackUrl) {
    HttpUrl parsed = callbackUrl == null ? null : HttpUrl.parse(callbackUrl);
    return parsed == null ? null : parsed.queryParameter(MARKER_PARAMETER);
  }

  /** The stream to create, with the callback URL from {@link #markedCallbackUrl}. */
  NewStream newStream(java.util.Optional<String> callback) {
    return new NewStream(
        name,
        inputFormat,
        outputFormat,
        streamTimeout,
        playbackDomain,
        framerate,
        callback.orElse(null),
        dvr);
  }

  boolean keepStreamKey() {
    return Boolean.TRUE.equals(includeStreamKey);
  }
}
