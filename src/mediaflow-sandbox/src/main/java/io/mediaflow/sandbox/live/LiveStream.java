package io.mediaflow.sandbox.live;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;

/**
 * One live stream and everything the sandbox knows about it. Its monitor guards all of it: callers
 * that combine several steps (a transition, a rendering) hold {@code synchronized (stream)} around
 * them. Every change to what outlives the sandbox ({@link SavedStream}) is saved as it is made,
 * still under the lock, so the API never answers for a change a crash would lose; its input, timer
 * and live period are the running sandbox's and are not saved.
 */
final class LiveStream {

  /**
   * What pushes to the stream: nothing, the sandbox's simulated encoder ({@code POST
   * /sandbox/live-streams/{id}/ingest}, no media at all), or a real encoder over RTMP (see {@link
   * RtmpIngest}).
   */
  enum Input {
    NONE,
    SIMULATED,
    RTMP
  }

  private final String id;
  private final String name;
  private final String streamKey;
  private final String createdAt;
  private final String playbackDomain;
  private final int rtmpPort;
  private LiveStreamParams params;
  private final List<LivePlaybackId> playbackIds = new ArrayList<>();

  /** Null until a target was first added: the field is absent from the JSON until then. */
  private List<LiveSimulcastTarget> simulcastTargets;

  private LiveStreamStatus status = LiveStreamStatus.CREATED;
  private String statusTimestamp;

  /**
   * Counts status changes, so a timer armed in one state does nothing once the stream has moved on.
   */
  private long statusVersion;

  private ScheduledFuture<?> timer;
  private Input input = Input.NONE;
  private Instant liveSince;
  private final List<Recording> recordings = new ArrayList<>();
  private int recordedChunks;
  private final Consumer<LiveStream> save;

  /**
   * @param save writes the stream's {@link #saved()} form; called holding its lock after every
   *     change to it
   */
  LiveStream(
      String id,
      String name,
      String streamKey,
      String createdAt,
      String playbackDomain,
      int rtmpPort,
      LiveStreamParams params,
      Consumer<LiveStream> save) {
    this.id = id;
    this.rtmpPort = rtmpPort;
    this.name = name;
    this.streamKey = streamKey;
    this.createdAt = createdAt;
    this.playbackDomain = playbackDomain;
    this.params = params;
    this.statusTimestamp = createdAt;
    this.save = save;
  }

  /**
   * The stream as it was saved, with its {@code recordings}' download links made by the running
   * sandbox.
   */
  static LiveStream restore(
      SavedStream saved, List<Recording> recordings, Consumer<LiveStream> save) {
    var stream =
        new LiveStream(
            saved.id(),
            saved.name(),
            saved.streamKey(),
            saved.createdAt(),
            saved.playbackDomain(),
            saved.rtmpPort(),
            saved.params(),
            save);
    stream.playbackIds.addAll(saved.playbackIds());
    stream.simulcastTargets =
        saved.simulcastTargets() == null ? null : new ArrayList<>(saved.simulcastTargets());
    stream.status = saved.status();
    stream.statusTimestamp = saved.statusTimestamp();
    stream.recordings.addAll(recordings);
    stream.recordedChunks = saved.recordedChunks();
    return stream;
  }

  synchronized SavedStream saved() {
    return new SavedStream(
        id,
        name,
        streamKey,
        createdAt,
        playbackDomain,
        rtmpPort,
        params,
        List.copyOf(playbackIds),
        simulcastTargets == null ? null : List.copyOf(simulcastTargets),
        status,
        statusTimestamp,
        recordings.stream().map(SavedStream.SavedRecording::of).toList(),
        recordedChunks);
  }

  String id() {
    return id;
  }

  String name() {
    return name;
  }

  String streamKey() {
    return streamKey;
  }

  String createdAt() {
    return createdAt;
  }

  String playbackDomain() {
    return playbackDomain;
  }

  /** The local port of the stream's RTMP ingest, listened on while the stream has a transcoder. */
  int rtmpPort() {
    return rtmpPort;
  }

  synchronized LiveStreamParams params() {
    return params;
  }

  synchronized void useInputFormat(String format) {
    params = params.withInputFormat(format);
    save.accept(this);
  }

  synchronized List<LivePlaybackId> playbackIds() {
    return List.copyOf(playbackIds);
  }

  synchronized void addPlaybackId(LivePlaybackId playbackId) {
    playbackIds.add(playbackId);
    save.accept(this);
  }

  synchronized boolean removePlaybackId(String playbackId) {
    boolean removed = playbackIds.removeIf(candidate -> candidate.id().equals(playbackId));
    if (removed) {
      save.accept(this);
    }
    return removed;
  }

  synchronized Optional<LivePlaybackId> playbackId(String playbackId) {
    return playbackIds.stream().filter(candidate -> candidate.id().equals(playbackId)).findFirst();
  }

  /**
   * The targets, or empty when none was ever added (then the JSON has no {@code
   * simulcast_targets}).
   */
  synchronized Optional<List<LiveSimulcastTarget>> simulcastTargets() {
    return Optional.ofNullable(simulcastTargets).map(List::copyOf);
  }

  synchronized void addSimulcastTarget(LiveSimulcastTarget target) {
    if (simulcastTargets == null) {
      simulcastTargets = new ArrayList<>();
    }
    simulcastTargets.add(target);
    save.accept(this);
  }

  synchronized boolean removeSimulcastTarget(String targetId) {
    boolean removed =
        simulcastTargets != null
            && simulcastTargets.removeIf(target -> target.id().equals(targetId));
    if (removed) {
      save.accept(this);
    }
    return removed;
  }

  synchronized LiveStreamStatus status() {
    return status;
  }

  synchronized String statusTimestamp() {
    return statusTimestamp;
  }

  synchronized long statusVersion() {
    return statusVersion;
  }

  /** Enters {@code next}; a timer of the previous state is cancelled. */
  synchronized void moveTo(LiveStreamStatus next, String timestamp) {
    status = next;
    statusTimestamp = timestamp;
    statusVersion++;
    liveSince = next == LiveStreamStatus.LIVE ? Instant.now() : null;
    replaceTimer(null);
    save.accept(this);
  }

  synchronized void replaceTimer(ScheduledFuture<?> next) {
    if (timer != null) {
      timer.cancel(false);
    }
    timer = next;
  }

  synchronized boolean inputConnected() {
    return input != Input.NONE;
  }

  synchronized Input input() {
    return input;
  }

  synchronized void connectInput(Input connected) {
    input = connected;
  }

  /** When the current live period began, or empty when the stream is not live. */
  synchronized Optional<Instant> liveSince() {
    return Optional.ofNullable(liveSince);
  }

  synchronized List<Recording> recordings() {
    return List.copyOf(recordings);
  }

  /** The number of the next recorded chunk, from 1 on; numbering goes on across live periods. */
  synchronized int nextChunkNumber() {
    recordedChunks++;
    save.accept(this);
    return recordedChunks;
  }

  synchronized int chunksRecorded() {
    return recordedChunks;
  }

  /** Chunk {@code number} was recorded from real media: numbering goes on after it. */
  synchronized void chunkRecorded(int chunk) {
    recordedChunks = Math.max(recordedChunks, chunk);
    save.accept(this);
  }

  synchronized void addRecording(Recording recording) {
    recordings.add(recording);
    save.accept(this);
  }
}
