package io.mediaflow.app.engine.gateway;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The gateway's commands awaiting the engine's answer, by request id. A command is written to the
 * log with its request's id; after a crash the engine processes the commands the run before wrote
 * but had not processed yet, and answers their ids. Were ids numbered from 1 in every run, such an
 * answer would reach this run's request of the same number: a client would get another client's
 * answer. So a run's ids start at its start time in milliseconds times a million (above every id of
 * an earlier run unless it made a million requests in one of its milliseconds; the product fits a
 * long until the year 2262), and an answer to an id this run did not give out finds nobody.
 */
final class OpenRequests {

  private final Map<Long, Caller> open = new ConcurrentHashMap<>();
  private final AtomicLong ids;

  OpenRequests(LongSupplier epochMillis) {
    ids = new AtomicLong(epochMillis.getAsLong() * 1_000_000);
  }

  /** A new request id, under which {@code caller} is told the engine's answer. */
  long open(Caller caller) {
    long id = ids.incrementAndGet();
    open.put(id, caller);
    return id;
  }

  /**
   * Who waits for the answer to {@code requestId}, no longer waiting then; null if nobody of this
   * run does.
   */
  Caller close(long requestId) {
    return open.remove(requestId);
  }

  int size() {
    return open.size();
  }
}
