package io.mediaflow.app.engine;

import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.protocol.record.Record;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Reads the in-memory engine's record stream once: each record is handed to every subscriber, in order, and the
 * feed remembers how far it read, so a read costs only what was written since the last one. Whatever the
 * application derives from the records (the REST API's view, the backoff recovery) subscribes here instead of
 * walking the stream itself.
 *
 * <p>The engine keeps its records in a plain list that it appends to whenever anyone asks for records, so the
 * list is read by index up to the size seen at the start of a read; what is appended meanwhile is read next time.
 * Once every subscriber has seen a few thousand records, the engine is told to forget them ({@link EngineLog}), so
 * that its memory does not grow with history: a subscriber keeps what it needs, nobody else reads the stream.
 */
@Component
@ConditionalOnProperty(name = "mediaflow.engine.embedded", havingValue = "true", matchIfMissing = true)
public class EngineRecordFeed {

  /** Receives every record once, in the stream's order, on whichever thread catches the feed up. */
  public interface Subscriber {
    void accept(Record<?> record);
  }

  private static final Logger LOG = LoggerFactory.getLogger(EngineRecordFeed.class);
  /** Read records are released in batches: releasing asks the stream processor for its position. */
  private static final int RELEASE_AFTER = 2_000;

  private final ZeebeTestEngine engine;
  private final Optional<EngineLog> log;
  private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
  private final ReentrantLock reading = new ReentrantLock();
  /** The index of the next record to read in the engine's list, which loses its first records as they are released. */
  private int position;
  /** The engine's list of decoded records (a view of it), as last read. */
  private List<Record<?>> view;

  EngineRecordFeed(ZeebeTestEngine engine) {
    this.engine = engine;
    this.log = EngineLog.of(engine);
  }

  /** Subscribers must subscribe before the first read (at construction), or they miss what was read already. */
  public void subscribe(Subscriber subscriber) {
    subscribers.add(subscriber);
  }

  /** Hands every record written since the last read to the subscribers; returns how many there were. */
  public int catchUp() {
    reading.lock();
    try {
      List<Record<?>> records = engineRecords();
      int start = position;
      int end = records.size();
      while (position < end) {
        Record<?> record = records.get(position);
        for (Subscriber subscriber : subscribers) {
          try {
            subscriber.accept(record);
          } catch (RuntimeException e) {
            // One record a subscriber cannot use must not stop it from seeing every later one.
            LOG.warn("{} skipped record {} ({} {}): {}", subscriber.getClass().getSimpleName(), record.getPosition(),
                record.getValueType(), record.getIntent(), e.toString());
          }
        }
        position++;
      }
      if (position >= RELEASE_AFTER) {
        release();
      }
      return end - start;
    } finally {
      reading.unlock();
    }
  }

  /**
   * The engine's records, decoded up to the end of its log. zeebe-process-test appends to its log's list without
   * synchronization, so decoding on this thread can meet a block the engine has counted but not yet stored (a
   * null, or an index past the array): then what was decoded before it is read now, the rest next time.
   */
  private List<Record<?>> engineRecords() {
    try {
      view = (List<Record<?>>) engine.getRecordStreamSource().getRecords();
    } catch (NullPointerException | IndexOutOfBoundsException raced) {
      if (view == null) {
        throw raced;
      }
    }
    return view;
  }

  private void release() {
    try {
      position -= log.map(engineLog -> engineLog.release(position)).orElse(0);
    } catch (RuntimeException e) {
      // The engine is stopping; whatever is not released now is released with it.
      LOG.debug("Engine records not released: {}", e.toString());
    }
  }
}
