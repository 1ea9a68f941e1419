package io.mediaflow.app.engine;

import io.camunda.zeebe.process.test.api.ZeebeTestEngine;
import io.camunda.zeebe.protocol.record.Record;
import java.util.List;
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
 */
@Component
@ConditionalOnProperty(name = "mediaflow.engine.embedded", havingValue = "true", matchIfMissing = true)
public class EngineRecordFeed {

  /** Receives every record once, in the stream's order, on whichever thread catches the feed up. */
  public interface Subscriber {
    void accept(Record<?> record);
  }

  private static final Logger LOG = LoggerFactory.getLogger(EngineRecordFeed.class);

  private final ZeebeTestEngine engine;
  private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
  private final ReentrantLock reading = new ReentrantLock();
  /** The index of the next record to read. */
  private volatile int position;

  EngineRecordFeed(ZeebeTestEngine engine) {
    this.engine = engine;
  }

  /** Subscribers must subscribe before the first read (at construction), or they miss what was read already. */
  public void subscribe(Subscriber subscriber) {
    subscribers.add(subscriber);
  }

  /** Hands every record written since the last read to the subscribers; returns how many there were. */
  public int catchUp() {
    reading.lock();
    try {
      List<Record<?>> records = (List<Record<?>>) engine.getRecordStreamSource().getRecords();
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
      return end - start;
    } finally {
      reading.unlock();
    }
  }

  /** How many records were read so far. */
  public int position() {
    return position;
  }
}
