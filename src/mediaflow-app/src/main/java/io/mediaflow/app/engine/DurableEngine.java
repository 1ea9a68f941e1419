package io.mediaflow.app.engine;

import io.camunda.search.clients.SearchClientsProxy;
import io.camunda.security.auth.BrokerRequestAuthorizationConverter;
import io.camunda.security.configuration.SecurityConfiguration;
import io.camunda.zeebe.db.AccessMetricsConfiguration;
import io.camunda.zeebe.db.ConsistencyChecksSettings;
import io.camunda.zeebe.db.ZeebeDb;
import io.camunda.zeebe.db.impl.rocksdb.ChecksumProviderRocksDBImpl;
import io.camunda.zeebe.db.impl.rocksdb.RocksDbConfiguration;
import io.camunda.zeebe.db.impl.rocksdb.ZeebeRocksDbFactory;
import io.camunda.zeebe.engine.Engine;
import io.camunda.zeebe.engine.EngineConfiguration;
import io.camunda.zeebe.engine.processing.EngineProcessors;
import io.camunda.zeebe.engine.processing.message.command.SubscriptionCommandSender;
import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.logstreams.log.LogStreamReader;
import io.camunda.zeebe.logstreams.log.LoggedEvent;
import io.camunda.zeebe.protocol.ZbColumnFamilies;
import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.scheduler.ActorScheduler;
import io.camunda.zeebe.snapshots.PersistedSnapshot;
import io.camunda.zeebe.snapshots.TransientSnapshot;
import io.camunda.zeebe.snapshots.impl.FileBasedSnapshotStore;
import io.camunda.zeebe.stream.impl.ControllableStreamClockImpl;
import io.camunda.zeebe.stream.impl.StreamProcessor;
import io.camunda.zeebe.util.FeatureFlags;
import io.camunda.zeebe.util.FileUtil;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyServerBuilder;
import io.mediaflow.app.engine.clock.EngineClock;
import io.mediaflow.app.engine.clock.PinnedClockRecovery;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Zeebe engine whose state survives a restart or a crash, assembled from Zeebe's own parts as a
 * broker assembles a partition: the state in RocksDB ({@link ZeebeRocksDbFactory}) under {@code
 * runtime/}, snapshots of it ({@link FileBasedSnapshotStore}) under {@code snapshots/}, the log
 * ({@link LogStream}) over a {@link FileLogStorage}'s segments under {@code log/}, whose appends
 * are on disk before a command is acknowledged, and the stream processor with the engine's record
 * processors; the gateway is Mediaflow's own over this log ({@link Gateway}, which it is opened
 * with).
 *
 * <p>Opening recovers as a broker does (its {@code StateControllerImpl}): the runtime folder is
 * thrown away, the latest snapshot is copied into it (a RocksDB checkpoint), and the stream
 * processor replays the log after the position that state last processed. A snapshot is taken every
 * {@code snapshotPeriod}, and sooner once the log has grown by {@code snapshotLogGrowth} (what a
 * crash would have to replay), and on a graceful stop; after a {@code kill -9} the log since the
 * last one is replayed. After each snapshot the log's segments below it, and below what the REST
 * API's history has kept in its {@code HistoryStore}, are deleted. The folder is locked while the
 * engine is open: one engine per folder.
 */
public final class DurableEngine implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(DurableEngine.class);
  private static final int PARTITION_ID = 1;
  private static final int PARTITION_COUNT = 1;
  private static final Duration REPLAY_TIMEOUT = Duration.ofMinutes(30);
  private static final Duration REPLAY_CHECK = Duration.ofMillis(20);

  /** How often the log's growth and the snapshot period are looked at. */
  private static final Duration SNAPSHOT_CHECK = Duration.ofSeconds(5);

  private static final String LOCK_FILE = ".lock";

  /**
   * Held on {@value #LOCK_FILE} while the engine is open; released when closed, or by the OS when
   * the JVM dies.
   */
  private final FileChannel folderLock;

  private final ActorScheduler scheduler;
  private final FileBasedSnapshotStore snapshots;
  private final ZeebeDb<ZbColumnFamilies> db;
  private final FileLogStorage storage;
  private final LogStream logStream;
  private final StreamProcessor streamProcessor;
  private final EngineClock clock;
  private final Gateway gateway;
  private final Server server;

  /**
   * The log's length and the time at the last snapshot, read and written on the snapshot timer; a
   * start counts the whole log as grown, so a start over a long log is followed by a snapshot.
   */
  private long logBytesAtSnapshot;

  private long snapshotNanos = System.nanoTime();
  private volatile LongSupplier logReader = () -> Long.MIN_VALUE;
  private final ScheduledExecutorService snapshotTimer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("engine-snapshots").factory());

  private DurableEngine(
      FileChannel folderLock,
      ActorScheduler scheduler,
      FileBasedSnapshotStore snapshots,
      ZeebeDb<ZbColumnFamilies> db,
      FileLogStorage storage,
      LogStream logStream,
      StreamProcessor streamProcessor,
      EngineClock clock,
      Gateway gateway,
      Server server) {
    this.folderLock = folderLock;
    this.scheduler = scheduler;
    this.snapshots = snapshots;
    this.db = db;
    this.storage = storage;
    this.logStream = logStream;
    this.streamProcessor = streamProcessor;
    this.clock = clock;
    this.gateway = gateway;
    this.server = server;
  }

  /**
   * Opens the engine kept in {@code dataDirectory}, recovering what it held, with its gateway on
   * {@code address}: keepalive as a real gateway's ({@code permitKeepAliveTime} = its {@code
   * minKeepAliveInterval}, none without a call in flight; gRPC's default policy cuts a Camunda
   * client, which pings every 45 s, with {@code GOAWAY too_many_pings}), every call through {@code
   * access}.
   */
  static DurableEngine open(
      Path dataDirectory,
      InetSocketAddress address,
      Duration minKeepAliveInterval,
      ServerInterceptor access,
      Duration snapshotPeriod,
      long snapshotLogGrowth,
      long logSegmentSize,
      Gateway gateway) {
    FileChannel folderLock = lockFolder(dataDirectory);
    try {
      return open(
          folderLock,
          dataDirectory,
          address,
          minKeepAliveInterval,
          access,
          snapshotPeriod,
          snapshotLogGrowth,
          logSegmentSize,
          gateway);
    } catch (RuntimeException | Error e) {
      closeQuietly(folderLock);
      throw e;
    }
  }

  private static DurableEngine open(
      FileChannel folderLock,
      Path dataDirectory,
      InetSocketAddress address,
      Duration minKeepAliveInterval,
      ServerInterceptor access,
      Duration snapshotPeriod,
      long snapshotLogGrowth,
      long logSegmentSize,
      Gateway gateway) {
    MeterRegistry meters = new SimpleMeterRegistry();
    ActorScheduler scheduler =
        ActorScheduler.newActorScheduler()
            .setCpuBoundActorThreadCount(1)
            .setIoBoundActorThreadCount(1)
            .setMeterRegistry(meters)
            .build();
    scheduler.start();
    var snapshots =
        new FileBasedSnapshotStore(
            0,
            PARTITION_ID,
            dataDirectory.resolve("snapshots"),
            new ChecksumProviderRocksDBImpl(),
            meters);
    scheduler.submitActor(snapshots).join();

    var dbFactory =
        new ZeebeRocksDbFactory<ZbColumnFamilies>(
            new RocksDbConfiguration(),
            new ConsistencyChecksSettings(true, false),
            new AccessMetricsConfiguration(AccessMetricsConfiguration.Kind.NONE, PARTITION_ID),
            SimpleMeterRegistry::new);
    Path runtime = dataDirectory.resolve("runtime");
    Optional<PersistedSnapshot> latest = snapshots.getLatestSnapshot();
    try {
      FileUtil.deleteFolderIfExists(runtime);
      if (latest.isPresent()) {
        try (var snapshotDb = dbFactory.openSnapshotOnlyDb(latest.get().getPath().toFile())) {
          snapshotDb.createSnapshot(runtime.toFile());
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException(
          "Cannot restore the engine's state from "
              + latest.map(Object::toString).orElse("an empty folder")
              + " in "
              + dataDirectory,
          e);
    }
    ZeebeDb<ZbColumnFamilies> db = dbFactory.createDb(runtime.toFile());

    FileLogStorage storage = FileLogStorage.open(dataDirectory.resolve("log"), logSegmentSize);
    if (storage.truncatedBytes() > 0) {
      LOG.warn(
          "The engine's log ended in a write a crash tore: its last {} bytes, never acknowledged, were cut off",
          storage.truncatedBytes());
    }
    // One clock for processing and for the records' timestamps, as Camunda's broker has it: while
    // the clock is pinned, what the engine writes is dated at the pinned time (an instance started
    // then shows that start date).
    var clock = new ControllableStreamClockImpl(InstantSource.system());
    LogStream logStream =
        LogStream.builder()
            .withPartitionId(PARTITION_ID)
            .withLogStorage(storage)
            .withClock(clock)
            .withMeterRegistry(meters)
            .build();

    gateway.open(logStream);
    var security = new SecurityConfiguration();
    security.getAuthorizations().setEnabled(false);
    var commandSender = gateway.commandSender();
    StreamProcessor streamProcessor =
        StreamProcessor.builder()
            .logStream(logStream)
            .zeebeDb(db)
            .commandResponseWriter(gateway.responseWriter())
            .partitionCommandSender(commandSender)
            .recordProcessors(
                List.of(
                    new Engine(
                        context ->
                            EngineProcessors.createEngineProcessors(
                                context,
                                PARTITION_COUNT,
                                new SubscriptionCommandSender(
                                    context.getPartitionId(), commandSender),
                                commandSender,
                                FeatureFlags.createDefault(),
                                gateway.jobStreamer(),
                                SearchClientsProxy.noop(),
                                new BrokerRequestAuthorizationConverter(security)),
                        new EngineConfiguration(),
                        security),
                    new PinnedClockRecovery()))
            .actorSchedulingService(scheduler)
            .clock(clock)
            .meterRegistry(meters)
            .build();
    // The processor reads the last processed position from the restored state and replays the log
    // after it.
    long replayStarted = System.nanoTime();
    streamProcessor.openAsync(false).join();
    awaitReplay(streamProcessor);
    Duration replayed = Duration.ofNanos(System.nanoTime() - replayStarted);

    Server server =
        NettyServerBuilder.forAddress(address)
            .permitKeepAliveTime(minKeepAliveInterval.toMillis(), TimeUnit.MILLISECONDS)
            .permitKeepAliveWithoutCalls(false)
            .addService(ServerInterceptors.intercept(gateway.service(), access))
            .build();
    try {
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException("The engine's gateway cannot listen on " + address, e);
    }
    LOG.info(
        "Durable engine in {}: {}, {} log entries, replayed in {} ms",
        dataDirectory.toAbsolutePath(),
        latest.map(snapshot -> "recovered from snapshot " + snapshot.getId()).orElse("no snapshot"),
        storage.blockCount(),
        replayed.toMillis());
    var engine =
        new DurableEngine(
            folderLock,
            scheduler,
            snapshots,
            db,
            storage,
            logStream,
            streamProcessor,
            new EngineClock(clock),
            gateway,
            server);
    engine.snapshotTimer.scheduleWithFixedDelay(
        () -> engine.snapshotIfDue(snapshotPeriod, snapshotLogGrowth),
        SNAPSHOT_CHECK.toMillis(),
        SNAPSHOT_CHECK.toMillis(),
        TimeUnit.MILLISECONDS);
    return engine;
  }

  /**
   * Locks the data folder for this engine: opening deletes the runtime state and replays into it,
   * so a second engine on the same folder (a second application started in the same directory, or a
   * second test context) would wreck the first one's state; it is refused instead, naming the
   * folder.
   */
  private static FileChannel lockFolder(Path dataDirectory) {
    try {
      Files.createDirectories(dataDirectory);
      FileChannel channel =
          FileChannel.open(
              dataDirectory.resolve(LOCK_FILE),
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException heldInThisJvm) {
        lock = null;
      }
      if (lock == null) {
        channel.close();
        throw new IllegalStateException(
            "The engine's data folder "
                + dataDirectory.toAbsolutePath()
                + " is in use by another engine: stop it, or set another mediaflow.engine.data-directory");
      }
      return channel;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot lock the engine's data folder " + dataDirectory.toAbsolutePath(), e);
    }
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      LOG.warn("Cannot release the lock of the engine's data folder: {}", e.toString());
    }
  }

  /**
   * Returns once the stream processor has replayed the log after its snapshot: before that the
   * gateway takes commands but answers none, and the application's first calls (deploying its
   * models) would time out.
   */
  private static void awaitReplay(StreamProcessor processor) {
    long deadline = System.nanoTime() + REPLAY_TIMEOUT.toNanos();
    while (true) {
      StreamProcessor.Phase phase = processor.getCurrentPhase().join();
      if (phase == StreamProcessor.Phase.PROCESSING) {
        return;
      }
      if (phase == StreamProcessor.Phase.FAILED || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "The engine's stream processor did not replay its log (phase " + phase + ")");
      }
      LockSupport.parkNanos(
          REPLAY_CHECK.toNanos()); // the processor offers no notice of the end of its replay
    }
  }

  /**
   * Every record of the log after {@code position} (-1: from the first on), each read once: the
   * records of before a restart too. Whoever reads them must say, through {@link #keepLogFrom},
   * which of them it still needs.
   */
  public EngineRecordFeed.RecordSource recordsAfter(long position) {
    LogStreamReader reader = logStream.newLogStreamReader();
    reader.seek(
        position + 1); // the first record after it, even once the segment holding it is deleted
    return action -> {
      while (reader.hasNext()) {
        action.accept(copy(reader.next()));
      }
    };
  }

  /**
   * A record read from the log, decoded into a value of its own type only (a generic record stream
   * builds an empty value of each of the ~50 record types to decode one), and copied: the reader
   * reuses its buffer.
   */
  private static Record<?> copy(LoggedEvent event) {
    var metadata = new RecordMetadata();
    event.readMetadata(metadata);
    UnifiedRecordValue value = UnifiedRecordValue.fromValueType(metadata.getValueType());
    event.readValue(value);
    return new CopiedRecord<>(
        value,
        metadata,
        event.getKey(),
        PARTITION_ID,
        event.getPosition(),
        event.getSourceEventPosition(),
        event.getTimestamp());
  }

  /** The clock the engine's processing follows. */
  EngineClock clock() {
    return clock;
  }

  /**
   * The log's other reader (the REST API's history) keeps what it derived from the log when called,
   * and returns the position from which on it still needs the log; until it is set, nothing is
   * deleted.
   */
  public void keepLogFrom(LongSupplier reader) {
    logReader = reader;
  }

  /**
   * Takes a snapshot of the state at the last processed position, as a broker does periodically and
   * on stop, then deletes the log below it.
   */
  private void snapshot() {
    long processed;
    streamProcessor.pauseProcessing().join();
    try {
      processed = streamProcessor.getLastProcessedPositionAsync().join();
      // A broker's index and term are its journal's; the processed position is what orders the
      // snapshots here.
      var created = snapshots.newTransientSnapshot(processed, 1, processed, processed, false);
      if (created.isLeft()) {
        throw new IllegalStateException(
            "Cannot take a snapshot at " + processed, created.getLeft());
      }
      TransientSnapshot transientSnapshot = created.get();
      transientSnapshot.take(path -> db.createSnapshot(path.toFile())).join();
      transientSnapshot.persist().join();
    } finally {
      streamProcessor.resumeProcessing();
    }
    compact(processed);
  }

  /**
   * As a broker's {@code LogCompactor} after a snapshot is persisted: the segments below the
   * snapshot's processed position and below what the log's other reader still needs are deleted (a
   * broker's bound is the lower of the processed and the exported position). The replay after a
   * crash starts at the snapshot's position, which stays.
   */
  private void compact(long processed) {
    long bound = Math.min(processed, logReader.getAsLong());
    int deleted = storage.deleteUntil(bound);
    if (deleted > 0) {
      LOG.debug("Deleted {} log segments below position {}", deleted, bound);
    }
  }

  private void snapshotIfDue(Duration period, long logGrowth) {
    long bytes = storage.bytesWritten();
    if (bytes - logBytesAtSnapshot >= logGrowth
        || System.nanoTime() - snapshotNanos >= period.toNanos()) {
      snapshotQuietly();
      logBytesAtSnapshot = bytes;
      snapshotNanos = System.nanoTime();
    }
  }

  private void snapshotQuietly() {
    try {
      snapshot();
    } catch (RuntimeException e) {
      // The log since the last snapshot is replayed instead; the next period tries again.
      LOG.warn("The engine's periodic snapshot failed: {}", e.toString());
    }
  }

  /**
   * A graceful stop: the gateway closes, a snapshot is taken, then everything is closed in order.
   */
  @Override
  public void close() throws Exception {
    snapshotTimer.shutdownNow();
    // A periodic snapshot under way ends first: the stop's own must not run beside it, nor the
    // state and the log close under it.
    snapshotTimer.awaitTermination(30, TimeUnit.SECONDS);
    server.shutdown();
    gateway.close(); // the workers' waiting polls and job streams, which the server would wait for
    server.awaitTermination(10, TimeUnit.SECONDS);
    snapshotQuietly();
    streamProcessor.closeAsync().join();
    logStream.close();
    snapshots.closeAsync().join();
    db.close();
    scheduler.stop().get(30, TimeUnit.SECONDS);
    storage.close();
    folderLock.close();
  }
}
