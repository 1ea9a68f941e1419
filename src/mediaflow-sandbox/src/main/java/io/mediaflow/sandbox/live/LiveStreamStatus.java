package io.mediaflow.sandbox.live;

import java.util.Locale;

/** A stream's {@code status.name}, as the document lists them. */
enum LiveStreamStatus {
  CREATED,
  STARTING,
  WAITING,
  LAUNCHING,
  LIVE,
  IDLE,
  STOPPING,
  STOPPED;

  /** The name in the stream JSON. */
  String apiName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * A transcoder is allocated: the {@code webrtc} and {@code srt} server URLs and the origin fields
   * are shown only in these states.
   */
  boolean hasTranscoder() {
    return this == WAITING || this == LAUNCHING || this == LIVE || this == IDLE;
  }
}
