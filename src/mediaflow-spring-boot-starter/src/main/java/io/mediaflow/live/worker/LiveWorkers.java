package io.mediaflow.live.worker;

import io.mediaflow.api.ApiException;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.PlaybackId;
import io.mediaflow.live.Stream;
import io.mediaflow.live.internal.DvrRecordings;
import io.mediaflow.live.internal.DvrStorage;
import io.mediaflow.live.internal.PlaybackCheck;
import io.mediaflow.live.internal.RecordingsCheck;
import io.mediaflow.worker.internal.OperationHandler;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The operations of the live streaming API (document 2), and a wait for a stream status, each
 * carried out as its handler says: one per operation, grouped by the document's resources ({@link
 * Streams}, {@link PlaybackIds}, {@link SimulcastTargets}) for those that read a client's request
 * record, or its worker input's {@code handler} for those with inputs of their own; {@link
 * OperationWorkers} opens the workers. What several of them share is here. Every result is a stream
 * without secrets ({@link #shown}): simulcast keys and DVR credentials masked, the stream key only
 * where the model asks for it.
 */
final class LiveWorkers implements OperationHandlers {

  private final LiveClient client;
  private final CallbackUrls callbacks;
  private final DvrRecordings recordings;
  private final RecordingsCheck recordingsCheck;
  private final PlaybackCheck playback;
  private final CreatingInstances creators;

  LiveWorkers(
      LiveClient client,
      CallbackUrls callbacks,
      DvrStorage dvrStorage,
      CreatingInstances creators,
      PlaybackCheck playback,
      ZoneId statusTimeZone) {
    this.callbacks = callbacks;
    this.creators = creators;
    this.client = client;
    this.recordings = new DvrRecordings(dvrStorage);
    this.recordingsCheck = new RecordingsCheck(recordings, dvrStorage, statusTimeZone);
    this.playback = playback;
  }

  @Override
  public List<OperationHandler<?>> handlers() {
    return List.of(
        CreateStreamInput.handler(client, callbacks, creators),
        GetStreamInput.handler(client),
        ListStreamsInput.handler(client),
        Streams.start(client),
        Streams.stop(client),
        PlaybackIds.add(client),
        PlaybackIds.delete(client),
        SimulcastTargets.add(client),
        SimulcastTargets.delete(client),
        WaitForStatusInput.handler(client),
        DvrRecordingsInput.handler(client, recordings),
        CheckRecordingsInput.handler(client, recordingsCheck),
        CheckPlaybackInput.handler(playback));
  }

  /**
   * The stream after a delete repeated by this job met "not found" or {@code {status: "failed"}}:
   * done when what it deletes is gone from the stream, removed by the earlier attempt whose answer
   * was lost. Still there, the failure was the service's own and is named.
   */
  static Stream without(
      LiveClient client,
      String streamId,
      String what,
      String id,
      Function<Stream, List<String>> ids) {
    Stream stream = client.getStream(new GetStream(streamId));
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

  static List<String> playbackIds(Stream stream) {
    return Optional.ofNullable(stream.playbackIds()).orElse(List.of()).stream()
        .map(PlaybackId::id)
        .toList();
  }

  static Stream shown(Stream stream) {
    return stream.withoutSecrets(false);
  }
}
