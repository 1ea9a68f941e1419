package io.mediaflow.sandbox.live;

import static io.mediaflow.sandbox.live.LiveStreamStatus.IDLE;
import static io.mediaflow.sandbox.live.LiveStreamStatus.LAUNCHING;
import static io.mediaflow.sandbox.live.LiveStreamStatus.LIVE;
import static io.mediaflow.sandbox.live.LiveStreamStatus.STARTING;
import static io.mediaflow.sandbox.live.LiveStreamStatus.STOPPED;
import static io.mediaflow.sandbox.live.LiveStreamStatus.STOPPING;
import static io.mediaflow.sandbox.live.LiveStreamStatus.WAITING;

import io.mediaflow.sandbox.SandboxClock;
import io.mediaflow.sandbox.SandboxProfile;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * A stream's status, moved by API calls, by ingest and by the sandbox clock:
 *
 * <pre>
 * created|stopped --start--> starting --(allocation)--> waiting --ingest--> launching --(output begins)--> live
 * created|stopped --simulated RTMP ingest--> launching            live --ingest ends--> idle --ingest--> launching
 * waiting|idle --(stream_timeout without input)--> stopping       running --stop--> stopping --(shutdown)--> stopped
 * </pre>
 *
 * <p>Ingest is real or simulated. While the stream has a transcoder (waiting, launching, live,
 * idle), {@link RtmpIngest} listens at its RTMP server URL: an encoder pushing there with the
 * stream key makes it launching, the first segment of its live output makes it live, and the
 * encoder leaving makes it idle. The simulated ingest ({@code POST
 * /sandbox/live-streams/{id}/ingest}) stands in for an encoder in tests that need no media: it
 * moves the stream the same way, with launching lasting a fixed nominal time, and its DVR files are
 * a sample clip ({@link DvrRecorder}).
 *
 * <p>Every change updates the status timestamp and sends the status callback. Start of a running
 * stream and stop of a stopping or stopped one change nothing (both are safe to retry); start while
 * stopping and stop of a stream never started are refused with 409 (and, in the variation {@value
 * SandboxProfile#REPEATED_START_REFUSED}, start of a started one). Ingest through the WebRTC or SRT
 * URL needs a started stream (the URLs exist only then); simulated RTMP ingest brings a created or
 * stopped stream up by itself, as start is optional for RTMP. A stopping stream becomes stopped
 * once its RTMP ingest has finished its DVR files.
 *
 * <p>A restart, after a stop or a crash, ends every input, and the sandbox takes each stream on
 * from its saved status ({@link #resume}): a stream that was launching or live has lost its input
 * and becomes idle, as when an encoder leaves; every started stream listens again at its RTMP URL,
 * with a full {@code stream_timeout} to wait for input. While the sandbox stops, the end of its
 * pushes is not such a change: the stream keeps its status for the restart.
 */
@Component
class StreamStateMachine implements IngestSession.Events, DisposableBean {

  private static final Logger LOG = LoggerFactory.getLogger(StreamStateMachine.class);

  private final SandboxClock clock;
  private final SandboxLiveProperties timings;
  private final StatusCallbacks callbacks;
  private final DvrRecorder recorder;
  private final RtmpIngest rtmp;
  private final SandboxProfile profile;
  private volatile boolean stopping;

  StreamStateMachine(
      SandboxClock clock,
      SandboxLiveProperties timings,
      StatusCallbacks callbacks,
      DvrRecorder recorder,
      RtmpIngest rtmp,
      SandboxProfile profile) {
    this.profile = profile;
    this.clock = clock;
    this.timings = timings;
    this.callbacks = callbacks;
    this.recorder = recorder;
    this.rtmp = rtmp;
  }

  void start(LiveStream stream) {
    synchronized (stream) {
      switch (stream.status()) {
        case CREATED, STOPPED -> allocate(stream);
        case STOPPING ->
            throw LiveApiException.conflict(
                "status stopping: start the stream again once it is stopped");
        default -> {
          // Already started: the start changes nothing, or (variation) is refused as a conflict.
          if (profile.varies(SandboxProfile.REPEATED_START_REFUSED)) {
            throw LiveApiException.conflict(
                "status " + stream.status().apiName() + ": the stream is already started");
          }
        }
      }
    }
  }

  void stop(LiveStream stream) {
    synchronized (stream) {
      switch (stream.status()) {
        case CREATED ->
            throw LiveApiException.conflict("status created: the stream was never started");
        case STOPPING, STOPPED -> {} // already stopping
        default -> shutDown(stream);
      }
    }
  }

  /**
   * Takes a stream on after a restart: its input, timer and ingest listener ended with the sandbox.
   */
  void resume(LiveStream stream) {
    synchronized (stream) {
      switch (stream.status()) {
        case CREATED, STOPPED -> {}
        case STARTING -> awaitAllocation(stream);
        case WAITING, IDLE -> {
          rtmp.open(stream, this);
          awaitInput(stream);
        }
        case LAUNCHING, LIVE -> inputEnded(stream);
        case STOPPING -> after(stream, shutdown(), () -> enter(stream, STOPPED));
      }
    }
  }

  /** The simulated encoder connects to the stream's {@code format} server URL. */
  void ingestStarted(LiveStream stream, String format) {
    synchronized (stream) {
      LiveStreamStatus status = stream.status();
      if (status == STOPPING) {
        throw LiveApiException.conflict(
            "status stopping: the stream takes no input until it is stopped");
      }
      if (stream.inputConnected()) {
        throw LiveApiException.conflict(
            "input is already connected; a stream takes one ingest URL at a time");
      }
      if (!format.equals("rtmp") && !status.hasTranscoder()) {
        throw LiveApiException.conflict(
            "input_format: the "
                + format
                + " server URL exists only once the stream "
                + "is started (status waiting, launching, live or idle); status is "
                + status.apiName());
      }
      stream.connectInput(LiveStream.Input.SIMULATED);
      stream.useInputFormat(format);
      if (status != STARTING) {
        launch(stream);
      } // while starting, the stream launches as soon as its transcoder is allocated
    }
  }

  /** The simulated encoder disconnects. */
  void ingestStopped(LiveStream stream) {
    synchronized (stream) {
      switch (stream.input()) {
        case NONE ->
            throw LiveApiException.conflict(
                "no input is connected; status is " + stream.status().apiName());
        case RTMP ->
            throw LiveApiException.conflict(
                "the input is an encoder pushing over RTMP: stop the encoder");
        case SIMULATED -> {
          Runnable recording = recorder.recordSimulatedLivePeriod(stream);
          inputEnded(stream);
          recording.run();
        }
      }
    }
  }

  @Override
  public boolean rtmpConnected(LiveStream stream) {
    synchronized (stream) {
      if (!stream.status().hasTranscoder() || stream.inputConnected()) {
        return false;
      }
      stream.connectInput(LiveStream.Input.RTMP);
      stream.useInputFormat("rtmp");
      enter(stream, LAUNCHING); // live once the output has its first segment
      return true;
    }
  }

  @Override
  public void rtmpPlaying(LiveStream stream) {
    synchronized (stream) {
      if (stream.status() == LAUNCHING && stream.input() == LiveStream.Input.RTMP) {
        enter(stream, LIVE);
      }
    }
  }

  @Override
  public void rtmpEnded(LiveStream stream) {
    synchronized (stream) {
      if (stream.input() == LiveStream.Input.RTMP && !stopping) {
        inputEnded(stream);
      }
    }
  }

  private void inputEnded(LiveStream stream) {
    stream.connectInput(LiveStream.Input.NONE);
    if (stream.status() == LIVE || stream.status() == LAUNCHING) {
      enter(stream, IDLE);
      awaitInput(stream);
    }
  }

  private void allocate(LiveStream stream) {
    enter(stream, STARTING);
    awaitAllocation(stream);
  }

  private void awaitAllocation(LiveStream stream) {
    after(
        stream,
        timings.allocation(),
        () -> {
          enter(stream, WAITING);
          if (stream.inputConnected()) {
            launch(stream);
          } else {
            awaitInput(stream);
          }
        });
  }

  /** The simulated encoder's output begins after a fixed nominal time. */
  private void launch(LiveStream stream) {
    enter(stream, LAUNCHING);
    after(stream, timings.launch(), () -> enter(stream, LIVE));
  }

  /** Waiting or idle: without input for {@code stream_timeout}, the stream stops itself. */
  private void awaitInput(LiveStream stream) {
    after(stream, Duration.ofSeconds(stream.params().streamTimeout()), () -> shutDown(stream));
  }

  private void shutDown(LiveStream stream) {
    Runnable recording = recorder.recordSimulatedLivePeriod(stream);
    stream.connectInput(LiveStream.Input.NONE);
    enter(stream, STOPPING);
    recording.run();
    long version = stream.statusVersion();
    rtmp.close(stream)
        .whenComplete(
            (ignored, failure) -> {
              synchronized (stream) {
                if (stream.statusVersion() == version) {
                  after(stream, shutdown(), () -> enter(stream, STOPPED));
                }
              }
            });
  }

  /** Stopping to stopped: a few seconds, or (variation) half an hour, nominal. */
  private Duration shutdown() {
    return profile.varies(SandboxProfile.SLOW_STOP) ? timings.slowShutdown() : timings.shutdown();
  }

  /**
   * Enters {@code next}; a stream that has a transcoder listens for RTMP ingest (see {@link
   * RtmpIngest}).
   */
  private void enter(LiveStream stream, LiveStreamStatus next) {
    stream.moveTo(next, clock.timestamp());
    if (next.hasTranscoder()) {
      rtmp.open(stream, this);
    }
    callbacks.statusChanged(stream);
  }

  /**
   * Runs {@code step} after the nominal {@code delay}, unless the stream has changed status by
   * then.
   */
  private void after(LiveStream stream, Duration delay, Runnable step) {
    long version = stream.statusVersion();
    stream.replaceTimer(
        clock.after(
            delay,
            () -> {
              synchronized (stream) {
                if (stream.statusVersion() != version) {
                  return;
                }
                try {
                  step.run();
                } catch (RuntimeException e) {
                  LOG.error(
                      "Live stream {} could not leave status {}",
                      stream.id(),
                      stream.status().apiName(),
                      e);
                }
              }
            }));
  }

  /**
   * The sandbox stops: called before {@link RtmpIngest}, which this depends on, ends the pushes.
   */
  @Override
  public void destroy() {
    stopping = true;
  }
}
