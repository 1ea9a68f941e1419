package io.mediaflow.app.engine.clock;

import io.camunda.zeebe.stream.impl.StreamProcessor;
import java.time.Instant;

/**
 * The engine's time as its timers, job time-outs and message time to live see it: the system's, or
 * where a pin of the clock ({@code CommandGateway#pinClock}) left it. Asked of the engine's own
 * stream processor, so it is the clock the engine uses, restored from the engine's state after a
 * restart.
 */
public final class EngineClock {

  private final StreamProcessor engine;

  public EngineClock(StreamProcessor engine) {
    this.engine = engine;
  }

  /**
   * Read on the engine's own thread at each call: the processor hands out its clock's time, not the
   * clock.
   */
  public Instant now() {
    return engine.getClock().join().instant();
  }
}
