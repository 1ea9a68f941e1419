package io.mediaflow.api;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;

/**
 * The OkHttp client the three API clients share, connection pool and threads included; each derives
 * its own timeouts from it with {@code newBuilder()}. A type of Mediaflow's own, so that it neither
 * takes the place of an {@code OkHttpClient} the application has nor collides with one; an
 * application that needs a proxy or its own trust store declares a bean of this type.
 *
 * @param okHttp without retries on connection failure: the clients decide what is safe to send
 *     again
 */
public record MediaflowHttpClient(OkHttpClient okHttp) {

  /** How long an unused connection is kept open: OkHttp's default. */
  private static final Duration KEEP_ALIVE = Duration.ofMinutes(5);

  /**
   * @param executionThreads the job workers' execution threads, each of which may hold a connection
   *     to each of the three APIs at once: as many are kept open between calls. OkHttp's default
   *     keeps five, and a replica with more threads than that opened a new connection for most of
   *     its calls, each a TCP handshake on both sides.
   */
  public static MediaflowHttpClient standard(int executionThreads) {
    int idle = Math.max(5, 3 * executionThreads);
    return new MediaflowHttpClient(
        new OkHttpClient.Builder()
            .retryOnConnectionFailure(false)
            .connectionPool(new ConnectionPool(idle, KEEP_ALIVE.toMillis(), TimeUnit.MILLISECONDS))
            .build());
  }
}
