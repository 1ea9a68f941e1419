package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.callback.CallbackUrls;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.live.StreamState;
import io.mediaflow.live.dvr.DvrRecordings;
import io.mediaflow.live.dvr.DvrStorage;
import io.mediaflow.worker.JobContext;
import io.mediaflow.worker.OperationHandler;
import io.mediaflow.worker.OperationHandlers;
import io.mediaflow.worker.OperationWorkers;
import io.mediaflow.worker.Poll;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How each operation of the live streaming API (document 2), and a wait for a stream status, is carried out;
 * {@link OperationWorkers} opens the workers. Every result is a stream without secrets: simulcast keys and DVR
 * credentials masked, the stream key only where the model asks for it.
 */
public class LiveWorkers implements OperationHandlers {

  private final LiveClient client;
  private final CallbackUrls callbacks;
  private final DvrRecordings recordings;

  public LiveWorkers(LiveClient client, CallbackUrls callbacks, DvrStorage dvrStorage) {
    this.callbacks = callbacks;
    this.client = client;
    this.recordings = new DvrRecordings(dvrStorage);
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(
        OperationHandler.create(CreateStreamInput.class, this::createStream, this::findCreatedStream),
        OperationHandler.call(GetStreamInput.class, input -> client.getStream(input.streamId()).withoutSecrets(input.keepStreamKey())),
        OperationHandler.call(ListStreamsInput.class,
            input -> client.listStreams(StreamFilter.of(input.filters())).stream().map(LiveWorkers::shown).toList()),
        OperationHandler.call(StartStreamInput.class, input -> shown(client.startStream(input.streamId()))),
        OperationHandler.call(StopStreamInput.class, input -> shown(client.stopStream(input.streamId()))),
        OperationHandler.call(AddPlaybackIdInput.class, input -> shown(client.addPlaybackId(input.streamId(), input.policy()))),
        OperationHandler.call(DeletePlaybackIdInput.class,
            input -> shown(client.deletePlaybackId(input.streamId(), input.playbackId()))),
        OperationHandler.create(AddSimulcastTargetInput.class,
            (input, job) -> shown(client.addSimulcastTarget(input.streamId(), input.target())), this::findSimulcastTarget),
        OperationHandler.call(DeleteSimulcastTargetInput.class,
            input -> shown(client.deleteSimulcastTarget(input.streamId(), input.targetId()))),
        OperationHandler.poll(WaitForStatusInput.class, this::waitForStatus),
        OperationHandler.call(DvrRecordingsInput.class, input -> recordings.of(client.getStream(input.streamId()),
            input.dvr(), input.downloadUrlLifetime() == null ? Duration.ofHours(24) : input.downloadUrlLifetime())));
  }

  /** The job's marker goes into the callback URL, Mediaflow's own or the model's, so the stream can be found again. */
  private Stream createStream(CreateStreamInput input, JobContext job) {
    return client.createStream(input.newStream(callbackUrl(input, job))).withoutSecrets(input.keepStreamKey());
  }

  private Optional<String> callbackUrl(CreateStreamInput input, JobContext job) {
    return input.markedCallbackUrl(callbacks.forSubject(CallbackUrls.Kind.LIVE, Long.toString(job.processInstanceKey())),
        job.marker());
  }

  /**
   * The stream an earlier attempt of this job created, by the marker in its callback URL: another instance's stream
   * of the same name carries another marker. Without a callback URL there is no marker, and no way to tell.
   */
  private Optional<Stream> findCreatedStream(CreateStreamInput input, JobContext job) {
    if (callbackUrl(input, job).isEmpty()) {
      throw new ApiException.Misconfigured("UNKNOWN_OUTCOME", "The create call failed without an answer, and with"
          + " no callback URL the stream carries no marker to find it by; check whether a stream named "
          + input.name() + " was created before resolving this incident, or enable mediaflow.callbacks");
    }
    StreamFilter sameName = input.name() == null ? StreamFilter.all().andNull("name") : StreamFilter.all().and("name", input.name());
    return client.listStreams(sameName).stream()
        .filter(stream -> stream.params() != null && stream.params().callbackUrl() != null)
        .filter(stream -> job.marker().equals(CreateStreamInput.markerOf(stream.params().callbackUrl())))
        .findFirst()
        .map(stream -> stream.withoutSecrets(input.keepStreamKey()));
  }

  /**
   * The stream already re-streaming to this URL with this key: the target an earlier attempt added. Were it anyone
   * else's, a second would only push the stream twice to one key, which the target refuses or mixes.
   */
  private Optional<Stream> findSimulcastTarget(AddSimulcastTargetInput input, JobContext job) {
    Stream stream = client.getStream(input.streamId());
    return Optional.ofNullable(stream.simulcastTargets()).orElse(List.of()).stream()
        .filter(target -> input.url().equals(target.url()) && input.streamKey().equals(target.streamKey()))
        .findFirst()
        .map(target -> shown(stream));
  }

  private Poll<Stream> waitForStatus(WaitForStatusInput input) {
    Stream stream = client.getStream(input.streamId());
    String status = stream.statusName();
    if (input.states().stream().anyMatch(state -> state.apiName().equals(status))) {
      return Poll.done(shown(stream));
    }
    if (StreamState.STOPPED.apiName().equals(status)) {
      throw new ApiException.Rejected("STREAM_STOPPED", "Live stream " + stream.id() + " is stopped; it was awaited in "
          + input.states().stream().map(StreamState::apiName).toList(), Map.of("stream", shown(stream)));
    }
    return Poll.pending("status " + status);
  }

  private static Stream shown(Stream stream) {
    return stream.withoutSecrets(false);
  }
}
