package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.state.SandboxFolders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The real RTMP ingest of started streams: while a stream has a transcoder, an ffmpeg listens at
 * its {@code server_urls.rtmp} ({@code rtmp://127.0.0.1:<port>/live}, a port of its own, this
 * machine only) for an encoder pushing to {@code <server_urls.rtmp>/<stream_key>}, one {@link
 * IngestSession} at a time. When a session ends (the encoder stopped, a wrong key was refused,
 * nobody came within {@link #LISTEN_FOR}), the next one listens at once, so an encoder can
 * reconnect; closing the ingest, when the stream stops or the sandbox shuts down, ends the session
 * for good. No ffmpeg outlives the sandbox: it ends them all when it stops, and a listener left
 * behind by a crashed one gives up after {@link #LISTEN_FOR}. A stream keeps its port across
 * restarts ({@link #reserve}), so an encoder pushes to the same URL again; a port still held a
 * moment after a crash is retried like a failed listener.
 */
@Component
class RtmpIngest implements DisposableBean {

  private static final Logger LOG = LoggerFactory.getLogger(RtmpIngest.class);
  static final Duration LISTEN_FOR = Duration.ofSeconds(30);

  /**
   * A listener that fails sooner than this without a publisher (its port taken, ffmpeg broken) is
   * retried later.
   */
  private static final Duration RETRY_FAILED_LISTENER = Duration.ofSeconds(2);

  private static final Duration SHUTDOWN = Duration.ofSeconds(10);

  private final DvrFolder dvrFolder;
  private final Path work;
  private final Map<String, IngestSession> sessions = new ConcurrentHashMap<>();
  private final Set<Integer> portsHandedOut = new HashSet<>();

  /** Guarded by this: set once no session may start any more. */
  private boolean stopped;

  /**
   * Sessions' working files (live HLS output, ffmpeg's DVR lists) are of no use after a restart.
   */
  RtmpIngest(DvrFolder dvrFolder, SandboxFolders folders) {
    this.dvrFolder = dvrFolder;
    this.work = folders.emptyFolder("live-ingest");
  }

  /** The port of a stream the sandbox had before it restarted: never handed out to another. */
  synchronized void reserve(int port) {
    portsHandedOut.add(port);
  }

  /** A free local port for a new stream's ingest, none handed out twice. */
  synchronized int newPort() {
    while (true) {
      try (var socket = new ServerSocket(0, 1, InetAddress.getByName(IngestCommand.HOST))) {
        if (portsHandedOut.add(socket.getLocalPort())) {
          return socket.getLocalPort();
        }
      } catch (IOException e) {
        throw new UncheckedIOException("No free port for an RTMP ingest", e);
      }
    }
  }

  /**
   * Starts listening for the stream's encoder, unless it already does; call holding the stream's
   * lock. Without a working ffmpeg the stream still runs, with the simulated ingest only.
   */
  void open(LiveStream stream, IngestSession.Events events) {
    try {
      synchronized (this) {
        if (stopped) {
          return; // called by a timer while the sandbox stops: no listener may outlive it
        }
        sessions.computeIfAbsent(stream.id(), id -> listen(stream, events));
      }
    } catch (RuntimeException | LinkageError e) {
      LOG.error("No RTMP ingest for stream {}: ffmpeg could not be started", stream.id(), e);
    }
  }

  private IngestSession listen(LiveStream stream, IngestSession.Events events) {
    Path folder = work.resolve(stream.id()).resolve(Long.toString(System.nanoTime()));
    IngestSession session = IngestSession.listen(stream, events, dvrFolder, folder, LISTEN_FOR);
    Instant started = Instant.now();
    session.ended().thenRun(() -> relisten(stream, events, session, started));
    return session;
  }

  /**
   * A session ended on its own: the stream's next one listens, unless the ingest was closed
   * meanwhile.
   */
  private void relisten(
      LiveStream stream, IngestSession.Events events, IngestSession ended, Instant started) {
    if (ended.closed()) {
      return;
    }
    boolean failedAtOnce =
        !ended.hadPublisher()
            && Duration.between(started, Instant.now()).compareTo(LISTEN_FOR.dividedBy(2)) < 0;
    if (failedAtOnce) {
      LOG.warn(
          "RTMP ingest of stream {} stopped listening at once; listening again in {}:\n{}",
          stream.id(),
          RETRY_FAILED_LISTENER,
          ended.tail());
      CompletableFuture.delayedExecutor(RETRY_FAILED_LISTENER.toMillis(), TimeUnit.MILLISECONDS)
          .execute(() -> replace(stream, events, ended));
    } else {
      replace(stream, events, ended);
    }
  }

  /**
   * Locks the stream first, as the state machine's calls to {@link #open} and {@link #close} do: a
   * session is started while the map holds its entry, and starting one reads the stream.
   */
  private void replace(LiveStream stream, IngestSession.Events events, IngestSession ended) {
    synchronized (stream) {
      try {
        sessions.computeIfPresent(
            stream.id(), (id, current) -> current == ended ? listen(stream, events) : current);
      } catch (RuntimeException e) {
        sessions.remove(stream.id(), ended);
        LOG.error("RTMP ingest of stream {} could not listen again", stream.id(), e);
      }
    }
  }

  /**
   * Stops listening; completes once the last session has finished its files. Call holding the
   * stream's lock.
   */
  CompletableFuture<Void> close(LiveStream stream) {
    IngestSession session = sessions.remove(stream.id());
    return session == null ? CompletableFuture.completedFuture(null) : session.close();
  }

  /**
   * The folder of the stream's live HLS output, while an encoder pushes and the output has begun.
   */
  Optional<Path> liveOutput(LiveStream stream) {
    return Optional.ofNullable(sessions.get(stream.id())).flatMap(IngestSession::liveOutput);
  }

  @Override
  public void destroy() {
    List<IngestSession> closing;
    synchronized (this) {
      stopped = true;
      closing =
          sessions.keySet().stream()
              .map(sessions::remove)
              .filter(session -> session != null)
              .toList();
    }
    var ended =
        CompletableFuture.allOf(
            closing.stream().map(IngestSession::close).toArray(CompletableFuture[]::new));
    try {
      ended.get(SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
      closing.forEach(IngestSession::kill);
    } catch (InterruptedException e) {
      closing.forEach(IngestSession::kill);
      Thread.currentThread().interrupt();
    }
  }
}
