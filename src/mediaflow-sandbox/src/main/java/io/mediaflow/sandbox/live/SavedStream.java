package io.mediaflow.sandbox.live;

import java.util.List;

/**
 * What the sandbox keeps of a stream across a restart or a crash, a row of the table {@code
 * live_stream} (see {@link LiveStreams}): what the API shows of it, its RTMP port (its ingest URL
 * stays the same) and how many DVR files it has numbered. The table gives the rows back in creation
 * order, the order the list answers in.
 *
 * @param simulcastTargets null until a target was first added, as in {@link LiveStream}
 */
record SavedStream(
    String id,
    String name,
    String streamKey,
    String createdAt,
    String playbackDomain,
    int rtmpPort,
    LiveStreamParams params,
    List<LivePlaybackId> playbackIds,
    List<LiveSimulcastTarget> simulcastTargets,
    LiveStreamStatus status,
    String statusTimestamp,
    List<SavedRecording> recordings,
    int recordedChunks) {

  /** A {@link Recording} less its download link, which the running sandbox's address makes. */
  record SavedRecording(
      String location, String bucket, String path, String format, double duration) {

    static SavedRecording of(Recording recording) {
      return new SavedRecording(
          recording.location(),
          recording.bucket(),
          recording.path(),
          recording.format(),
          recording.duration());
    }
  }
}
