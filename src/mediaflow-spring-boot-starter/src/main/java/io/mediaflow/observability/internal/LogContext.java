package io.mediaflow.observability.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.MDC;

/**
 * Puts what a piece of work is about into the log context (SLF4J's MDC) of its thread, so that
 * every line logged meanwhile carries it, and restores the context as it was once the work ends,
 * however it ends: a worker thread runs one job after another, and a key left behind would name the
 * wrong job. Off ({@code mediaflow.observability.log-context.enabled=false}), it changes nothing.
 * Only identifiers go in, never a secret.
 */
public final class LogContext {

  /** Puts nothing. */
  public static final LogContext OFF = new LogContext(false);

  /** Ends what {@link #put} began. */
  public interface Restore extends AutoCloseable {
    @Override
    void close();
  }

  private final boolean enabled;

  public LogContext(boolean enabled) {
    this.enabled = enabled;
  }

  /** Puts {@code entries} until the answer is closed, which restores the values they replaced. */
  public Restore put(Map<String, String> entries) {
    if (!enabled) {
      return () -> {};
    }
    var replaced = new LinkedHashMap<String, String>();
    entries.forEach(
        (key, value) -> {
          replaced.put(key, MDC.get(key));
          MDC.put(key, value);
        });
    return () ->
        replaced.forEach(
            (key, value) -> {
              if (value == null) {
                MDC.remove(key);
              } else {
                MDC.put(key, value);
              }
            });
  }
}
