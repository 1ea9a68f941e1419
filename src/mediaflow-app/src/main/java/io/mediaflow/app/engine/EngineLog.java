package io.mediaflow.app.engine;

import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.stream.impl.StreamProcessor;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Gives back the memory of the in-memory engine's records once nobody can read them any more. zeebe-process-test
 * keeps every record it ever wrote twice, for as long as the engine runs: as a block of bytes in its log
 * ({@code InMemoryLogStorage}) and as a decoded object in its record stream ({@code RecordStreamSourceImpl}), which
 * made the embedded default's memory grow with its history: about 6 KB of live heap per record, 1.5 GB after some
 * 2,000 instances (EmbeddedDefaultBenchmark with {@code -Dbenchmark.live-heap=true}).
 *
 * <p>Why releasing is safe: the log has exactly two readers, both of which only move forward once the engine is
 * started (checked against zeebe-process-test 8.8.21, the version pinned in the pom): the stream processor, from
 * its last processed position on, and the record stream, which decodes what follows its last record (a seek to a
 * position starts at the block before it). So a block is released only below the block that a seek to the
 * lower of the processor's last processed position and the last record the {@link EngineRecordFeed} has read
 * would start from; no exporter runs in this engine. A decoded record is released once the feed has handed it
 * to every subscriber: the feed is the only reader of the record stream in the application, and it removes them
 * while holding the lock the record stream appends under. What still remains per record is a slot in the log's
 * list of blocks (a reference: 4 bytes per block of records, one block per command and its follow-ups; measured,
 * at most 0.3 KB per ended instance).
 */
final class EngineLog {

  private final StreamProcessor processor;
  /** The record stream's decoded records; appended to under {@link #appending}. */
  private final List<Record<?>> records;
  private final Object appending;
  /** The log's blocks by index, and the index (1-based) of each block by its lowest position. */
  private final List<ByteBuffer> blocks;
  private final ConcurrentSkipListMap<Long, Integer> blockByPosition;
  /** Blocks before this index are released. */
  private int released;

  private EngineLog(StreamProcessor processor, List<Record<?>> records, Object appending, List<ByteBuffer> blocks,
      ConcurrentSkipListMap<Long, Integer> blockByPosition) {
    this.processor = processor;
    this.records = records;
    this.appending = appending;
    this.blocks = blocks;
    this.blockByPosition = blockByPosition;
  }

  /** The log of zeebe-process-test's in-memory engine; empty for any other engine (a test's stand-in). */
  static Optional<EngineLog> of(ZeebeTestEngine engine) {
    if (!engine.getClass().getName().equals("io.camunda.zeebe.process.test.engine.InMemoryEngine")) {
      return Optional.empty();
    }
    Object recordStream = field(engine, "recordStream");
    Object storage = field(field(engine, "logStream", LogStream.class), "logStorage");
    return Optional.of(new EngineLog(field(engine, "streamProcessor", StreamProcessor.class),
        field(recordStream, "records"), field(recordStream, "logStreamReader"), field(storage, "logEntries"),
        field(storage, "positionIndexMapping")));
  }

  /**
   * Releases the first {@code read} decoded records, which the feed has handed to every subscriber, and the log's
   * blocks that no reader can reach any more; returns how many decoded records were released (all of them).
   */
  int release(int read) {
    if (read == 0) {
      return 0;
    }
    long lastRead = records.get(read - 1).getPosition();
    long lastProcessed = processor.getLastProcessedPositionAsync().join();
    synchronized (appending) {
      records.subList(0, read).clear();
      // The list never shrinks by itself; what is left is only what was appended since the feed read.
      ((ArrayList<?>) records).trimToSize();
    }
    Map.Entry<Long, Integer> seekStart = blockByPosition.lowerEntry(Math.min(lastRead, lastProcessed));
    if (seekStart != null) {
      int first = seekStart.getValue() - 1;
      // Setting a slot, unlike adding, leaves the list's size and the other slots alone, so it may race with the
      // log appending; should an append grow the list at that moment, that one block is simply kept.
      for (int i = released; i < first; i++) {
        blocks.set(i, null);
      }
      released = Math.max(released, first);
      blockByPosition.headMap(seekStart.getKey()).clear();
    }
    return read;
  }

  @SuppressWarnings("unchecked")
  private static <T> T field(Object owner, String name) {
    return (T) field(owner, name, Object.class);
  }

  private static <T> T field(Object owner, String name, Class<T> type) {
    try {
      Field field = owner.getClass().getDeclaredField(name);
      field.setAccessible(true);
      return type.cast(field.get(owner));
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException("The in-memory engine's " + owner.getClass().getSimpleName() + " has no "
          + name + ": zeebe-process-test changed, see EngineLog", e);
    }
  }
}
