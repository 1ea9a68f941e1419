package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.SandboxClock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The streams of the sandbox's live streaming project, in creation order, and the edits that do not move a
 * stream's status: playback IDs and simulcast targets.
 */
@Component
class LiveStreams {

  private final SandboxClock clock;
  private final StatusCallbacks callbacks;
  private final RtmpIngest rtmp;
  private final Map<String, LiveStream> streams = new LinkedHashMap<>();

  LiveStreams(SandboxClock clock, StatusCallbacks callbacks, RtmpIngest rtmp) {
    this.clock = clock;
    this.callbacks = callbacks;
    this.rtmp = rtmp;
  }

  /** A new stream in status created, with one public playback ID and a port of its own for RTMP ingest. */
  LiveStream create(StreamParamsValidator.NewStream request) {
    var stream = new LiveStream(UUID.randomUUID().toString(), request.name(), RandomIds.alphanumeric(32),
        clock.timestamp(), request.playbackDomain(), rtmp.newPort(), request.params());
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
    stream.addPlaybackId(new PlaybackId(RandomIds.alphanumeric(24), policy, clock.timestamp()));
  }

  void removePlaybackId(LiveStream stream, String playbackId) {
    if (!stream.removePlaybackId(playbackId)) {
      throw LiveApiException.notFound("playback ID", playbackId);
    }
  }

  void addSimulcastTarget(LiveStream stream, String url, String streamKey) {
    stream.addSimulcastTarget(new SimulcastTarget(UUID.randomUUID().toString(), url, streamKey));
  }

  void removeSimulcastTarget(LiveStream stream, String targetId) {
    if (!stream.removeSimulcastTarget(targetId)) {
      throw LiveApiException.notFound("simulcast target", targetId);
    }
  }
}
