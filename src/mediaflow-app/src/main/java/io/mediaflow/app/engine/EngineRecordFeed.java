package io.mediaflow.app.engine;

import io.camunda.zeebe.protocol.record.Record;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Reads the engine's records once: each record is handed to every subscriber, in order, and the
 * feed remembers how far it read, so a read costs only what was written since the last one.
 * Whatever the application derives from the records (the REST API's view, the backoff recovery)
 * subscribes here instead of walking the stream itself. The records come from the engine's log
 * ({@link DurableEngine#recordsAfter}), whose segments are deleted once a snapshot and the history
 * hold what they had: a subscriber keeps what it needs.
 */
@Component
public class EngineRecordFeed {

  /** Receives every record once, in the stream's order, on whichever thread catches the feed up. */
  public interface Subscriber {
    void accept(Record<?> record);
  }

  /**
   * Where the records come from: each call hands on those written since the previous call, in
   * order.
   */
  public interface RecordSource {
    void readNew(Consumer<Record<?>> action);

    /**
     * A source opened at the feed's first read, once its subscribers have restored what they kept
     * ({@link #subscribe(Runnable, Subscriber)}): by then where it starts is known.
     */
    static RecordSource openedAtFirstRead(Supplier<RecordSource> open) {
      return new RecordSource() {
        private RecordSource opened;

        @Override
        public void readNew(Consumer<Record<?>> action) {
          if (opened == null) {
            opened = open.get();
          }
          opened.readNew(action);
        }
      };
    }
  }

  private static final Logger LOG = LoggerFactory.getLogger(EngineRecordFeed.class);

  private final RecordSource source;
  private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();

  /** What the subscribers restore before the first read, in the order they subscribed. */
  private final List<Runnable> restores = new CopyOnWriteArrayList<>();

  private final ReentrantLock reading = new ReentrantLock();
  private boolean restored;

  @Autowired
  public EngineRecordFeed(RecordSource source) {
    this.source = source;
  }

  /**
   * Subscribers must subscribe before the first read (at construction), or they miss what was read
   * already.
   */
  public void subscribe(Subscriber subscriber) {
    subscribers.add(subscriber);
  }

  /**
   * Subscribes one that first restores what it kept: {@code restore} runs once, before the first
   * record is read and the first query answered, on the thread of that read, so that what is kept
   * need not be read before the application starts.
   */
  public void subscribe(Runnable restore, Subscriber subscriber) {
    restores.add(restore);
    subscribe(subscriber);
  }

  /** Hands every record written since the last read to the subscribers. */
  public void catchUp() {
    caughtUp(() -> null);
  }

  /**
   * Catches up, then answers {@code query} before any further record is handed on: what several
   * subscribers hold, read by it, is as of the same record.
   */
  public <T> T caughtUp(Supplier<T> query) {
    reading.lock();
    try {
      if (!restored) {
        // Tried again at the next read if one fails: none has answered from a part of it.
        restores.forEach(Runnable::run);
        restored = true;
      }
      source.readNew(this::handOn);
      return query.get();
    } finally {
      reading.unlock();
    }
  }

  private void handOn(Record<?> record) {
    for (Subscriber subscriber : subscribers) {
      try {
        subscriber.accept(record);
      } catch (RuntimeException e) {
        // One record a subscriber cannot use must not stop it from seeing every later one.
        LOG.warn(
            "{} skipped record {} ({} {}): {}",
            subscriber.getClass().getSimpleName(),
            record.getPosition(),
            record.getValueType(),
            record.getIntent(),
            e.toString());
      }
    }
  }
}
