package io.mediaflow.app.engine;

import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.logstreams.log.LogStreamReader;
import io.camunda.zeebe.logstreams.log.LoggedEvent;
import io.camunda.zeebe.logstreams.storage.LogStorageReader;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.stream.impl.StreamProcessor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The in-memory engine's log, read directly: each record written since the last read, as a {@link Record}; and
 * the log's memory given back once no reader can reach a record any more.
 *
 * <p>Reading: zeebe-process-test's record stream ({@code ZeebeTestEngine.getRecordStreamSource()}) does the same,
 * but to decode one record it builds an empty value of every one of the ~50 record types and keeps one
 * ({@code UnifiedRecordValue.allRecordsMap()}), which made reading the records a sixth of the application's CPU
 * under load; and it keeps every decoded record in a list, about 6 KB of live heap per record, 1.5 GB after some
 * 2,000 instances. Here only the record's own type is built, and nothing is kept: what the application needs from
 * a record, its subscribers keep.
 *
 * <p>Releasing: the log itself ({@code InMemoryLogStorage}) keeps every block of records it was given for as long
 * as the engine runs. It has exactly two readers, both of which only move forward once the engine is started
 * (checked against zeebe-process-test 8.8.21, the version pinned in the pom): the stream processor, from its last
 * processed position on, and this class. A seek to a position starts at the block before it, so every block
 * below the block that a seek to the lower of the two positions would start from is released; no exporter runs
 * in this engine. What remains per block is a null slot in the log's list (measured: at most 0.3 KB per ended
 * instance).
 *
 * <p>Racing the appender: the log appends to a plain {@code ArrayList} on the engine's thread, with no
 * synchronisation, so a reader that trusted the list's size could meet a block counted but not yet visible (a
 * {@code NullPointerException} in the seek or the read: the search answering 500 under load). The log does publish
 * each block safely, though: right after adding it, it puts the block's index into a {@code ConcurrentSkipListMap},
 * whose writes happen-before every read that sees them. So this class reads the log through {@link PublishedBlocks},
 * which goes only as far as the highest index that map holds: every block below it is fully visible.
 */
final class EngineLog implements EngineRecordFeed.RecordSource {

  /** The in-memory engine has one partition. */
  private static final int PARTITION_ID = 1;
  /** Blocks are released in batches: releasing asks the stream processor for its position. */
  private static final int RELEASE_AFTER = 2_000;

  private final LogStream log;
  private final LogStreamReader reader;
  private final StreamProcessor processor;
  /** The log's blocks by index, and the index (1-based) of each block by its lowest position. */
  private final List<ByteBuffer> blocks;
  private final ConcurrentSkipListMap<Long, Integer> blockByPosition;
  private long lastPosition = -1;
  private int readSinceRelease;
  /** Blocks before this index are released. */
  private int released;

  private EngineLog(LogStream log, StreamProcessor processor, Object storage) {
    this.log = log;
    this.processor = processor;
    this.blocks = field(storage, "logEntries");
    this.blockByPosition = field(storage, "positionIndexMapping");
    this.reader = eventReader(new PublishedBlocks(blocks, blockByPosition));
  }

  /** The log of zeebe-process-test's in-memory engine. */
  static EngineLog of(ZeebeTestEngine engine) {
    LogStream log = EmbeddedGateway.logStream(engine);
    return new EngineLog(log, EmbeddedGateway.streamProcessor(engine), field(log, "logStorage"));
  }

  @Override
  public void whenWritten(Runnable listener) {
    log.registerRecordAvailableListener(listener::run);
  }

  @Override
  public void readNew(Consumer<Record<?>> action) {
    // The reader stays where the last read ended: it was made at the log's first event, and reads on from there.
    while (reader.hasNext()) {
      LoggedEvent event = reader.next();
      action.accept(copy(event));
      lastPosition = event.getPosition();
      readSinceRelease++;
    }
    if (readSinceRelease >= RELEASE_AFTER) {
      release();
      readSinceRelease = 0;
    }
  }

  private void release() {
    long lastProcessed;
    try {
      lastProcessed = processor.getLastProcessedPositionAsync().join();
    } catch (RuntimeException stopping) {
      return; // what is not released now is released with the engine
    }
    Map.Entry<Long, Integer> seekStart = blockByPosition.lowerEntry(Math.min(lastPosition, lastProcessed));
    if (seekStart == null) {
      return;
    }
    int first = seekStart.getValue() - 1;
    // Setting a slot, unlike adding, leaves the list's size and the other slots alone, so it may race with the
    // log appending; should an append grow the list at that moment, that one block is simply kept.
    for (int i = released; i < first; i++) {
      blocks.set(i, null);
    }
    released = Math.max(released, first);
    blockByPosition.headMap(seekStart.getKey()).clear();
  }

  static Record<?> copy(LoggedEvent event) {
    var metadata = new RecordMetadata();
    event.readMetadata(metadata);
    UnifiedRecordValue value = UnifiedRecordValue.fromValueType(metadata.getValueType());
    event.readValue(value);
    return new CopiedRecord<>(value, metadata, event.getKey(), PARTITION_ID, event.getPosition(),
        event.getSourceEventPosition(), event.getTimestamp());
  }

  /**
   * Zeebe's reader of events from a log's blocks, over {@code blocks}: the log stream's own factory method would
   * give it the in-memory log's reader, which races the appender, and its constructor is package-private.
   */
  private static LogStreamReader eventReader(LogStorageReader blocks) {
    try {
      Constructor<?> constructor = Class.forName("io.camunda.zeebe.logstreams.impl.log.LogStreamReaderImpl")
          .getDeclaredConstructor(LogStorageReader.class);
      constructor.setAccessible(true);
      return (LogStreamReader) constructor.newInstance(blocks);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("zeebe-logstreams has no LogStreamReaderImpl(LogStorageReader): it changed,"
          + " see EngineLog", e);
    }
  }

  /**
   * The in-memory log's blocks as far as the log has published them (see the class comment): a block counts once
   * its index is in {@code blockByPosition}, which the log writes after the block. Released blocks lie below every
   * position a seek is asked for, so they are never read.
   */
  static final class PublishedBlocks implements LogStorageReader {

    private final List<ByteBuffer> blocks;
    private final ConcurrentSkipListMap<Long, Integer> blockByPosition;
    /** The index of the next block to read. */
    private int next;

    PublishedBlocks(List<ByteBuffer> blocks, ConcurrentSkipListMap<Long, Integer> blockByPosition) {
      this.blocks = blocks;
      this.blockByPosition = blockByPosition;
    }

    @Override
    public void seek(long position) {
      // As the in-memory log's own reader: the block before the one whose lowest position is at or above it.
      Map.Entry<Long, Integer> before = blockByPosition.lowerEntry(position);
      next = before == null ? 0 : before.getValue() - 1;
    }

    @Override
    public boolean hasNext() {
      return next < published();
    }

    @Override
    public DirectBuffer next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return new UnsafeBuffer(blocks.get(next++));
    }

    @Override
    public void close() {}

    /** How many blocks the log has published: the highest (1-based) index its map holds. */
    private int published() {
      Map.Entry<Long, Integer> last = blockByPosition.lastEntry();
      return last == null ? 0 : last.getValue();
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T field(Object owner, String name) {
    try {
      Field field = owner.getClass().getDeclaredField(name);
      field.setAccessible(true);
      return (T) field.get(owner);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("The in-memory engine's " + owner.getClass().getSimpleName() + " has no "
          + name + ": zeebe-process-test changed, see EngineLog", e);
    }
  }
}
