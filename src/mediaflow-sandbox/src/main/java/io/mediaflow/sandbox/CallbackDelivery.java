package io.mediaflow.sandbox;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Sends the sandbox's callbacks (transcoding task events, live stream status changes) to the
 * caller's {@code callback_url}, as the service does: asynchronously, unsigned, and a failed
 * delivery is only reported back to the caller (the transcoding job gets a warning), never retried.
 *
 * <p>Real networks lose, repeat, delay and reorder deliveries; {@link Faults} makes the sandbox do
 * the same on purpose, so tests can show that nothing is lost either way. Set them at {@code
 * /sandbox/callbacks/faults}.
 */
@Component
public class CallbackDelivery implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(CallbackDelivery.class);

  /** What happens to the callbacks sent from now on. */
  public enum Mode {
    NORMAL,
    DROP,
    REPEAT,
    DELAY,
    REORDER
  }

  /**
   * @param copies how often each callback is sent in {@code REPEAT} mode
   * @param delay how long callbacks are held in {@code DELAY} mode, and the window whose callbacks
   *     are sent newest first in {@code REORDER} mode
   */
  public record Faults(Mode mode, int copies, Duration delay) {
    public static final Faults NONE = new Faults(Mode.NORMAL, 1, Duration.ZERO);
  }

  private record Callback(
      String url, String contentType, String body, CompletableFuture<Boolean> result) {}

  // HTTP/1.1 outright: the default HTTP/2 attempt adds an upgrade round on every new connection.
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final ScheduledExecutorService scheduler =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("sandbox-callbacks").daemon().factory());
  private final List<Callback> held = new ArrayList<>();
  private final AtomicLong delivered = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private volatile Faults faults = Faults.NONE;

  /** Posts {@code body}; completes with true when the endpoint answered 2xx. */
  public CompletableFuture<Boolean> post(String url, String contentType, String body) {
    var callback = new Callback(url, contentType, body, new CompletableFuture<>());
    Faults now = faults;
    switch (now.mode()) {
      case NORMAL -> send(callback);
      case DROP -> {
        dropped.incrementAndGet();
        callback.result().complete(false);
      }
      case REPEAT -> {
        send(callback);
        for (int copy = 1; copy < now.copies(); copy++) {
          send(new Callback(url, contentType, body, new CompletableFuture<>()));
        }
      }
      case DELAY ->
          scheduler.schedule(() -> send(callback), now.delay().toMillis(), TimeUnit.MILLISECONDS);
      case REORDER -> hold(callback, now.delay());
    }
    return callback.result();
  }

  public void setFaults(Faults faults) {
    this.faults = faults;
  }

  public Map<String, Object> state() {
    return Map.of(
        "faults",
        faults,
        "delivered",
        delivered.get(),
        "refused",
        refused.get(),
        "dropped",
        dropped.get());
  }

  /** Collects callbacks for one window, then sends them newest first. */
  private void hold(Callback callback, Duration window) {
    synchronized (held) {
      held.add(callback);
      if (held.size() == 1) {
        scheduler.schedule(this::sendHeldNewestFirst, window.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  private void sendHeldNewestFirst() {
    List<Callback> batch;
    synchronized (held) {
      batch = new ArrayList<>(held.reversed());
      held.clear();
    }
    batch.forEach(this::send);
  }

  private void send(Callback callback) {
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(URI.create(callback.url()))
              .timeout(Duration.ofSeconds(10))
              .header("Content-Type", callback.contentType())
              .POST(HttpRequest.BodyPublishers.ofString(callback.body()))
              .build();
    } catch (IllegalArgumentException e) {
      refused.incrementAndGet();
      callback.result().complete(false);
      return;
    }
    http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
        .thenApply(response -> response.statusCode() / 100 == 2)
        .exceptionally(
            failure -> {
              LOG.debug("Callback to {} failed: {}", request.uri().getHost(), failure.toString());
              return false;
            })
        .thenAccept(
            ok -> {
              (ok ? delivered : refused).incrementAndGet();
              callback.result().complete(ok);
            });
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }
}
