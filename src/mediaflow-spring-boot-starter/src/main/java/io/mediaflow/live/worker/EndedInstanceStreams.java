package io.mediaflow.live.worker;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientHttpException;
import io.camunda.client.api.search.enums.ProcessInstanceState;
import io.mediaflow.live.GetStream;
import io.mediaflow.live.LiveClient;
import io.mediaflow.live.StopStream;
import io.mediaflow.live.Stream;
import io.mediaflow.live.StreamFilter;
import io.mediaflow.live.StreamState;
import io.mediaflow.live.SweepProperties;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Stops the streams whose creating process instance has ended without stopping them. Zeebe runs no
 * BPMN when an instance is cancelled (by the REST API, Operate, the console, a modification that
 * terminates its elements), so a started stream would hold its transcoder, and relay to its
 * simulcast targets, for as long as an encoder pushes.
 *
 * <p>Every {@code mediaflow.live.sweep.interval} it lists the service's streams that have a
 * callback URL, keeps the running ones (starting, waiting, launching, live, idle: document 2's
 * states a stop applies to, each holding a transcoder) whose URL names a creating instance these
 * workers signed ({@link CreatingInstances}), and asks the engine about each instance: an instance
 * still {@code ACTIVE} keeps its stream; a {@code COMPLETED} or {@code TERMINATED} one has it
 * stopped; one the engine does not know (404: deleted, or dropped from the history) has it stopped
 * once {@code unknown-instance-grace} has passed since the create, since a cluster's search storage
 * shows a new instance a moment after it starts. Anything else (the engine unreachable, a state
 * this client does not know) leaves the stream alone until the next sweep, logged.
 *
 * <p>It keeps nothing between sweeps, so each replica runs it and any replica may stop: a stream
 * two replicas stop at once is stopped once more, which the service takes as done (a stopping or
 * stopped stream stays so). Streams in status created hold no transcoder and are left, as are the
 * playback IDs, simulcast targets and signing keys of a stopped stream.
 */
public class EndedInstanceStreams implements SmartLifecycle {

  private static final Logger LOG = LoggerFactory.getLogger(EndedInstanceStreams.class);

  /** The states a stop applies to: a transcoder is allocated. */
  private static final Set<String> RUNNING =
      Set.of(
          StreamState.STARTING.apiName(),
          StreamState.WAITING.apiName(),
          StreamState.LAUNCHING.apiName(),
          StreamState.LIVE.apiName(),
          StreamState.IDLE.apiName());

  private static final Set<String> STOPPED =
      Set.of(StreamState.STOPPING.apiName(), StreamState.STOPPED.apiName());

  private final LiveClient client;
  private final CamundaClient camunda;
  private final CreatingInstances creators;
  private final SweepProperties properties;
  private final Clock clock;
  private ScheduledExecutorService timer;

  EndedInstanceStreams(
      LiveClient client,
      CamundaClient camunda,
      CreatingInstances creators,
      SweepProperties properties,
      Clock clock) {
    this.client = client;
    this.camunda = camunda;
    this.creators = creators;
    this.properties = properties;
    this.clock = clock;
  }

  /** What the engine says of a creating instance. */
  enum Verdict {
    ACTIVE,
    ENDED,
    UNKNOWN_YET,
    NO_ANSWER
  }

  /**
   * One sweep: the streams it stopped. Any fault stops only the stream it concerns, or, listing the
   * streams, this sweep; the next one tries again.
   */
  public List<String> sweep() {
    List<Stream> streams;
    try {
      streams = client.listStreams(StreamFilter.all().andNotNull("params.callback_url"));
    } catch (RuntimeException unreachable) {
      LOG.warn(
          "Could not list the live streams to stop those of ended instances: {}",
          unreachable.toString());
      return List.of();
    }
    var verdicts = new HashMap<Long, Verdict>();
    return streams.stream()
        .filter(stream -> RUNNING.contains(stream.statusName()))
        .filter(stream -> shouldStop(stream, verdicts))
        .filter(this::stop)
        .map(Stream::id)
        .toList();
  }

  private boolean shouldStop(Stream stream, Map<Long, Verdict> verdicts) {
    Optional<CreatingInstances.Creator> creator =
        Optional.ofNullable(stream.params()).flatMap(params -> creators.of(params.callbackUrl()));
    if (creator.isEmpty()) {
      return false;
    }
    long key = creator.get().processInstanceKey();
    return switch (verdicts.computeIfAbsent(key, this::ask)) {
      case ACTIVE, NO_ANSWER -> false;
      case ENDED -> true;
      case UNKNOWN_YET ->
          creator
              .get()
              .createdAt()
              .plus(properties.unknownInstanceGrace())
              .isBefore(clock.instant());
    };
  }

  private Verdict ask(long processInstanceKey) {
    try {
      ProcessInstanceState state =
          camunda.newProcessInstanceGetRequest(processInstanceKey).send().join().getState();
      if (state == ProcessInstanceState.ACTIVE) {
        return Verdict.ACTIVE;
      }
      if (state == ProcessInstanceState.COMPLETED || state == ProcessInstanceState.TERMINATED) {
        return Verdict.ENDED;
      }
      LOG.warn(
          "Process instance {} is in state {}; its live streams are left running",
          processInstanceKey,
          state);
      return Verdict.NO_ANSWER;
    } catch (ClientHttpException problem) {
      if (problem.code() == 404) {
        return Verdict.UNKNOWN_YET;
      }
      LOG.warn(
          "The engine did not say whether process instance {} is active ({}); its live streams are left running until it does",
          processInstanceKey,
          problem.toString());
      return Verdict.NO_ANSWER;
    } catch (RuntimeException unreachable) {
      LOG.warn(
          "The engine did not say whether process instance {} is active ({}); its live streams are left running until it does",
          processInstanceKey,
          unreachable.toString());
      return Verdict.NO_ANSWER;
    }
  }

  /** Stops the stream; a stop that fails while the stream is stopping or stopped is done too. */
  private boolean stop(Stream stream) {
    try {
      client.stopStream(new StopStream(stream.id()));
      LOG.info(
          "Stopped live stream {}: the process instance that created it has ended", stream.id());
      return true;
    } catch (RuntimeException failed) {
      try {
        if (STOPPED.contains(client.getStream(new GetStream(stream.id())).statusName())) {
          return true;
        }
      } catch (RuntimeException alsoFailed) {
        failed.addSuppressed(alsoFailed);
      }
      LOG.warn(
          "Could not stop live stream {}, whose process instance has ended ({}); the next sweep tries again",
          stream.id(),
          failed.toString());
      return false;
    }
  }

  @Override
  public synchronized void start() {
    timer =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "mediaflow-live-sweep");
              thread.setDaemon(true);
              return thread;
            });
    long every = properties.interval().toMillis();
    timer.scheduleWithFixedDelay(this::sweepQuietly, every, every, TimeUnit.MILLISECONDS);
  }

  /** A scheduled task that throws is never run again: nothing may leave the sweep. */
  private void sweepQuietly() {
    try {
      sweep();
    } catch (RuntimeException unexpected) {
      LOG.warn("The sweep for streams of ended instances failed; it runs again", unexpected);
    }
  }

  @Override
  public synchronized void stop() {
    if (timer != null) {
      timer.shutdownNow();
      timer = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return timer != null;
  }
}
