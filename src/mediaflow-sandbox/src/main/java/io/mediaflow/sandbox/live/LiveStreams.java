package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.state.SandboxDatabase;
import io.mediaflow.sandbox.state.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * The streams of the sandbox's live streaming project, in creation order, and the edits that do not
 * move a stream's status: playback IDs and simulcast targets. Each stream is a row of the table
 * {@code live_stream} ({@link SavedStream}), written on every change to it: a restarted sandbox has
 * them all again, each with its key and RTMP URL, and takes each on from its status once the
 * sandbox is up ({@link StreamStateMachine#resume}).
 */
@Component
class LiveStreams implements SmartInitializingSingleton {

  private final SandboxClock clock;
  private final StatusCallbacks callbacks;
  private final RtmpIngest rtmp;
  private final StreamStateMachine stateMachine;
  private final Table<SavedStream> table;
  private final Map<String, LiveStream> streams = new LinkedHashMap<>();

  LiveStreams(
      SandboxClock clock,
      StatusCallbacks callbacks,
      RtmpIngest rtmp,
      StreamStateMachine stateMachine,
      DvrFolder dvrFolder,
      SandboxDatabase database) {
    this.clock = clock;
    this.callbacks = callbacks;
    this.rtmp = rtmp;
    this.stateMachine = stateMachine;
    this.table = database.table("live_stream", SavedStream.class);
    table
        .all()
        .values()
        .forEach(
            saved -> {
              List<Recording> recordings =
                  saved.recordings().stream().map(dvrFolder::recording).toList();
              streams.put(saved.id(), LiveStream.restore(saved, recordings, this::save));
              rtmp.reserve(saved.rtmpPort());
            });
  }

  @Override
  public void afterSingletonsInstantiated() {
    all().forEach(stateMachine::resume);
  }

  /**
   * A new stream in status created, with one public playback ID and a port of its own for RTMP
   * ingest.
   */
  LiveStream create(StreamParamsValidator.NewStream request) {
    var stream =
        new LiveStream(
            UUID.randomUUID().toString(),
            request.name(),
            RandomIds.alphanumeric(32),
            clock.timestamp(),
            request.playbackDomain(),
            rtmp.newPort(),
            request.params(),
            this::save);
    addPlaybackId(stream, "public");
    synchronized (this) {
      streams.put(stream.id(), stream);
    }
    // Creation is the first status change, (none) to created, so it is announced like the others.
    synchronized (stream) {
      callbacks.statusChanged(stream);
    }
    return stream;
  }

  private void save(LiveStream stream) {
    table.put(stream.id(), stream.saved());
  }

  synchronized LiveStream get(String id) {
    LiveStream stream = streams.get(id);
    if (stream == null) {
      throw LiveApiException.notFound("stream", id);
    }
    return stream;
  }

  synchronized List<LiveStream> all() {
    return new ArrayList<>(streams.values());
  }

  /** The stream that has this playback ID, if any. */
  Optional<LiveStream> withPlaybackId(String playbackId) {
    return all().stream().filter(stream -> stream.playbackId(playbackId).isPresent()).findFirst();
  }

  void addPlaybackId(LiveStream stream, String policy) {
    stream.addPlaybackId(new LivePlaybackId(RandomIds.alphanumeric(24), policy, clock.timestamp()));
  }

  void removePlaybackId(LiveStream stream, String playbackId) {
    if (!stream.removePlaybackId(playbackId)) {
      throw LiveApiException.notFound("playback ID", playbackId);
    }
  }

  void addSimulcastTarget(LiveStream stream, String url, String streamKey) {
    stream.addSimulcastTarget(
        new LiveSimulcastTarget(UUID.randomUUID().toString(), url, streamKey));
  }

  void removeSimulcastTarget(LiveStream stream, String targetId) {
    if (!stream.removeSimulcastTarget(targetId)) {
      throw LiveApiException.notFound("simulcast target", targetId);
    }
  }
}
