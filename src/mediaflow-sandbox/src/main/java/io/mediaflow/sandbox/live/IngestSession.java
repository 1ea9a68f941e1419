package io.mediaflow.sandbox.live;

import io.mediaflow.sandbox.media.ChildProcesses;
import io.mediaflow.sandbox.media.FfmpegPrograms;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One ffmpeg process that listens at a stream's RTMP ingest for one publisher (see {@link
 * IngestCommand}), from listening until the publisher leaves, the stream stops, or nobody came
 * within the listen time. It reports what happens to the stream's {@link Events}: a publisher with
 * the stream's key connected (ffmpeg's first progress report), the live output began (the HLS
 * playlist exists, so its first segment is complete), the session ended.
 *
 * <p>ffmpeg's RTMP listener only warns when a publisher names another stream key; the session
 * treats that warning as a refusal and kills ffmpeg before anything is recorded or relayed.
 * ffmpeg's log names the stream key, so it is never copied to the sandbox's log; a failure shows
 * its last lines with every key masked.
 */
final class IngestSession {

  /** What a session reports, each from the session's own threads. */
  interface Events {
    /**
     * A publisher with the right key is pushing; false refuses it (the stream takes no input now).
     */
    boolean rtmpConnected(LiveStream stream);

    /** The live HLS output has its first segment. */
    void rtmpPlaying(LiveStream stream);

    /**
     * The publisher left or was refused, or the session was closed; every finished DVR file is
     * listed.
     */
    void rtmpEnded(LiveStream stream);
  }

  private static final Logger LOG = LoggerFactory.getLogger(IngestSession.class);
  private static final int LOG_TAIL = 20;
  private static final Duration CLEAN_EXIT = Duration.ofSeconds(10);

  private final LiveStream stream;
  private final Events events;
  private final Path work;
  private final Path hls;
  private final List<DvrSegments> dvr;
  private final Process process;
  private final Deque<String> logTail = new ArrayDeque<>();
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private volatile boolean connected;
  private volatile boolean playing;
  private volatile boolean refused;
  private volatile boolean closing;

  private IngestSession(
      LiveStream stream, Events events, Path work, List<DvrSegments> dvr, Process process) {
    this.stream = stream;
    this.events = events;
    this.work = work;
    this.hls = work.resolve("hls");
    this.dvr = dvr;
    this.process = process;
  }

  /** Starts listening; {@code work} is the session's own folder, deleted when it ends. */
  static IngestSession listen(
      LiveStream stream, Events events, DvrFolder folder, Path work, Duration listenFor) {
    try {
      Files.createDirectories(work.resolve("hls"));
      List<DvrSegments> dvr = DvrSegments.plan(stream, folder, work);
      // DVR numbering goes on across the stream's live periods.
      List<String> command =
          IngestCommand.of(
              stream, listenFor, work.resolve("hls"), dvr, stream.chunksRecorded() + 1);
      Process process = ChildProcesses.start(FfmpegPrograms.process(command));
      var session = new IngestSession(stream, events, work, dvr, process);
      Thread.ofVirtual().name("rtmp-progress-" + stream.id()).start(session::readProgress);
      Thread.ofVirtual().name("rtmp-log-" + stream.id()).start(session::readLog);
      return session;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the RTMP ingest of stream " + stream.id(), e);
    }
  }

  /** Completes once ffmpeg has exited and every DVR file it finished is listed. */
  CompletableFuture<Void> ended() {
    return ended;
  }

  boolean hadPublisher() {
    return connected || refused;
  }

  /** Ended by {@link #close()} or {@link #kill()}, not by itself. */
  boolean closed() {
    return closing;
  }

  /** The folder of the live HLS output, once it has a segment. */
  Optional<Path> liveOutput() {
    return playing && !ended.isDone() ? Optional.of(hls) : Optional.empty();
  }

  /**
   * Ends the session: with a publisher, {@code q} makes ffmpeg finish every file; a listener
   * without one is terminated. Returns at once; {@link #ended()} completes when ffmpeg is gone.
   */
  CompletableFuture<Void> close() {
    closing = true;
    if (connected) {
      try (var stdin = process.getOutputStream()) {
        stdin.write('q');
      } catch (IOException alreadyGone) {
        // ffmpeg exited on its own meanwhile.
      }
    } else {
      process.destroy();
    }
    Thread.ofVirtual()
        .start(
            () -> {
              try {
                if (!process.waitFor(CLEAN_EXIT.toMillis(), TimeUnit.MILLISECONDS)) {
                  LOG.warn(
                      "RTMP ingest of stream {} did not end within {}; killed",
                      stream.id(),
                      CLEAN_EXIT);
                  process.destroyForcibly();
                }
              } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
              }
            });
    return ended;
  }

  /** Kills ffmpeg at once, its files unfinished: for a sandbox that is going away. */
  void kill() {
    closing = true;
    process.destroyForcibly();
  }

  private void readProgress() {
    try (var lines = reader(process.getInputStream())) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.startsWith("progress=")) {
          progressed();
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("Lost the progress of the RTMP ingest of stream {}", stream.id(), e);
    } finally {
      finish();
    }
  }

  /**
   * After each progress report: connected on the first, playing once the playlist exists, new DVR
   * files.
   */
  private void progressed() {
    if (!connected && !refused && !closing) {
      connected = true;
      if (!events.rtmpConnected(stream)) {
        refused = true;
        process.destroyForcibly();
        return;
      }
    }
    if (connected && !playing && Files.exists(hls.resolve(IngestCommand.PLAYLIST))) {
      playing = true;
      events.rtmpPlaying(stream);
    }
    dvr.forEach(output -> output.collect(closing));
  }

  private void readLog() {
    try (var lines = reader(process.getErrorStream())) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.contains("Unexpected stream") || line.contains("App field don't match")) {
          refused = true;
          process.destroyForcibly();
          LOG.info(
              "RTMP ingest of stream {} refused a publisher with another app or stream key",
              stream.id());
        }
        synchronized (logTail) {
          logTail.addLast(masked(line));
          if (logTail.size() > LOG_TAIL) {
            logTail.removeFirst();
          }
        }
      }
    } catch (IOException e) {
      LOG.debug("ffmpeg's log of stream {} closed", stream.id(), e);
    }
  }

  /**
   * ffmpeg has closed its output: wait for it to exit, list the last DVR files, report the end,
   * clean up.
   */
  private void finish() {
    try {
      int exit = process.waitFor();
      dvr.forEach(output -> output.collect(true));
      if (exit != 0 && connected && !refused && !closing) {
        LOG.warn(
            "RTMP ingest of stream {} ended with exit code {}:\n{}", stream.id(), exit, tail());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.error("The DVR files of stream {} could not be listed", stream.id(), e);
    } finally {
      try {
        events.rtmpEnded(stream);
      } finally {
        delete(work);
        ended.complete(null);
      }
    }
  }

  /** ffmpeg's last log lines, for a failure; every stream key in them masked. */
  String tail() {
    synchronized (logTail) {
      return String.join("\n", logTail);
    }
  }

  private String masked(String line) {
    String masked = line.replace(stream.streamKey(), "***");
    for (LiveSimulcastTarget target : stream.simulcastTargets().orElse(List.of())) {
      masked = masked.replace(target.streamKey(), "***");
    }
    return masked;
  }

  private static BufferedReader reader(InputStream in) {
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
  }

  static void delete(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      LOG.debug("Could not delete {}", folder, e);
    }
  }
}
