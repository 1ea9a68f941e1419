package io.mediaflow.live.worker;

import io.mediaflow.live.Dvr;
import io.mediaflow.live.NewStream;
import io.mediaflow.worker.Input;
import io.mediaflow.worker.Operation;

@Operation(
    type = "mediaflow.live.create_stream",
    name = "Live: create stream",
    description = "Creates a live stream (POST /v1/live-streams) in status created, with the RTMP server URL and one public playback ID. Every documented rule (frame rate at most 30, DVR destinations, formats, max_file_duration up to 21600, ...) is checked before anything is sent; a broken rule is an incident that names the field. The result leaves out the stream key unless asked for, and masks DVR credentials.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"BAD_REQUEST", "FAILED"})
public record CreateStreamInput(
    @Input(label = "Name") String name,
    @Input(label = "Input format", choices = {"rtmp", "webrtc", "srt"}, value = "rtmp") String inputFormat,
    @Input(label = "Output format", choices = {"hls", "cmaf"}, value = "hls") String outputFormat,
    @Input(label = "Stream timeout (s)", description = "Seconds without input before the service stops the stream; 120 by default. Above 120, a waiting or idle stream is billed like a live one") Integer streamTimeout,
    @Input(label = "Playback domain", description = "FQDN of a live playback domain of the content delivery API") String playbackDomain,
    @Input(label = "Frame rate", description = "0 keeps the input frame rate; at most 30") Double framerate,
    @Input(label = "Callback URL", description = "Receives an update on each status change; empty: Mediaflow's own receiver, which turns them into live-stream-status-changed messages") String callbackUrl,
    @Input(label = "DVR", description = "Recording settings as in the API, e.g. {enabled: 1, destination: {url: \"s3://bucket/folder\", access_key: ..., secret_key: ...}, format: [\"mp4\", \"hls\"], max_file_duration: 3600}") Dvr dvr,
    @Input(label = "Include the stream key", description = "Only where a person must paste it into an encoder; false by default") Boolean includeStreamKey) {

  /** The stream to create; {@code signedCallbackUrl} goes to the service when the model names no callback URL. */
  NewStream newStream(java.util.Optional<String> signedCallbackUrl) {
    String callback = callbackUrl != null ? callbackUrl : signedCallbackUrl.orElse(null);
    return new NewStream(name, inputFormat, outputFormat, streamTimeout, playbackDomain, framerate, callback, dvr);
  }

  boolean keepStreamKey() {
    return Boolean.TRUE.equals(includeStreamKey);
  }
}
