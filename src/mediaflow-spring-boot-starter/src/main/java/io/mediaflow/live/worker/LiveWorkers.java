package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.PlaybackId;
import io.mediaflow.live.SimulcastTarget;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.live.StreamState;
import io.mediaflow.live.internal.DvrRecordings;
import io.mediaflow.live.internal.DvrStorage;
import io.mediaflow.worker.internal.JobContext;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import io.mediaflow.worker.internal.Poll;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How each operation of the live streaming API (document 2), and a wait for a stream status, is
 * carried out; {@link OperationWorkers} opens the workers. Every result is a stream without
 * secrets: simulcast keys and DVR credentials masked, the stream key only where the model asks for
 * it.
 */
final class LiveWorkers implements OperationHandlers {

  private final LiveClient client;
  private final CallbackUrls callbacks;
  private final DvrRecordings recordings;
  private final CreatingInstances creators;

  LiveWorkers(
      LiveClient client,
      CallbackUrls callbacks,
      DvrStorage dvrStorage,
      CreatingInstances creators) {
    this.callbacks = callbacks;
    this.creators = creators;
    this.client = client;
    this.recordings = new DvrRecordings(dvrStorage);
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(
        OperationHandler.create(
            CreateStreamInput.class,
            this::unmarkedStreams,
            this::createStream,
            this::findCreatedStream),
        OperationHandler.call(
            GetStreamInput.class,
            input -> client.getStream(input.streamId()).withoutSecrets(input.keepStreamKey())),
        OperationHandler.call(
            ListStreamsInput.class,
            input ->
                client.listStreams(StreamFilter.of(input.filters())).stream()
                    .map(LiveWorkers::shown)
                    .toList()),
        OperationHandler.call(
            StartStreamInput.class, input -> shown(client.startStream(input.streamId()))),
        OperationHandler.call(
            StopStreamInput.class, input -> shown(client.stopStream(input.streamId()))),
        OperationHandler.create(
            AddPlaybackIdInput.class,
            (input, job) -> playbackIds(client.getStream(input.streamId())),
            (input, job) ->
                withAddedPlaybackId(
                    client.addPlaybackId(input.streamId(), input.policy()), input, job),
            this::findAddedPlaybackId),
        OperationHandler.delete(
            DeletePlaybackIdInput.class,
            (input, job) -> shown(client.deletePlaybackId(input.streamId(), input.playbackId())),
            (input, job) ->
                without(
                    input.streamId(),
                    "playback ID",
                    input.playbackId(),
                    stream -> playbackIds(stream))),
        OperationHandler.create(
            AddSimulcastTargetInput.class,
            (input, job) -> shown(client.addSimulcastTarget(input.streamId(), input.target())),
            this::findSimulcastTarget),
        OperationHandler.delete(
            DeleteSimulcastTargetInput.class,
            (input, job) -> shown(client.deleteSimulcastTarget(input.streamId(), input.targetId())),
            (input, job) ->
                without(
                    input.streamId(),
                    "simulcast target",
                    input.targetId(),
                    stream ->
                        Optional.ofNullable(stream.simulcastTargets()).orElse(List.of()).stream()
                            .map(SimulcastTarget::id)
                            .toList())),
        OperationHandler.poll(WaitForStatusInput.class, this::waitForStatus),
        OperationHandler.call(
            DvrRecordingsInput.class,
            input ->
                recordings.of(
                    client.getStream(input.streamId()),
                    input.dvr(),
                    input.downloadUrlLifetime() == null
                        ? Duration.ofHours(24)
                        : input.downloadUrlLifetime())));
  }

  /**
   * The job's marker goes into the callback URL, Mediaflow's own or the model's, so the stream can
   * be found again; so does its process instance, so the stream is stopped once that instance ends
   * without stopping it ({@link EndedInstanceStreams}). A stream whose params the service did not
   * take is an incident ({@link LiveClient#createStream}); the job's sent mark is already written,
   * so the retry after it finds this stream ({@link #findCreatedStream}) rather than creating
   * another.
   */
  private Stream createStream(CreateStreamInput input, JobContext job) {
    return client
        .createStream(input.newStream(callbackUrl(input, job)))
        .withoutSecrets(input.keepStreamKey());
  }

  private Optional<String> callbackUrl(CreateStreamInput input, JobContext job) {
    return input
        .markedCallbackUrl(
            callbacks.forSubject(CallbackUrls.Kind.LIVE, Long.toString(job.processInstanceKey())),
            job.marker())
        .map(url -> creators.mark(url, job.processInstanceKey()));
  }

  /**
   * The stream an earlier attempt of this job created. Document 2 does not say that creation keeps
   * a callback URL, so the marker in it finds the stream only where the service shows it again;
   * otherwise the stream is the one of this name that is new since the create was sent and carries
   * no other job's marker. Where two or more are, which is this job's cannot be told, and a person
   * decides rather than a second stream being made.
   */
  private Optional<Stream> findCreatedStream(CreateStreamInput input, JobContext job) {
    List<Stream> named = sameName(input);
    Optional<Stream> marked =
        named.stream().filter(stream -> job.marker().equals(markerOf(stream))).findFirst();
    List<Stream> unmarked =
        named.stream()
            .filter(stream -> markerOf(stream) == null)
            .filter(stream -> !job.before().contains(stream.id()))
            .toList();
    if (marked.isEmpty() && unmarked.size() > 1) {
      throw new ApiException.Misconfigured(
          "UNKNOWN_OUTCOME",
          "The create call failed without an answer, and the streams "
              + unmarked.stream().map(Stream::id).toList()
              + " named "
              + input.name()
              + " appeared since; the service"
              + " keeps no callback URL to tell them apart by. Delete the one this instance did not create, then resolve"
              + " this incident");
    }
    // Read again and held to the create's check: found after an incident that said creation did
    // not take a param, the stream is taken once someone has set it, and never created twice.
    return marked
        .or(() -> unmarked.stream().findFirst())
        .map(
            stream ->
                client
                    .createdStream(input.newStream(callbackUrl(input, job)), stream.id())
                    .withoutSecrets(input.keepStreamKey()));
  }

  /**
   * The streams of the new one's name that carry no marker, which a lookup could otherwise take for
   * it.
   */
  private List<String> unmarkedStreams(CreateStreamInput input, JobContext job) {
    return sameName(input).stream()
        .filter(stream -> markerOf(stream) == null)
        .map(Stream::id)
        .toList();
  }

  private List<Stream> sameName(CreateStreamInput input) {
    return client.listStreams(
        input.name() == null
            ? StreamFilter.all().andNull("name")
            : StreamFilter.all().and("name", input.name()));
  }

  private static String markerOf(Stream stream) {
    return stream.params() == null
        ? null
        : CreateStreamInput.markerOf(stream.params().callbackUrl());
  }

  /**
   * The stream with the playback ID an earlier attempt added: a playback ID has nothing a marker
   * could go in, so it is the one of this policy that is new since the add was sent. Two or more
   * mean another job adds IDs to this stream at the same moment, and a person decides which is
   * whose.
   */
  private Optional<Stream> findAddedPlaybackId(AddPlaybackIdInput input, JobContext job) {
    Stream stream = client.getStream(input.streamId());
    List<PlaybackId> added =
        Optional.ofNullable(stream.playbackIds()).orElse(List.of()).stream()
            .filter(
                id ->
                    !job.before().contains(id.id()) && input.policy().apiName().equals(id.policy()))
            .toList();
    if (added.size() > 1) {
      throw new ApiException.Misconfigured(
          "UNKNOWN_OUTCOME",
          "The add call failed without an answer, and the playback"
              + " IDs "
              + added.stream().map(PlaybackId::id).toList()
              + " appeared on stream "
              + stream.id()
              + " since;"
              + " delete the one this instance did not add, then resolve this incident");
    }
    return added.isEmpty() ? Optional.empty() : Optional.of(shown(stream));
  }

  /**
   * The stream after a delete repeated by this job met "not found" or {@code {status: "failed"}}:
   * done when what it deletes is gone from the stream, removed by the earlier attempt whose answer
   * was lost. Still there, the failure was the service's own and is named.
   */
  private Stream without(
      String streamId, String what, String id, Function<Stream, List<String>> ids) {
    Stream stream = client.getStream(streamId);
    if (ids.apply(stream).contains(id)) {
      throw new ApiException.Rejected(
          "FAILED",
          "The delete of "
              + what
              + " "
              + id
              + " was refused, and stream "
              + streamId
              + " still has it",
          Map.of("stream", shown(stream)));
    }
    return shown(stream);
  }

  /**
   * The stream the add answered, checked to hold a new playback ID of the policy asked: the body
   * {@code {"policy": ...}} is the spec README's, and document 2 says only that the answer has "the
   * added playback ID" (its sample shows one of policy {@code authenticated}). An answer without
   * one means the service did not add what the process goes on to rely on (a public ID where
   * viewers were to need a token, say), so it stops with an incident naming what was expected.
   */
  private static Stream withAddedPlaybackId(
      Stream stream, AddPlaybackIdInput input, JobContext job) {
    List<PlaybackId> ids = Optional.ofNullable(stream.playbackIds()).orElse(List.of());
    boolean added =
        ids.stream()
            .anyMatch(
                id ->
                    !job.before().contains(id.id())
                        && input.policy().apiName().equals(id.policy()));
    if (!added) {
      throw new ApiException.Misconfigured(
          "PLAYBACK_ID_NOT_ADDED",
          "POST /v1/live-streams/"
              + stream.id()
              + "/playback-ids answered without a new playback ID of policy "
              + input.policy().apiName()
              + ": expected one besides "
              + job.before()
              + ", got "
              + ids.stream().map(id -> id.id() + " (" + id.policy() + ")").toList());
    }
    return shown(stream);
  }

  private static List<String> playbackIds(Stream stream) {
    return Optional.ofNullable(stream.playbackIds()).orElse(List.of()).stream()
        .map(PlaybackId::id)
        .toList();
  }

  /**
   * The stream already re-streaming to this URL with this key: the target an earlier attempt added.
   * Were it anyone else's, a second would only push the stream twice to one key, which the target
   * refuses or mixes.
   */
  private Optional<Stream> findSimulcastTarget(AddSimulcastTargetInput input, JobContext job) {
    Stream stream = client.getStream(input.streamId());
    return Optional.ofNullable(stream.simulcastTargets()).orElse(List.of()).stream()
        .filter(
            target ->
                input.url().equals(target.url()) && input.streamKey().equals(target.streamKey()))
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
      throw new ApiException.Rejected(
          "STREAM_STOPPED",
          "Live stream "
              + stream.id()
              + " is stopped; it was awaited in "
              + input.states().stream().map(StreamState::apiName).toList(),
          Map.of("stream", shown(stream)));
    }
    return Poll.pending("status " + status);
  }

  private static Stream shown(Stream stream) {
    return stream.withoutSecrets(false);
  }
}
