package io.mediaflow.callback;

/**
 * The Zeebe messages callbacks become. A process waits for one with an intermediate message catch
 * event (in an event-based gateway beside a timer, so polling goes on when no callback comes).
 */
public final class CallbackMessages {

  /** A transcoding job finished (completed or failed); correlation key: its task token. */
  public static final String TRANSCODING_JOB_FINISHED = "transcoding-job-finished";

  /**
   * Any other event of a transcoding job ({@code queued}, {@code restarted}, a per-rendition
   * callback, an event the README does not name), for a process that wants to follow the job
   * closely; the plugin's processes do not wait for it. Correlation key: its task token.
   */
  public static final String TRANSCODING_JOB_EVENT = "transcoding-job-event";

  /** A live stream's status changed; correlation key: the stream id. */
  public static final String LIVE_STREAM_STATUS_CHANGED = "live-stream-status-changed";

  private CallbackMessages() {}
}
