package io.mediaflow.sandbox.live;

import static io.mediaflow.sandbox.live.StreamStatus.IDLE;
import static io.mediaflow.sandbox.live.StreamStatus.LAUNCHING;
import static io.mediaflow.sandbox.live.StreamStatus.LIVE;
import static io.mediaflow.sandbox.live.StreamStatus.STARTING;
import static io.mediaflow.sandbox.live.StreamStatus.STOPPED;
import static io.mediaflow.sandbox.live.StreamStatus.STOPPING;
import static io.mediaflow.sandbox.live.StreamStatus.WAITING;

import io.mediaflow.sandbox.SandboxClock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A stream's status, moved by API calls, by ingest and by the sandbox clock:
 *
 * <pre>
 * created|stopped --start--> starting --(allocation)--> waiting --ingest--> launching --(launch)--> live
 * created|stopped --RTMP ingest--> launching                      live --ingest ends--> idle --ingest--> launching
 * waiting|idle --(stream_timeout without input)--> stopping       running --stop--> stopping --(shutdown)--> stopped
 * </pre>
 *
 * <p>Every change updates the status timestamp and sends the status callback. Start of a running stream and stop
 * of a stopping or stopped one change nothing (both are safe to retry); start while stopping and stop of a stream
 * never started are refused with 409. Ingest through the WebRTC or SRT URL needs a started stream (the URLs exist
 * only then); RTMP ingest brings a created or stopped stream up by itself, as start is optional for RTMP.
 */
@Component
class StreamStateMachine {

  private static final Logger LOG = LoggerFactory.getLogger(StreamStateMachine.class);

  private final SandboxClock clock;
  private final SandboxLiveProperties timings;
  private final StatusCallbacks callbacks;
  private final DvrRecorder recorder;

  StreamStateMachine(
      SandboxClock clock, SandboxLiveProperties timings, StatusCallbacks callbacks, DvrRecorder recorder) {
    this.clock = clock;
    this.timings = timings;
    this.callbacks = callbacks;
    this.recorder = recorder;
  }

  void start(LiveStream stream) {
    synchronized (stream) {
      switch (stream.status()) {
        case CREATED, STOPPED -> allocate(stream);
        case STOPPING -> throw LiveApiException.conflict("status stopping: start the stream again once it is stopped");
        default -> { } // already started
      }
    }
  }

  void stop(LiveStream stream) {
    synchronized (stream) {
      switch (stream.status()) {
        case CREATED -> throw LiveApiException.conflict("status created: the stream was never started");
        case STOPPING, STOPPED -> { } // already stopping
        default -> shutDown(stream);
      }
    }
  }

  /** An encoder connects to the stream's {@code format} server URL. */
  void ingestStarted(LiveStream stream, String format) {
    synchronized (stream) {
      StreamStatus status = stream.status();
      if (status == STOPPING) {
        throw LiveApiException.conflict("status stopping: the stream takes no input until it is stopped");
      }
      if (stream.inputConnected()) {
        throw LiveApiException.conflict("input is already connected; a stream takes one ingest URL at a time");
      }
      if (!format.equals("rtmp") && !status.hasTranscoder()) {
        throw LiveApiException.conflict("input_format: the " + format + " server URL exists only once the stream "
            + "is started (status waiting, launching, live or idle); status is " + status.apiName());
      }
      stream.setInputConnected(true);
      stream.useInputFormat(format);
      if (status != STARTING) {
        launch(stream);
      } // while starting, the stream launches as soon as its transcoder is allocated
    }
  }

  /** The encoder disconnects. */
  void ingestStopped(LiveStream stream) {
    synchronized (stream) {
      if (!stream.inputConnected()) {
        throw LiveApiException.conflict("no input is connected; status is " + stream.status().apiName());
      }
      stream.setInputConnected(false);
      if (stream.status() == LIVE || stream.status() == LAUNCHING) {
        recorder.recordLivePeriod(stream);
        enter(stream, IDLE);
        awaitInput(stream);
      }
    }
  }

  private void allocate(LiveStream stream) {
    enter(stream, STARTING);
    after(stream, timings.allocation(), () -> {
      enter(stream, WAITING);
      if (stream.inputConnected()) {
        launch(stream);
      } else {
        awaitInput(stream);
      }
    });
  }

  private void launch(LiveStream stream) {
    enter(stream, LAUNCHING);
    after(stream, timings.launch(), () -> enter(stream, LIVE));
  }

  /** Waiting or idle: without input for {@code stream_timeout}, the stream stops itself. */
  private void awaitInput(LiveStream stream) {
    after(stream, Duration.ofSeconds(stream.params().streamTimeout()), () -> shutDown(stream));
  }

  private void shutDown(LiveStream stream) {
    recorder.recordLivePeriod(stream);
    stream.setInputConnected(false);
    enter(stream, STOPPING);
    after(stream, timings.shutdown(), () -> enter(stream, STOPPED));
  }

  private void enter(LiveStream stream, StreamStatus next) {
    stream.moveTo(next, clock.timestamp());
    callbacks.statusChanged(stream);
  }

  /** Runs {@code step} after the nominal {@code delay}, unless the stream has changed status by then. */
  private void after(LiveStream stream, Duration delay, Runnable step) {
    long version = stream.statusVersion();
    stream.replaceTimer(clock.after(delay, () -> {
      synchronized (stream) {
        if (stream.statusVersion() != version) {
          return;
        }
        try {
          step.run();
        } catch (RuntimeException e) {
          LOG.error("Live stream {} could not leave status {}", stream.id(), stream.status().apiName(), e);
        }
      }
    }));
  }
}
