package io.mediaflow.live.worker;

import io.mediaflow.api.internal.Secrets;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.NewSimulcastTarget;
import io.mediaflow.live.Stream;
import io.mediaflow.worker.internal.OperationHandler;
import jakarta.validation.constraints.NotBlank;
import java.util.List;
import java.util.Optional;

@Operation(
    type = "mediaflow.live.add_simulcast_target",
    name = "Live: add simulcast target",
    description =
        "Re-streams a live stream to an external RTMP ingest (POST /v1/live-streams/<stream_id>/simulcast-targets). The result is the stream with the target in simulcast_targets; target stream keys are masked.",
    resultVariable = "liveStream",
    sideEffect = true,
    errors = {"NOT_FOUND", "BAD_REQUEST"})
record AddSimulcastTargetInput(
    @NotBlank @Input(label = "Stream ID", value = "=liveStream.id") String streamId,
    @NotBlank
        @Input(
            label = "Target URL",
            description = "The re-streaming service's rtmp:// or rtmps:// ingest URL")
        String url,
    @NotBlank
        @Input(
            label = "Target stream key",
            description =
                "Authenticates against the target: a secret reference such as {{secrets.YOUTUBE_STREAM_KEY}}; never written to a result")
        String streamKey) {

  NewSimulcastTarget target() {
    return new NewSimulcastTarget(url, streamKey);
  }

  @Override
  public String toString() {
    return "AddSimulcastTargetInput[streamId="
        + streamId
        + ", url="
        + url
        + ", streamKey="
        + Secrets.mask(streamKey)
        + "]";
  }

  static OperationHandler<AddSimulcastTargetInput> handler(LiveClient client) {
    return OperationHandler.create(
        AddSimulcastTargetInput.class,
        (input, job) ->
            LiveWorkers.shown(client.addSimulcastTarget(input.streamId(), input.target())),
        (input, job) -> findSimulcastTarget(client, input));
  }

  /**
   * The stream already re-streaming to this URL with this key: the target an earlier attempt added.
   * Were it anyone else's, a second would only push the stream twice to one key, which the target
   * refuses or mixes.
   */
  private static Optional<Stream> findSimulcastTarget(
      LiveClient client, AddSimulcastTargetInput input) {
    Stream stream = client.getStream(input.streamId());
    return Optional.ofNullable(stream.simulcastTargets()).orElse(List.of()).stream()
        .filter(
            target ->
                input.url().equals(target.url()) && input.streamKey().equals(target.streamKey()))
        .findFirst()
        .map(target -> LiveWorkers.shown(stream));
  }
}
