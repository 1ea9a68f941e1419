package io.mediaflow.app.engine;

import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.logstreams.log.LogStreamReader;
import io.camunda.zeebe.logstreams.log.LoggedEvent;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.protocol.impl.record.CopiedRecord;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.stream.impl.StreamProcessor;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;

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
 */
final class EngineLog implements EngineRecordFeed.RecordSource {

  /** The in-memory engine has one partition. */
  private static final int PARTITION_ID = 1;
  /** Blocks are released in batches: releasing asks the stream processor for its position. */
  private static final int RELEASE_AFTER = 2_000;

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
    this.reader = log.newLogStreamReader();
    this.processor = processor;
    this.blocks = field(storage, "logEntries");
    this.blockByPosition = field(storage, "positionIndexMapping");
  }

  /** The log of zeebe-process-test's in-memory engine. */
  static EngineLog of(ZeebeTestEngine engine) {
    LogStream log = EmbeddedGateway.logStream(engine);
    return new EngineLog(log, EmbeddedGateway.streamProcessor(engine), field(log, "logStorage"));
  }

  @Override
  public void readNew(Consumer<Record<?>> action) {
    if (lastPosition < 0) {
      reader.seekToFirstEvent();
    } else {
      reader.seekToNextEvent(lastPosition);
    }
    try {
      while (reader.hasNext()) {
        LoggedEvent event = reader.next();
        action.accept(copy(event));
        lastPosition = event.getPosition();
        readSinceRelease++;
      }
    } catch (NullPointerException | IndexOutOfBoundsException raced) {
      // The log appends to its list without synchronization, so a read can meet a block the log has counted but
      // not yet stored: what was read before it is handed on now, the rest next time.
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

  private static Record<?> copy(LoggedEvent event) {
    var metadata = new RecordMetadata();
    event.readMetadata(metadata);
    UnifiedRecordValue value = UnifiedRecordValue.fromValueType(metadata.getValueType());
    event.readValue(value);
    return new CopiedRecord<>(value, metadata, event.getKey(), PARTITION_ID, event.getPosition(),
        event.getSourceEventPosition(), event.getTimestamp());
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
