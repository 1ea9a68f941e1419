package io.mediaflow.app.engine.clock;

import io.camunda.zeebe.stream.api.StreamClock;
import java.time.Instant;
import java.time.InstantSource;

/**
 * The engine's time as its timers, job time-outs, message time to live and the records' dates see
 * it: the system's, or where a pin of the clock ({@code CommandGateway#pinClock}) left it. The
 * clock the engine's stream processor follows, restored from the engine's state after a restart;
 * read from any thread, as its modification is the only state it has and is published safely.
 */
public final class EngineClock implements InstantSource {

  private final StreamClock engine;

  public EngineClock(StreamClock engine) {
    this.engine = engine;
  }

  @Override
  public Instant instant() {
    return engine.instant();
  }
}
